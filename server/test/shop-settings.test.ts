import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinMessages } from '@shared/gstin';
import { adminToken, ADMIN_PASSWORD, asAdmin, png } from './helpers/admin';
import { paidOrderFrom } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { expectLines, pdfText } from './helpers/pdf';
import { factories, startTestShop, type TestShop } from './helpers/test-app';
import { reconcile } from '../src/modules/orders/orders.service';
import { returnWindowDays, sellerDetails } from '../src/modules/settings/settings.service';

/** A web build whose server entry draws a page as the answer's HTML (a stand-in for React's drawing). */
function webBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.mkdirSync(path.join(dir, '.ssr'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Robokits India</title><meta name="description" content="Shop">' +
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>' +
      '<body><div id="root"><header>shell</header></div><noscript>This shop needs JavaScript to run.</noscript></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, '.ssr', 'entry-server.js'),
    `export function configure() {}\nexport async function renderPage(url, data) { return '<main>' + (data.html ?? '') + '</main>'; }\n`,
  );
  return dir;
}

const SETTINGS = {
  legalName: 'Tinker Labs LLP',
  address: '7 Residency Road, Bengaluru 560025',
  state: 'Karnataka',
  gstin: '29AAGCB7383J1Z4',
  invoicePrefix: 'TL',
  contactPhone: '+91 80 4000 1234',
  contactEmail: 'hello@tinker.example',
  returnWindowDays: 10,
};

