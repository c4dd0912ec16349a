import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../src/modules/orders/orders.service';
import { adminToken, ADMIN_PASSWORD, asAdmin } from './helpers/admin';
import { GST_SHOP, makeCoupon, paidOrderFrom } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

/** Reads a CSV the shop wrote (every cell quoted) into rows of cells. */
function readCsv(text: string): string[][] {
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));
}
const records = (text: string) => {
  const [header, ...rows] = readCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
};
/** rupees text → paise, exactly */
const paise = (text: string | number) => Math.round(Number(text) * 100);
const sumOf = (rows: Record<string, string>[], column: string) => rows.reduce((s, r) => s + paise(r[column]!), 0);

interface Figures {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}
const fig = (taxable: number, cgst: number, sgst: number, igst: number): Figures => ({ taxable, cgst, sgst, igst, total: taxable + cgst + sgst + igst });
const minus = (a: Figures): Figures => ({ taxable: 0 - a.taxable, cgst: 0 - a.cgst, sgst: 0 - a.sgst, igst: 0 - a.igst, total: 0 - a.total });
const plus = (...all: Figures[]): Figures =>
  all.reduce(
    (s, f) => ({ taxable: s.taxable + f.taxable, cgst: s.cgst + f.cgst, sgst: s.sgst + f.sgst, igst: s.igst + f.igst, total: s.total + f.total }),
    fig(0, 0, 0, 0),
  );

/**
 * GST returns (issue 27, item 3): a month with invoices inside and outside the shop's state (one
 * B2CL), a part refund and a cancelled order (credit notes), shipping charged, and documents just
 * either side of the month's edges in India time. The register, the HSN summary and GSTR-1 add up
 * to the documents to the paisa.
 */
