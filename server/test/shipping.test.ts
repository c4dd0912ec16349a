import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminShop, type Admin } from './helpers/admin-shop';
import { GST_SHOP, mailsOfKind, makeCoupon, payInSimulation, shopperWithCart } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { pdfText } from './helpers/pdf';
import { post, shopperDetails } from './helpers/shoppers';
import type { TestShop } from './helpers/test-app';

const CSV = ['pincode,zone,cod,days', '411001,local,yes,1-2', '110001,national,no,3-5', '560001,regional,no,2', ''].join('\n');

describe.each(DB_KINDS)('shipping and pincodes on %s', (kind) => {
  let shop: TestShop, admin: Admin;
  /** ₹1,180 at 18 %, 600 g */
  let kit: { id: number };
  /** ₹112 at 12 %, 100 g */
  let part: { id: number };

  beforeAll(async () => {
    const { f, categoryId, ...t } = await startAdminShop(kind, 'Kits', { SIMULATED_WEBHOOK_DELAY_MS: '60000', ...GST_SHOP });
    ({ shop, admin } = t);
    kit = await f.product({ title: 'Shipping Rover', categoryId, pricePaise: 1_180_00, weightGrams: 600 });
    part = await f.product({ title: 'Shipping Sensor', categoryId, pricePaise: 112_00 });
    await shop.db.updateTable('products').set({ gst_rate_bp: 1200, weight_grams: 100 }).where('id', '=', part.id).execute();
  });
  afterAll(() => shop.close());

  /** The rules and list of each test are its own. */
  beforeEach(async () => {
    expect((await admin.put('/api/admin/shipping', {})).statusCode).toBe(200);
    expect((await admin.delete('/api/admin/shipping/pincodes')).statusCode).toBe(200);
  });

  const upload = (csv: string, filename = 'pincodes.csv') =>
    admin.form('POST', '/api/admin/shipping/pincodes', [{ name: 'file', value: csv, filename, type: 'text/csv' }]);
  const order = (api: Awaited<ReturnType<typeof shopperWithCart>>['api'], items: [number, number][], extra: Record<string, unknown> = {}) =>
    api.post('/api/createBulkOrder', { items: items.map(([productId, quantity]) => ({ productId, quantity })), ...extra });
  const orderRow = (code: string) =>
    shop.db
      .selectFrom('orders')
      .select(['shipping_paise', 'total_paise', 'subtotal_paise', 'discount_paise'])
      .where('order_code', '=', code)
      .executeTakeFirstOrThrow();

  it('is free for a shop that sets nothing, and every valid pincode is served', async () => {
    expect((await admin.get('/api/admin/shipping')).json()).toEqual({
      settings: {
        flatRate: null,
        freeAbove: null,
        slabs: [],
        defaultZone: 'national',
        defaultDays: null,
        cod: { enabled: false, min: null, max: null, fee: null, maxOpen: null, maxReturns: 2 },
      },
      pincodes: { count: 0, zones: [] },
    });
    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    expect((await s.api.get('/api/cart')).json()).toMatchObject({
      subtotal: 1180,
      shipping: 0,
      total: 1180,
      delivery: { pincode: '411001', serviceable: true, cod: false },
    });
    const created = await order(s.api, [[kit.id, 1]]);
    expect(created.json().amount).toBe(1_180_00);
    expect((await shop.app.inject('/api/shipping/check?pincode=799001')).json()).toEqual({ pincode: '799001', serviceable: true, cod: false });
  });

  it('charges a flat rate, priced on the server whatever the client sends', async () => {
    const saved = await admin.put('/api/admin/shipping', { flatRate: 49, defaultDays: '4-6' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toMatchObject({ flatRate: 49, freeAbove: null, defaultDays: '4-6' });
    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    expect((await s.api.get('/api/cart')).json()).toMatchObject({ subtotal: 1180, shipping: 49, total: 1229, delivery: { serviceable: true, days: '4-6' } });
    const created = await order(s.api, [[kit.id, 1]], { shipping: 0, amount: 100, total: 1, totalAmount: 1 });
    expect(created.statusCode).toBe(200);
    expect(created.json().amount).toBe(1_229_00);
    expect(await orderRow(created.json().orderId)).toEqual({ shipping_paise: 49_00, total_paise: 1_229_00, subtotal_paise: 1_180_00, discount_paise: 0 });

    // Paid: the receipt shows the shipping line, the shopper's list the shipping, the payment the whole amount.
    const paid = await s.api.post('/api/processOrder', await payInSimulation(shop, s.cookie, created.json().id));
    expect(paid.json().success).toBe(true);
    const receipt = (await mailsOfKind(shop, 'receipt')).find((m) => m.text_body.includes(created.json().orderId))!;
    expect(receipt.text_body).toContain('Shipping: ₹49.00');
    expect(receipt.html_body).toContain('₹49.00');
    const mine = (await s.api.get('/api/UserOrders')).json().orders[0];
    expect(mine).toMatchObject({ order_id: created.json().orderId, shipping: 49, total_amount: 1229 });
  });

  it('ships free from the free-shipping value (goods before the coupon), and charges below it', async () => {
    await admin.put('/api/admin/shipping', { flatRate: 49, freeAbove: 999 });
    const above = await shopperWithCart(shop, [[kit.id, 1]]);
    expect((await above.api.get('/api/cart')).json()).toMatchObject({ shipping: 0, total: 1180 });
    await makeCoupon(shop, { code: `HALF${kind}`, discount_percent: 50 });
    expect((await order(above.api, [[kit.id, 1]], { couponCode: `HALF${kind}` })).json().amount).toBe(590_00);

    const below = await shopperWithCart(shop, [[part.id, 2]]);
    expect((await below.api.get('/api/cart')).json()).toMatchObject({ subtotal: 224, shipping: 49, total: 273 });
    expect((await order(below.api, [[part.id, 2]])).json().amount).toBe(273_00);
  });

  it('prices weight slabs by the zone of the pincode list', async () => {
    expect((await upload(CSV)).json()).toMatchObject({ accepted: 3, rejected: 0, errors: [] });
    const put = await admin.put('/api/admin/shipping', {
      flatRate: 99,
      slabs: [
        { zone: 'local', upToGrams: 500, rate: 30 },
        { zone: 'local', upToGrams: 2000, rate: 45.5 },
        { zone: 'national', upToGrams: 1000, rate: 80 },
        { zone: 'national', upToGrams: 5000, rate: 150 },
      ],
    });
    expect(put.statusCode).toBe(200);
    const cases: [string, [number, number][], number][] = [
      ['411001', [[part.id, 3]], 30_00], // 300 g, local
      ['411001', [[kit.id, 1]], 45_50], // 600 g, local
      ['110001', [[kit.id, 1]], 80_00], // 600 g, national
      [
        '110001',
        [
          [kit.id, 1],
          [part.id, 5],
        ],
      ], // 1,100 g, national
      ['560001', [[kit.id, 1]], 99_00], // regional: no slabs, the flat rate
    ].map((c) => (c.length === 2 ? [c[0], c[1], 150_00] : c) as [string, [number, number][], number]);
    for (const [zipCode, items, shippingPaise] of cases) {
      const s = await shopperWithCart(shop, items, { zipCode });
      const cart = (await s.api.get('/api/cart')).json();
      expect(cart.shipping, `${zipCode} ${JSON.stringify(items)}`).toBe(shippingPaise / 100);
      const created = await order(s.api, items, { shipping: 0 });
      expect(created.json().amount - Math.round(cart.subtotal * 100)).toBe(shippingPaise);
    }
  });

  it('refuses an unserviceable pincode at checkout, and says where it delivers', async () => {
    await upload(CSV);
    expect((await shop.app.inject('/api/shipping/check?pincode=411001')).json()).toEqual({ pincode: '411001', serviceable: true, days: '1-2', cod: false });
    expect((await shop.app.inject('/api/shipping/check?pincode=799001')).json()).toEqual({ pincode: '799001', serviceable: false, cod: false });
    for (const bad of ['011001', '41100', '4110011', 'abcdef', '']) {
      const res = await shop.app.inject(`/api/shipping/check?pincode=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain('Enter a valid 6-digit pincode');
    }
    const s = await shopperWithCart(shop, [[kit.id, 1]], { zipCode: '799001' });
    expect((await s.api.get('/api/cart')).json()).toMatchObject({ shipping: 0, delivery: { pincode: '799001', serviceable: false } });
    const refused = await order(s.api, [[kit.id, 1]]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'not_serviceable', message: expect.stringContaining('We do not deliver to 799001 yet') });
    expect(await shop.db.selectFrom('orders').select('id').where('email', '=', s.email).execute()).toEqual([]);
  });

  it('refuses a zip code starting with 0 at sign-up and in the profile', async () => {
    const signUp = await post(shop, '/api/auth/sign-up/email', shopperDetails({ zipCode: '011001' }));
    expect(signUp.statusCode).toBe(400);
    expect(signUp.body).toContain('Zip code cannot start with 0');
    const s = await shopperWithCart(shop, []);
    const res = await s.api.patch('/api/me', {
      username: s.username,
      phone: '9876543210',
      address: '1 Road',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '011001',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Zip code cannot start with 0');
  });

  it('refuses checkout (400, nothing placed) when the profile zip code is no pincode, e.g. an account from before the rule', async () => {
    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    for (const zip of ['011001', '41100']) {
      await shop.db.updateTable('user').set({ zipCode: zip }).where('email', '=', s.email).execute();
      expect((await s.api.get('/api/cart')).json()).toMatchObject({ delivery: null, codFee: null });
      const refused = await order(s.api, [[kit.id, 1]]);
      expect(refused.statusCode, zip).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'pincode_invalid',
        message: 'Your delivery zip code is not a valid 6-digit pincode. Please correct it in Edit Profile.',
      });
    }
    expect(await shop.db.selectFrom('orders').select('id').where('email', '=', s.email).execute()).toEqual([]);
  });

  it('takes a pincode list with bad rows: good rows replace the list, bad rows reported by line', async () => {
    const csv = [
      'pincode,zone,cod,days',
      '411001,local,yes,1-2',
      '011001,local,yes,3',
      '411001,local,no,3',
      '560001,regional,maybe,2',
      '600001,special,no,7-10',
    ].join('\r\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: 2,
      rejected: 3,
      errors: [
        { line: 3, reason: '"011001" is not a 6-digit pincode (it cannot start with 0)' },
        { line: 4, reason: 'Pincode 411001 is listed already on line 2' },
        { line: 5, reason: 'COD must be yes or no, not "maybe"' },
      ],
      zones: [
        { zone: 'local', count: 1 },
        { zone: 'special', count: 1 },
      ],
    });
    // A file without the header, or without one good row, changes nothing.
    expect((await upload('411001,local,yes,3\n')).statusCode).toBe(400);
    const none = await upload('pincode,zone,cod,days\n0,x,y,z\n');
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('csv_no_rows');
    expect((await admin.form('POST', '/api/admin/shipping/pincodes', [{ name: 'other', value: 'x' }])).statusCode).toBe(400);
    expect((await admin.get('/api/admin/shipping')).json().pincodes.count).toBe(2);
  });

  it('replaces the list with 20,000 pincodes in one go', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `${400000 + i},${i % 2 ? 'regional' : 'local'},${i % 3 ? 'no' : 'yes'},3-5`);
    const res = await upload(['pincode,zone,cod,days', ...rows].join('\n'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accepted: 20_000,
      rejected: 0,
      zones: [
        { zone: 'local', count: 10_000 },
        { zone: 'regional', count: 10_000 },
      ],
    });
    expect((await shop.app.inject('/api/shipping/check?pincode=419999')).json()).toMatchObject({ serviceable: true });
    expect((await shop.app.inject('/api/shipping/check?pincode=420000')).json()).toMatchObject({ serviceable: false });
    expect((await upload(CSV)).json().accepted).toBe(3);
    expect((await shop.app.inject('/api/shipping/check?pincode=419999')).json()).toMatchObject({ serviceable: false });
  });

  it('keeps one of three lists uploaded at once, never their union (decision 113)', async () => {
    const lists = [['411001', '411002'], ['110001'], ['560001', '560002', '560003']];
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(lists.map((pins) => upload(['pincode,zone,cod,days', ...pins.map((p) => `${p},local,yes,1-2`)].join('\n'))));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const kept = await shop.db.selectFrom('shipping_pincodes').select('pincode').orderBy('pincode').execute();
      expect(lists).toContainEqual(kept.map((r) => r.pincode));
    }
  });

  it('refuses bad settings with 400 and keeps the old ones', async () => {
    await admin.put('/api/admin/shipping', { flatRate: 10 });
    for (const body of [
      { flatRate: -1 },
      { flatRate: 'ten' },
      { freeAbove: 1.234 },
      { slabs: [{ zone: 'local', upToGrams: 0, rate: 1 }] },
      {
        slabs: [
          { zone: 'x', upToGrams: 10, rate: 1 },
          { zone: 'X', upToGrams: 10, rate: 2 },
        ],
      },
    ]) {
      const res = await admin.put('/api/admin/shipping', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.get('/api/admin/shipping')).json().settings.flatRate).toBe(10);
  });

  it('never discounts shipping, unless the coupon is a free-shipping coupon', async () => {
    await admin.put('/api/admin/shipping', { flatRate: 60 });
    const added = await admin.post('/api/coupons', {
      code: `SHIPFREE${kind}`,
      discount: null,
      discount_percent: null,
      min_purchase: null,
      product_id: null,
      free_shipping: true,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().coupon).toMatchObject({ free_shipping: true });
    expect(
      (await admin.post('/api/coupons', { code: `NOTHING${kind}`, discount: null, discount_percent: null, min_purchase: null, product_id: null })).statusCode,
    ).toBe(400);
    await makeCoupon(shop, { code: `ALL${kind}`, discount_percent: 100 });

    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    expect((await s.api.post('/api/verifyCoupon', { code: `shipfree${kind}` })).json()).toMatchObject({ success: true, discount: 0, freeShipping: true });
    expect((await order(s.api, [[kit.id, 1]], { couponCode: `SHIPFREE${kind}` })).json().amount).toBe(1_180_00);
    // A 100 % coupon takes the goods off, never the shipping.
    expect((await s.api.post('/api/verifyCoupon', { code: `ALL${kind}` })).json()).toMatchObject({ success: true, discount: 1180, freeShipping: false });
    const all = await order(s.api, [[kit.id, 1]], { couponCode: `ALL${kind}` });
    expect(all.json().amount).toBe(60_00);
    expect(await orderRow(all.json().orderId)).toEqual({ shipping_paise: 60_00, total_paise: 60_00, subtotal_paise: 1_180_00, discount_paise: 1_180_00 });
  });

  it('invoices shipping as its own line at the principal supply’s rate; totals add up; a full refund returns it', async () => {
    await admin.put('/api/admin/shipping', { flatRate: 79 });
    await makeCoupon(shop, { code: `INV${kind}`, discount_paise: 112_00 });
    const s = await shopperWithCart(
      shop,
      [
        [kit.id, 1],
        [part.id, 1],
      ],
      { state: 'Karnataka' },
    );
    const created = (
      await order(
        s.api,
        [
          [kit.id, 1],
          [part.id, 1],
        ],
        { couponCode: `INV${kind}` },
      )
    ).json();
    // ₹1,180 + ₹112 - ₹112 + ₹79
    expect(created.amount).toBe(1_259_00);
    await s.api.post('/api/processOrder', await payInSimulation(shop, s.cookie, created.id));
    const text = pdfText((await s.api.get(`/api/orders/${created.orderId}/invoice.pdf`)).rawPayload);
    expect(text).toContain('Shipping and handling');
    // Shipping at 18 % (the kit, the line of the highest taxable value): ₹79 = ₹66.95 + ₹12.05 IGST.
    // Its row of the laid-out invoice: HSN, qty, rate, no discount, taxable value, GST rate, IGST, amount.
    expect(text.replace(/\s+/g, ' ')).toContain('Shipping and handling 9023 1 79.00 0.00 66.95 18% 12.05 79.00');
    expect(text).toContain('Invoice total: Rs. 1,259.00');
    // Goods after the discount (₹1,180 at 18 % and ₹112 at 12 %, ₹112 off in proportion) plus shipping, to the paisa:
    const taxable = Number(/Taxable value: Rs\. ([\d,.]+)/.exec(text)![1]!.replace(/,/g, ''));
    const igst = Number(/IGST: Rs\. ([\d,.]+)/.exec(text)![1]!.replace(/,/g, ''));
    expect(Math.round((taxable + igst) * 100)).toBe(1_259_00);

    // Refunding every line leaves the shipping; cancelling refunds the rest, shipping included.
    const money = (await admin.get(`/api/admin/orders/${created.orderId}/money`)).json();
    expect(money.refundable).toBe(1259);
    const lines = money.lines.map((l: { id: number }) => l.id);
    const byLines = await admin.post(`/api/admin/orders/${created.orderId}/refunds`, { lines, idempotencyKey: `ship-lines-${kind}-${created.orderId}` });
    expect(byLines.json().amount).toBe(1180);
    expect((await admin.get(`/api/admin/orders/${created.orderId}/money`)).json().refundable).toBe(79);
    expect((await admin.patch(`/api/UserOrders/${created.orderId}`, { status: 'canceled' })).statusCode).toBe(200);
    const refunds = await shop.db
      .selectFrom('refunds')
      .select(['amount_paise', 'kind'])
      .where('order_id', '=', (await shop.db.selectFrom('orders').select('id').where('order_code', '=', created.orderId).executeTakeFirstOrThrow()).id)
      .execute();
    expect(refunds.reduce((a, r) => a + r.amount_paise, 0)).toBe(1_259_00);
  });

  it('shows a change of the rules or the list on every app server at once (cached under the version row)', async () => {
    const other = await shop.secondApp();
    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    const cartOn = async (app: typeof other) => (await app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: s.cookie } })).json();
    const checkOn = async (app: typeof other) => (await app.inject('/api/shipping/check?pincode=799001')).json().serviceable;
    expect((await cartOn(other)).shipping).toBe(0);
    expect(await checkOn(other)).toBe(true);
    await admin.put('/api/admin/shipping', { flatRate: 25 });
    await upload(CSV);
    expect((await cartOn(other)).shipping).toBe(25);
    expect(await checkOn(other)).toBe(false);
  });

  it('documents the shipping routes in the OpenAPI docs', async () => {
    const doc = (await shop.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/shipping/check', '/api/admin/shipping', '/api/admin/shipping/pincodes']));
    expect(JSON.stringify(doc.paths['/api/admin/shipping'].put)).toContain('freeAbove');
  });
});