describe.each(DB_KINDS)('shop settings, tax documents and policy pages on %s', (kind) => {
  let shop: TestShop;
  let kit: { id: number };
  let admin: ReturnType<typeof asAdmin>;
  const web = webBuild();
  beforeAll(async () => {
    // No GSTIN in the environment: the shop is not registered under GST.
    shop = await startTestShop(kind, { ADMIN_PASSWORD, SIMULATED_WEBHOOK_DELAY_MS: '60000', SHOP_LEGAL_NAME: 'Robokits Sole Proprietor', WEB_DIST_DIR: web });
    const c = await factories(shop).category('Kits');
    kit = await factories(shop).product({ title: 'Settings Rover', categoryId: c.id, pricePaise: 1_180_00 });
    admin = asAdmin(shop, await adminToken(shop));
  });
  afterAll(async () => {
    await shop.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('without a GSTIN issues a plain invoice: no GST charged or shown, not titled "Tax Invoice", the price as the amount', async () => {
    const { api, order } = await paidOrderFrom(shop, 'Maharashtra', [[kit.id, 1]]);
    const text = pdfText((await api.get(`/api/orders/${order.orderId}/invoice.pdf`)).rawPayload);
    expect(text).toContain('Invoice');
    expect(text).not.toContain('Tax Invoice');
    for (const tax of ['GSTIN', 'CGST', 'SGST', 'IGST', 'Taxable value', 'GST rate']) expect(text).not.toContain(tax);
    expectLines(text, [
      'Robokits Sole Proprietor',
      'Invoice total: Rs. 1,180.00',
      'Amount in words: Rupees One Thousand One Hundred Eighty Only',
      'not registered under GST',
    ]);
    const row = await shop.db.selectFrom('invoices').select(['tax_invoice', 'supplier_gstin']).executeTakeFirstOrThrow();
    expect(Number(row.tax_invoice)).toBe(0);
    expect(row.supplier_gstin).toBeNull();

    // A refund of it gets a credit note without GST either.
    expect(
      (await admin.post(`/api/admin/orders/${order.orderId}/refunds`, { amount: 100.5, reason: 'Dented box', idempotencyKey: `plain-${kind}` })).statusCode,
    ).toBe(201);
    await reconcile(shop.app.orderDeps, 30);
    const notes = (await admin.get(`/api/admin/orders/${order.orderId}/money`)).json().creditNotes as { id: number }[];
    const note = pdfText((await api.get(`/api/orders/${order.orderId}/credit-notes/${notes[0]!.id}.pdf`)).rawPayload);
    expect(note).toContain('Credit Note');
    for (const tax of ['GSTIN', 'CGST', 'SGST', 'IGST', 'Taxable value']) expect(note).not.toContain(tax);
    expect(note).toContain('Credit note total: Rs. 100.50');
    expect(note).toContain('Amount in words: Rupees One Hundred and Fifty Paise Only');
  });

  it('shows the environment as the defaults, and refuses a bad GSTIN with a clear message', async () => {
    const got = (await admin.get('/api/admin/settings')).json();
    expect(got).toMatchObject({
      legalName: 'Robokits Sole Proprietor',
      state: 'Maharashtra',
      gstin: '',
      invoicePrefix: 'RK',
      returnWindowDays: 7,
      saved: false,
      logo: null,
    });
    const wrongCheck = await admin.put('/api/admin/settings', { ...SETTINGS, gstin: '29AAGCB7383J1Z5' });
    expect(wrongCheck.statusCode).toBe(400);
    expect(wrongCheck.json().fields.gstin).toBe(gstinMessages.checksum('4'));
    const short = await admin.put('/api/admin/settings', { ...SETTINGS, gstin: '29AAGCB7383' });
    expect(short.json().fields.gstin).toBe(gstinMessages.length(11));
    // A GSTIN of Karnataka for a shop in Maharashtra.
    const otherState = await admin.put('/api/admin/settings', { ...SETTINGS, state: 'Maharashtra' });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json().fields.gstin).toMatch(/registered in Karnataka/);
    const bad = await admin.put('/api/admin/settings', {
      ...SETTINGS,
      state: 'Atlantis',
      invoicePrefix: 'TOOLONG',
      contactEmail: 'nope',
      returnWindowDays: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['contactEmail', 'invoicePrefix', 'returnWindowDays', 'state']);
    expect((await admin.put('/api/admin/settings', 'not json')).statusCode).toBe(400);
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
  });

  it('applies saved settings to new documents only: an issued invoice keeps its seller', async () => {
    const before = await paidOrderFrom(shop, 'Karnataka', [[kit.id, 1]]);
    const saved = await admin.put('/api/admin/settings', { ...SETTINGS, gstin: ' 29aagcb7383j1z4 ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...SETTINGS, saved: true });
    expect(await returnWindowDays(shop.db, shop.config)).toBe(10);
    expect(await sellerDetails(shop.db, shop.config)).toMatchObject({
      legalName: 'Tinker Labs LLP',
      state: 'Karnataka',
      stateCode: '29',
      gstin: '29AAGCB7383J1Z4',
    });

    const logo = await admin.form('POST', '/api/admin/settings/logo', [
      { name: 'logo', value: await png('#0055aa', 120), filename: 'logo.png', type: 'image/png' },
    ]);
    expect(logo.statusCode).toBe(200);
    expect(logo.json().logo).toMatch(/^\/uploads\/branding\/.+\.png$/);
    expect((await shop.app.inject(logo.json().logo)).statusCode).toBe(200);
    expect(
      (await admin.form('POST', '/api/admin/settings/logo', [{ name: 'logo', value: 'not an image', filename: 'x.png', type: 'image/png' }])).statusCode,
    ).toBe(400);

    // Issued before: still the plain invoice of the old seller.
    const old = pdfText((await before.api.get(`/api/orders/${before.order.orderId}/invoice.pdf`)).rawPayload);
    expect(old).toContain('Robokits Sole Proprietor');
    expect(old).not.toContain('Tinker Labs');
    expect(old).not.toContain('Tax Invoice');
    expect(old).toMatch(/Invoice number: RK\//);

    // Issued after: a tax invoice of the new seller, numbered with the new prefix, its logo drawn.
    const after = await paidOrderFrom(shop, 'Karnataka', [[kit.id, 2]]);
    const res = await after.api.get(`/api/orders/${after.order.orderId}/invoice.pdf`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Tinker Labs LLP');
    expect(text).toContain('GSTIN: 29AAGCB7383J1Z4');
    expect(text).toMatch(/Invoice number: TL\/\d\d-\d\d\/000001/);
    expectLines(text, [
      'Place of supply: Karnataka (29)',
      // ₹2,360 within Karnataka: ₹2,000 taxable, ₹180 CGST and ₹180 SGST.
      'HSN/SAC',
      'Taxable value: Rs. 2,000.00',
      'CGST: Rs. 180.00',
      'SGST: Rs. 180.00',
      'Invoice total: Rs. 2,360.00',
      'Amount in words: Rupees Two Thousand Three Hundred Sixty Only',
    ]);
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const rows = await shop.db.selectFrom('invoices').select(['number', 'tax_invoice', 'supplier_gstin', 'supplier_state']).orderBy('id').execute();
    expect(rows.at(-1)).toMatchObject({ supplier_gstin: '29AAGCB7383J1Z4', supplier_state: 'Karnataka' });
    expect(Number(rows.at(-1)!.tax_invoice)).toBe(1);
  });

  it('draws the policy pages from the settings, with the sanitised Markdown the owner writes, in the sitemap', async () => {
    for (const slug of ['terms', 'privacy', 'refunds', 'shipping', 'contact']) {
      // Asked twice: the public cache keeps an answer from its second request on (decision 029).
      await shop.app.inject(`/policies/${slug}`);
      const page = await shop.app.inject(`/policies/${slug}`);
      expect(page.statusCode, slug).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('Tinker Labs LLP');
      expect(page.body).toMatch(/<title>[^<]+ \| Robokits India<\/title>/);
      expect(page.body).toMatch(/<meta name="description" content="[^"]+">/);
    }
    expect((await shop.app.inject('/policies/refunds')).body).toContain('<strong>10 days</strong>');
    expect((await shop.app.inject('/policies/contact')).body).toContain('href="mailto:hello@tinker.example"');
    expect((await shop.app.inject('/policies/nonsense')).statusCode).toBe(404);
    expect((await shop.app.inject('/api/policies/nonsense')).statusCode).toBe(400);

    // The page is now answered from the public cache.
    const hits = shop.app.publicCache.hits;
    await shop.app.inject('/policies/terms');
    expect(shop.app.publicCache.hits).toBe(hits + 1);

    const markdown = '## Our terms\n\nBe **kind**. <script>alert("x")</script>\n\n[Click](javascript:alert(1)) and [mail](mailto:a@b.in)';
    const put = await admin.put('/api/admin/policies/terms', { markdown });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ slug: 'terms', custom: true, markdown });
    // The cached page was renewed by the edit.
    const page = (await shop.app.inject('/policies/terms')).body;
    expect(page).toContain('<h3>Our terms</h3>');
    expect(page).toContain('Be <strong>kind</strong>.');
    expect(page).not.toMatch(/<script>alert/);
    expect(page).toContain('&lt;script&gt;alert');
    expect(page).not.toContain('javascript:');
    expect(page).toContain('<a href="mailto:a@b.in">mail</a>');
    const api = (await shop.app.inject('/api/policies/terms')).json();
    expect(api.html).not.toContain('<script');

    // Empty: the default text again.
    expect((await admin.put('/api/admin/policies/terms', { markdown: '' })).json()).toMatchObject({ custom: false });
    expect((await shop.app.inject('/policies/terms')).body).not.toContain('Our terms');
    expect((await admin.put('/api/admin/policies/terms', { markdown: 'x'.repeat(50_001) })).statusCode).toBe(400);
    expect((await admin.put('/api/admin/policies/nowhere', { markdown: 'x' })).statusCode).toBe(400);

    const sitemap = (await shop.app.inject('/sitemap.xml')).body;
    for (const slug of ['terms', 'privacy', 'refunds', 'shipping', 'contact']) expect(sitemap).toContain(`<loc>http://shop.test/policies/${slug}</loc>`);
  });
});