describe.each(DB_KINDS)('GST returns on %s', (kind) => {
  let shop: TestShop;
  let admin: ReturnType<typeof asAdmin>;
  const numbers: Record<string, { invoice: string; notes: string[] }> = {};

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD, SIMULATED_WEBHOOK_DELAY_MS: '60000', ...GST_SHOP });
    admin = asAdmin(shop, await adminToken(shop));
    const c = await factories(shop).category('Kits');
    const kit = await factories(shop).product({ title: 'Return Rover', categoryId: c.id, pricePaise: 1_180_00 });
    const cable = await factories(shop).product({ title: 'Servo Cable', categoryId: c.id, pricePaise: 112_00 });
    const lab = await factories(shop).product({ title: 'Lab Rover', categoryId: c.id, pricePaise: 1_18_000_00 });
    await shop.db.updateTable('products').set({ hsn_code: '8544', gst_rate_bp: 1200 }).where('id', '=', cable.id).execute();
    await makeCoupon(shop, { code: `RET${kind}`, discount_paise: 118_00 });
    // ₹59 shipping (₹50 + 18 %) below ₹5,000 of goods.
    expect((await admin.put('/api/admin/shipping', { flatRate: 59, freeAbove: 5000 })).statusCode).toBe(200);

    // In the order they were paid, so invoice numbers run with the dates given them below.
    const orders: [string, string, [number, number][], string?][] = [
      ['G', 'Maharashtra', [[kit.id, 1]]],
      [
        'B',
        'Karnataka',
        [
          [kit.id, 1],
          [cable.id, 1],
        ],
      ],
      ['C', 'Karnataka', [[lab.id, 1]]],
      ['D', 'Maharashtra', [[kit.id, 1]]],
      ['A', 'Maharashtra', [[kit.id, 1]], `RET${kind}`],
      ['F', 'Maharashtra', [[kit.id, 1]]],
    ];
    const ids: Record<string, string> = {};
    for (const [name, state, items, coupon] of orders) ids[name] = (await paidOrderFrom(shop, state, items, coupon)).order.orderId;
    // C: a part refund of ₹1,180; D: cancelled (refunded whole).
    expect((await admin.post(`/api/admin/orders/${ids.C}/refunds`, { amount: 1180, reason: 'Dented', idempotencyKey: `gst-c-${kind}` })).statusCode).toBe(201);
    await reconcile(shop.app.orderDeps, 30);
    expect((await admin.patch(`/api/UserOrders/${ids.D}`, { status: 'canceled' })).statusCode).toBe(200);
    await reconcile(shop.app.orderDeps, 30);
    await reconcile(shop.app.orderDeps, 30);

    const invoiceAt: Record<string, string> = {
      G: '2026-09-30T18:29:59.000Z', // 23:59:59 IST on 30 September: September
      B: '2026-09-30T18:30:00.000Z', // 00:00 IST on 1 October
      C: '2026-10-10T06:00:00.000Z',
      D: '2026-10-12T06:00:00.000Z',
      A: '2026-10-31T18:00:00.000Z', // 23:30 IST on 31 October: October
      F: '2026-10-31T18:30:00.000Z', // 00:00 IST on 1 November: November
    };
    const noteAt: Record<string, string> = { C: '2026-10-20T06:00:00.000Z', D: '2026-10-15T06:00:00.000Z' };
    for (const [name, orderCode] of Object.entries(ids)) {
      const order = await shop.db.selectFrom('orders').select('id').where('order_code', '=', orderCode).executeTakeFirstOrThrow();
      await shop.db.updateTable('invoices').set({ issued_at: invoiceAt[name]! }).where('order_id', '=', order.id).execute();
      if (noteAt[name]) await shop.db.updateTable('credit_notes').set({ issued_at: noteAt[name] }).where('order_id', '=', order.id).execute();
      const invoice = await shop.db.selectFrom('invoices').select('number').where('order_id', '=', order.id).executeTakeFirstOrThrow();
      const notes = await shop.db.selectFrom('credit_notes').select('number').where('order_id', '=', order.id).orderBy('id').execute();
      numbers[name] = { invoice: invoice.number, notes: notes.map((n) => n.number) };
    }
  }, 120_000);
  afterAll(() => shop.close());

  // The documents of October, worked out by hand (18 % and 12 %, tax-inclusive prices).
  const A = fig(950_00, 85_50, 85_50, 0); // ₹1,180 − ₹118 coupon = ₹1,062 → 900 + 81 + 81; shipping ₹59 → 50 + 4.50 + 4.50
  const B = fig(1_150_00, 0, 0, 201_00); // kit 1,000 + 180; cable 100 + 12 (12 %); shipping 50 + 9 at the kit's 18 %
  const C = fig(1_00_000_00, 0, 0, 18_000_00); // ₹1,18,000 to Karnataka, no shipping: B2CL
  const D = fig(1_050_00, 94_50, 94_50, 0); // kit + shipping
  const creditC = fig(1_000_00, 0, 0, 180_00); // ₹1,180 of C refunded
  const creditD = D; // cancelled: all of it
  const october = plus(A, B, C, D, minus(creditC), minus(creditD));

  it("lists the month's invoices and credit notes in the register, credit notes negative, dates in India", async () => {
    const res = await admin.get('/api/admin/gst/register.csv?from=2026-10-01&to=2026-10-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="gst-register-2026-10-01-2026-10-31.csv"');
    const rows = records(res.body);
    expect(rows.map((r) => `${r.Type} ${r.Number} ${r.Date}`)).toEqual([
      `Invoice ${numbers.B!.invoice} 2026-10-01`,
      `Invoice ${numbers.C!.invoice} 2026-10-10`,
      `Invoice ${numbers.D!.invoice} 2026-10-12`,
      `Credit note ${numbers.D!.notes[0]} 2026-10-15`,
      `Credit note ${numbers.C!.notes[0]} 2026-10-20`,
      `Invoice ${numbers.A!.invoice} 2026-10-31`,
    ]);
    const byNumber = (n: string) => rows.find((r) => r.Number === n)!;
    const figures = (r: Record<string, string>): Figures => ({
      taxable: paise(r['Taxable value']!),
      cgst: paise(r.CGST!),
      sgst: paise(r.SGST!),
      igst: paise(r.IGST!),
      total: paise(r.Total!),
    });
    // Each row is its document (one way)…
    expect(figures(byNumber(numbers.A!.invoice))).toEqual(A);
    expect(figures(byNumber(numbers.B!.invoice))).toEqual(B);
    expect(figures(byNumber(numbers.C!.invoice))).toEqual(C);
    expect(figures(byNumber(numbers.D!.invoice))).toEqual(D);
    expect(figures(byNumber(numbers.C!.notes[0]!))).toEqual(minus(creditC));
    expect(figures(byNumber(numbers.D!.notes[0]!))).toEqual(minus(creditD));
    // …and the columns add up to the month (the other way).
    expect({
      taxable: sumOf(rows, 'Taxable value'),
      cgst: sumOf(rows, 'CGST'),
      sgst: sumOf(rows, 'SGST'),
      igst: sumOf(rows, 'IGST'),
      total: sumOf(rows, 'Total'),
    }).toEqual(october);
    expect(byNumber(numbers.A!.invoice)).toMatchObject({
      'Place of supply code': '27',
      'Place of supply': 'Maharashtra',
      Supply: 'Intra-state',
      'GSTR-1 table': 'B2CS',
      'Rates (%)': '18',
    });
    expect(byNumber(numbers.B!.invoice)).toMatchObject({
      'Place of supply code': '29',
      'Place of supply': 'Karnataka',
      Supply: 'Inter-state',
      'GSTR-1 table': 'B2CS',
      'Rates (%)': '12; 18',
    });
    expect(byNumber(numbers.C!.invoice)['GSTR-1 table']).toBe('B2CL');
    expect(byNumber(numbers.C!.notes[0]!)).toMatchObject({ 'GSTR-1 table': 'CDNUR', 'Against invoice': numbers.C!.invoice });
    expect(byNumber(numbers.D!.notes[0]!)).toMatchObject({ 'GSTR-1 table': 'B2CS', 'Against invoice': numbers.D!.invoice });
    // A document of 00:00 IST on 1 November belongs to November.
    const november = records((await admin.get('/api/admin/gst/register.csv?from=2026-11-01&to=2026-11-30')).body);
    expect(november.map((r) => r.Number)).toEqual([numbers.F!.invoice]);
    const september = records((await admin.get('/api/admin/gst/register.csv?from=2026-09-01&to=2026-09-30')).body);
    expect(september.map((r) => r.Number)).toEqual([numbers.G!.invoice]);
  });

  it('sums the HSN summary per code and rate to the month, net of credit notes, shipping under its principal supply', async () => {
    const res = await admin.get('/api/admin/gst/hsn.csv?from=2026-10-01&to=2026-10-31');
    expect(res.statusCode).toBe(200);
    const rows = records(res.body);
    expect(rows.map((r) => [r.HSN, r.UQC, r.Quantity, r['Rate (%)'], r['Taxable value']])).toEqual([
      ['8544', 'NOS', '1', '12', '100.00'],
      // kits: A, B, C's Lab Rover, D, less D's (cancelled) unit; C's part refund returns no unit
      ['9023', 'NOS', '3', '18', '101000.00'],
    ]);
    expect({
      taxable: sumOf(rows, 'Taxable value'),
      cgst: sumOf(rows, 'CGST'),
      sgst: sumOf(rows, 'SGST'),
      igst: sumOf(rows, 'IGST'),
      total: sumOf(rows, 'Total value'),
    }).toEqual(october);
  });

  it('makes GSTR-1 for the month: B2CS by place and rate, B2CL, CDNUR, HSN and documents issued, adding up to the documents', async () => {
    const res = await admin.get('/api/admin/gst/gstr1.json?period=102026');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="GSTR1-27ABCDE1234F1Z0-102026.json"');
    const g = res.json();
    expect(g).toMatchObject({ gstin: '27ABCDE1234F1Z0', fp: '102026' });
    expect(g.b2cs).toEqual([
      // D's credit note nets D out of B2CS
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 950, camt: 85.5, samt: 85.5, csamt: 0 },
      { sply_ty: 'INTER', pos: '29', typ: 'OE', rt: 12, txval: 100, iamt: 12, csamt: 0 },
      { sply_ty: 'INTER', pos: '29', typ: 'OE', rt: 18, txval: 1050, iamt: 189, csamt: 0 },
    ]);
    expect(g.b2cl).toEqual([
      {
        pos: '29',
        inv: [{ inum: numbers.C!.invoice, idt: '10-10-2026', val: 118000, itms: [{ num: 1, itm_det: { rt: 18, txval: 100000, iamt: 18000, csamt: 0 } }] }],
      },
    ]);
    expect(g.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: numbers.C!.notes[0],
        nt_dt: '20-10-2026',
        val: 1180,
        pos: '29',
        itms: [{ num: 1, itm_det: { rt: 18, txval: 1000, iamt: 180, csamt: 0 } }],
      },
    ]);
    expect(g.hsn.hsn_b2c).toEqual([
      { num: 1, hsn_sc: '8544', desc: 'Insulated wire and cable', uqc: 'NOS', qty: 1, rt: 12, txval: 100, iamt: 12, camt: 0, samt: 0, csamt: 0 },
      { num: 2, hsn_sc: '9023', desc: 'Models for demonstration', uqc: 'NOS', qty: 3, rt: 18, txval: 101000, iamt: 18009, camt: 85.5, samt: 85.5, csamt: 0 },
    ]);
    expect(g.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: numbers.B!.invoice, to: numbers.A!.invoice, totnum: 4, cancel: 0, net_issue: 4 }],
      },
      { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: numbers.C!.notes[0], to: numbers.D!.notes[0], totnum: 2, cancel: 0, net_issue: 2 }] },
    ]);

    // Summed the other way: B2CS + B2CL − CDNUR is the month's net figure, and so is the HSN summary.
    type Item = { txval: number; iamt?: number; camt?: number; samt?: number };
    const f = (rows: Item[]): Figures => {
      const t = rows.reduce(
        (s, r) => ({
          taxable: s.taxable + paise(r.txval),
          cgst: s.cgst + paise(r.camt ?? 0),
          sgst: s.sgst + paise(r.samt ?? 0),
          igst: s.igst + paise(r.iamt ?? 0),
        }),
        { taxable: 0, cgst: 0, sgst: 0, igst: 0 },
      );
      return { ...t, total: t.taxable + t.cgst + t.sgst + t.igst };
    };
    const b2clItems = (g.b2cl as { inv: { itms: { itm_det: Item }[] }[] }[]).flatMap((p) => p.inv.flatMap((i) => i.itms.map((x) => x.itm_det)));
    const cdnurItems = (g.cdnur as { itms: { itm_det: Item }[] }[]).flatMap((n) => n.itms.map((x) => x.itm_det));
    expect(plus(f(g.b2cs), f(b2clItems), minus(f(cdnurItems)))).toEqual(october);
    expect(f(g.hsn.hsn_b2c)).toEqual(october);
  });

  it("makes GSTR-1 for a quarter from from/to, fp its last month, and each section as the offline tool's CSV", async () => {
    const quarter = (await admin.get('/api/admin/gst/gstr1.json?from=2026-10-01&to=2026-12-31')).json();
    expect(quarter.fp).toBe('122026');
    expect(quarter.doc_issue.doc_det[0].docs[0]).toMatchObject({ from: numbers.B!.invoice, to: numbers.F!.invoice, totnum: 5, net_issue: 5 });

    const b2cs = await admin.get('/api/admin/gst/gstr1/b2cs.csv?period=102026');
    expect(b2cs.statusCode).toBe(200);
    expect(b2cs.headers['content-disposition']).toBe('attachment; filename="gstr1-b2cs-102026.csv"');
    expect(readCsv(b2cs.body)).toEqual([
      ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
      ['OE', '27-Maharashtra', '', '18', '950.00', '0.00', ''],
      ['OE', '29-Karnataka', '', '12', '100.00', '0.00', ''],
      ['OE', '29-Karnataka', '', '18', '1050.00', '0.00', ''],
    ]);
    expect(readCsv((await admin.get('/api/admin/gst/gstr1/b2cl.csv?period=102026')).body)[1]).toEqual([
      numbers.C!.invoice,
      '10-Oct-2026',
      '118000.00',
      '29-Karnataka',
      '',
      '18',
      '100000.00',
      '0.00',
      '',
    ]);
    expect(readCsv((await admin.get('/api/admin/gst/gstr1/cdnur.csv?period=102026')).body)[1]).toEqual([
      'B2CL',
      numbers.C!.notes[0],
      '20-Oct-2026',
      'C',
      '29-Karnataka',
      '1180.00',
      '',
      '18',
      '1000.00',
      '0.00',
    ]);
    expect(readCsv((await admin.get('/api/admin/gst/gstr1/hsn.csv?period=102026')).body)[2]).toEqual([
      '9023',
      'Models for demonstration',
      'NOS-NUMBERS',
      '3',
      '119180.00',
      '18',
      '101000.00',
      '18009.00',
      '85.50',
      '85.50',
      '0.00',
    ]);
    expect(readCsv((await admin.get('/api/admin/gst/gstr1/docs.csv?period=102026')).body)).toEqual([
      ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
      ['Invoices for outward supply', numbers.B!.invoice, numbers.A!.invoice, '4', '0'],
      ['Credit Note', numbers.C!.notes[0], numbers.D!.notes[0], '2', '0'],
    ]);
  });

  it('refuses bad periods with a clear 400', async () => {
    const bad: [string, RegExp][] = [
      ['/api/admin/gst/register.csv', /from is required/],
      ['/api/admin/gst/register.csv?from=2026-10-01', /to is required/],
      ['/api/admin/gst/register.csv?from=2026-10-31&to=2026-10-01', /from must be on or before to/],
      ['/api/admin/gst/register.csv?from=2026-02-30&to=2026-03-31', /from is not a calendar date/],
      ['/api/admin/gst/hsn.csv?from=01-10-2026&to=2026-10-31', /from must be a date as YYYY-MM-DD/],
      ['/api/admin/gst/hsn.csv?from=2025-01-01&to=2026-10-31', /at most 366 days/],
      ['/api/admin/gst/gstr1.json', /period=MMYYYY/],
      ['/api/admin/gst/gstr1.json?period=132026', /period must be a month as MMYYYY/],
      ['/api/admin/gst/gstr1.json?period=129999', /period must be a month as MMYYYY/],
      ['/api/admin/gst/register.csv?from=9999-12-01&to=9999-12-31', /from must be a date as YYYY-MM-DD/],
      ['/api/admin/gst/gstr1.json?period=102026&from=2026-10-01&to=2026-10-31', /period=MMYYYY/],
      ['/api/admin/gst/gstr1.json?from=2026-10-02&to=2026-10-31', /whole month or one whole quarter/],
      ['/api/admin/gst/gstr1.json?from=2026-11-01&to=2027-01-31', /whole month or one whole quarter/],
      ['/api/admin/gst/gstr1/b2b.csv?period=102026', /one of b2cs, b2cl, cdnur, hsn, docs/],
    ];
    for (const [url, message] of bad) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(message);
    }
  });

  it('is documented in the OpenAPI description', async () => {
    const res = await shop.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/admin/gst/register.csv', '/api/admin/gst/hsn.csv', '/api/admin/gst/gstr1.json', '/api/admin/gst/gstr1/{section}.csv']),
    );
  });

  it('is for accounts and the owner only, and every download is in the audit log', async () => {
    expect((await shop.app.inject('/api/admin/gst/gstr1.json?period=102026')).statusCode).toBe(401);
    const tokenOf = async (role: 'accounts' | 'fulfilment') => {
      const made = await admin.post('/api/admin/staff', { username: `gst_${role}`, email: `gst_${role}@shop.test`, role });
      expect(made.statusCode, made.body).toBe(201);
      const signIn = await shop.app.inject({
        method: 'POST',
        url: '/api/adminlogin',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: `gst_${role}`, password: made.json().password }),
      });
      return asAdmin(shop, signIn.json().token as string);
    };
    expect((await (await tokenOf('accounts')).get('/api/admin/gst/register.csv?from=2026-10-01&to=2026-10-31')).statusCode).toBe(200);
    expect((await (await tokenOf('fulfilment')).get('/api/admin/gst/gstr1.json?period=102026')).statusCode).toBe(403);
    const exports = await shop.db.selectFrom('audit_log').select(['action', 'route']).where('route', 'like', '/api/admin/gst/%').execute();
    expect(exports.map((e) => e.route)).toEqual(
      expect.arrayContaining(['/api/admin/gst/register.csv', '/api/admin/gst/hsn.csv', '/api/admin/gst/gstr1.json', '/api/admin/gst/gstr1/:section.csv']),
    );
    expect(exports.every((e) => e.action === 'export')).toBe(true);
  });
});
