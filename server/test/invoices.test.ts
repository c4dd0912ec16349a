import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken, ADMIN_PASSWORD, asAdmin } from './helpers/admin';
import { as, GST_SHOP, makeCoupon, paidOrderFrom, payInSimulation, shopperWithCart } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { mailText, ORIGIN, verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';
import { expectLines, pdfText } from './helpers/pdf';

describe.each(DB_KINDS)('GST tax invoices on %s', (kind) => {
  let shop: TestShop;
  let kit: { id: number };
  let base: string;
  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD, SIMULATED_WEBHOOK_DELAY_MS: '60000', ...GST_SHOP, SHOP_ADDRESS: '4 Science Park, Pune 411007' });
    const c = await factories(shop).category('Kits');
    kit = await factories(shop).product({ title: 'Invoice Rover', categoryId: c.id, pricePaise: 1_180_00 });
    await makeCoupon(shop, { code: `GST${kind}`, discount_paise: 118_00 });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => shop.close());

  const paidOrder = (state: string, coupon = true) => paidOrderFrom(shop, state, [[kit.id, 1]], coupon ? `GST${kind}` : undefined);

  it('invoices a sale within the shop state with CGST and SGST, the discount shown, totals to the paisa', async () => {
    const { api, order } = await paidOrder('Maharashtra');
    const res = await api.get(`/api/orders/${order.orderId}/invoice.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toMatch(/Invoice number: RK\/\d\d-\d\d\/\d{6}/);
    expectLines(
      text,
      [
        'Robokits India Private Limited',
        'GSTIN: 27ABCDE1234F1Z0',
        'Place of supply: Maharashtra (27)',
        `Discount (coupon GST${kind}): Rs. 118.00`,
        // ₹1,180 less ₹118 = ₹1,062, tax-inclusive at 18 %: ₹900 taxable, ₹162 tax split in halves.
        'Taxable value: Rs. 900.00',
        'CGST: Rs. 81.00',
        'SGST: Rs. 81.00',
        'Invoice total: Rs. 1,062.00',
        'Amount in words: Rupees One Thousand Sixty Two Only',
        'This is a computer-generated document',
      ],
      ['IGST:'],
    );
  });

  it('invoices a sale to another state with IGST', async () => {
    const { api, order } = await paidOrder('Karnataka', false);
    const text = pdfText((await api.get(`/api/orders/${order.orderId}/invoice.pdf`)).rawPayload);
    expectLines(text, ['Place of supply: Karnataka (29)', 'Taxable value: Rs. 1,000.00', 'IGST: Rs. 180.00', 'Invoice total: Rs. 1,180.00'], ['CGST:']);
  });

  it("addresses the invoice and the receipt mail to the shopper's full name, not the username", async () => {
    const s = await shopperWithCart(shop, [[kit.id, 1]], { state: 'Maharashtra', name: 'Anjali Deshpande' });
    const order = (await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }] })).json() as { id: string; orderId: string };
    expect((await s.api.post('/api/processOrder', await payInSimulation(shop, s.cookie, order.id))).json().success).toBe(true);
    const text = pdfText((await s.api.get(`/api/orders/${order.orderId}/invoice.pdf`)).rawPayload);
    expect(text).toContain('Anjali Deshpande');
    expect(text).not.toContain(s.username);
    const receipt = await mailText(shop, s.email, 'receipt');
    expect(receipt).toContain('Hello Anjali Deshpande,');
  });

  it('shows the invoice to its owner and the admin only, and attaches it to the receipt', async () => {
    const { s, order } = await paidOrder('Maharashtra');
    const stranger = await verifiedShopper(shop);
    expect((await as(shop, stranger.cookie).get(`/api/orders/${order.orderId}/invoice.pdf`)).statusCode).toBe(404);
    expect((await shop.app.inject(`/api/orders/${order.orderId}/invoice.pdf`)).statusCode).toBe(401);
    const admin = asAdmin(shop, await adminToken(shop));
    const viaAdmin = await admin.get(`/api/admin/orders/${order.orderId}/invoice.pdf`);
    expect(viaAdmin.statusCode).toBe(200);
    expect(viaAdmin.headers['content-type']).toBe('application/pdf');
    const receipt = await mailText(shop, s.email, 'receipt');
    expect(receipt).toMatch(/Attachments: invoice-RK-\d\d-\d\d-\d{6}\.pdf/);
  });

  it('numbers invoices without gaps or repeats when many payments complete at once', async () => {
    const shoppers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const s = await verifiedShopper(shop);
        await as(shop, s.cookie).post('/api/cart', { productId: kit.id, quantity: 1 });
        const order = (await as(shop, s.cookie).post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }] })).json();
        return { s, paid: await payInSimulation(shop, s.cookie, order.id) };
      }),
    );
    await Promise.all(
      shoppers.map(({ s, paid }) =>
        fetch(`${base}/api/processOrder`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: s.cookie, origin: ORIGIN },
          body: JSON.stringify(paid),
        }),
      ),
    );
    const numbers = (await shop.db.selectFrom('invoices').select('number').execute()).map((r) => r.number);
    const seqs = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every((n) => n.length <= 16)).toBe(true);
  }, 60_000);

  it('draws a logo with transparency laid on white, read from storage once for every invoice after (decision 115)', async () => {
    const admin = asAdmin(shop, await adminToken(shop));
    // Transparent at the left, opaque at the right: pdfkit would split its alpha off in every document.
    const logo = await sharp({ create: { width: 120, height: 60, channels: 4, background: { r: 0, g: 85, b: 170, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const uploaded = await admin.form('POST', '/api/admin/settings/logo', [{ name: 'logo', value: logo, filename: 'logo.png', type: 'image/png' }]);
    expect(uploaded.statusCode).toBe(200);
    const reads = vi.spyOn(shop.storage, 'get');
    const pdfs = [];
    for (const state of ['Maharashtra', 'Karnataka']) {
      const { api, order } = await paidOrder(state, false);
      pdfs.push((await api.get(`/api/orders/${order.orderId}/invoice.pdf`)).rawPayload.toString('latin1'));
    }
    for (const pdf of pdfs) {
      expect(pdf).toContain('/Subtype /Image');
      // Opaque RGB, no soft mask: the logo's alpha was laid on the white page once.
      expect(pdf).not.toContain('/SMask');
      expect(pdf).toContain('/ColorSpace /DeviceRGB');
    }
    expect(reads.mock.calls.length).toBeLessThanOrEqual(1);
    reads.mockRestore();
  });
});
