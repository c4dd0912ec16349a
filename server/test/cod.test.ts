import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminToken, ADMIN_PASSWORD, asAdmin } from './helpers/admin';
import { GST_SHOP, mailsOfKind, makeCoupon, shopperWithCart } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { pdfText } from './helpers/pdf';
import { factories, startTestShop, stockOf, type TestShop } from './helpers/test-app';

const CSV = ['pincode,zone,cod,days', '411001,local,yes,1-2', '110001,national,no,3-5', ''].join('\n');
const SCHOOL = { name: 'Asha Patil', phone: '9876543210', address: '12 School Road', city: 'Pune', state: 'Maharashtra', zipCode: '411001' };

describe.each(DB_KINDS)('cash on delivery on %s', (kind) => {
  let shop: TestShop;
  let admin: ReturnType<typeof asAdmin>;
  /** ₹1,180 at 18 %, 10 in stock */
  let kit: { id: number };
  let categoryId: number;

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD, SIMULATED_WEBHOOK_DELAY_MS: '60000', ...GST_SHOP });
    admin = asAdmin(shop, await adminToken(shop));
    const f = factories(shop);
    categoryId = (await f.category('COD kits')).id;
    kit = await f.product({ title: 'COD Rover', categoryId, pricePaise: 1_180_00, weightGrams: 600, stock: 10 });
  });
  afterAll(() => shop.close());

  /** COD on, ₹49 flat shipping, ₹30 COD fee, unless a test sets otherwise. */
  beforeEach(async () => {
    expect((await admin.put('/api/admin/shipping', { flatRate: 49, cod: { enabled: true, fee: 30 } })).statusCode).toBe(200);
    expect((await admin.delete('/api/admin/shipping/pincodes')).statusCode).toBe(200);
  });

  const upload = (csv: string) => admin.form('POST', '/api/admin/shipping/pincodes', [{ name: 'file', value: csv, filename: 'p.csv', type: 'text/csv' }]);
  type Api = Awaited<ReturnType<typeof shopperWithCart>>['api'];
  const codOrder = (api: Api, items: [number, number][], extra: Record<string, unknown> = {}) =>
    api.post('/api/createBulkOrder', { items: items.map(([productId, quantity]) => ({ productId, quantity })), paymentMethod: 'cod', ...extra });
  const stockNow = async (id: number) => Number(await stockOf(shop, id));
  const couponUses = async (id: number) =>
    Number((await shop.db.selectFrom('coupons').select('used_count').where('id', '=', id).executeTakeFirstOrThrow()).used_count);
  const adminOrder = async (code: string) => (await admin.get(`/api/ordersAdmin?q=${code}`)).json()[0];

  it('answers the real COD flag of a pincode: the list decides, an empty list allows COD everywhere, off when disabled', async () => {
    const check = async (pincode: string) => (await shop.app.inject(`/api/shipping/check?pincode=${pincode}`)).json();
    expect(await check('799001')).toEqual({ pincode: '799001', serviceable: true, cod: true });
    expect((await upload(CSV)).statusCode).toBe(200);
    expect(await check('411001')).toMatchObject({ serviceable: true, cod: true });
    expect(await check('110001')).toMatchObject({ serviceable: true, cod: false });
    expect(await check('799001')).toMatchObject({ serviceable: false, cod: false });
    await admin.put('/api/admin/shipping', { cod: { enabled: false } });
    expect(await check('411001')).toMatchObject({ serviceable: true, cod: false });
    const view = (await admin.get('/api/admin/shipping')).json();
    expect(view.settings.cod).toEqual({ enabled: false, min: null, max: null, fee: null, maxOpen: null, maxReturns: 2 });
    expect((await admin.put('/api/admin/shipping', { cod: { enabled: true, min: 900, max: 500 } })).statusCode).toBe(400);
  });

  it('quotes the COD fee in the cart where COD is offered, null where it is not', async () => {
    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    const cart = async (q = '') => (await s.api.get(`/api/cart${q}`)).json();
    // COD is offered to the profile's pincode (empty list): the ₹30 fee; the total stays without it (online is the default).
    expect(await cart()).toMatchObject({ shipping: 49, total: 1229, codFee: 30, delivery: { cod: true } });
    await upload(CSV);
    expect(await cart('?pincode=411001')).toMatchObject({ codFee: 30, delivery: { cod: true } });
    expect(await cart('?pincode=110001')).toMatchObject({ codFee: null, delivery: { cod: false } });
    expect(await cart('?pincode=799001')).toMatchObject({ codFee: null, delivery: { serviceable: false } });
    await admin.put('/api/admin/shipping', { flatRate: 49, cod: { enabled: true } });
    expect(await cart('?pincode=411001')).toMatchObject({ codFee: 0 });
    await admin.put('/api/admin/shipping', { flatRate: 49 });
    expect(await cart('?pincode=411001')).toMatchObject({ codFee: null, delivery: { cod: false } });
  });

  it('refuses COD with clear 4xx messages: disabled, a pincode without COD, below the minimum, above the maximum', async () => {
    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    await admin.put('/api/admin/shipping', { flatRate: 49 });
    let res = await codOrder(s.api, [[kit.id, 1]]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'cod_disabled', message: 'Cash on delivery is not offered. Please pay online.' });

    await admin.put('/api/admin/shipping', { flatRate: 49, cod: { enabled: true, min: 1500 } });
    res = await codOrder(s.api, [[kit.id, 1]]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Cash on delivery is available for orders of ₹1,500.00 or more. Please pay online.');

    await admin.put('/api/admin/shipping', { flatRate: 49, cod: { enabled: true, max: 1000 } });
    res = await codOrder(s.api, [[kit.id, 1]]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Cash on delivery is available for orders up to ₹1,000.00. Please pay online.');

    await admin.put('/api/admin/shipping', { flatRate: 49, cod: { enabled: true, min: 1229, max: 1229 } });
    await upload(CSV);
    res = await codOrder(s.api, [[kit.id, 1]], { address: { ...SCHOOL, city: 'New Delhi', state: 'Delhi', zipCode: '110001' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'cod_not_allowed', message: 'Cash on delivery is not available for 110001. Please pay online.' });
    expect((await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }], paymentMethod: 'cash' })).statusCode).toBe(400);
    // Nothing was placed, nothing held; the limits themselves are allowed (₹1,229 = goods + shipping, the fee aside).
    expect(await stockNow(kit.id)).toBe(10);
    expect((await codOrder(s.api, [[kit.id, 1]])).statusCode).toBe(200);
  });

  it('lives a whole life: placed at once → dispatched with its invoice → cash collected → paid and delivered; refunds by hand', async () => {
    const couponId = await makeCoupon(shop, { code: `COD100${kind}`, discount_paise: 100_00 });
    const before = await stockNow(kit.id);
    type Overview = { days: { date: string; revenue: number; orders: number }[]; codToCollect: { orders: number; amount: number } };
    const overview = async () => (await admin.get('/api/admin/overview')).json() as Overview;
    const dayOf = (o: Overview, date: string) => o.days.find((d) => d.date === date)!;
    const today = new Date().toISOString().slice(0, 10);
    const ov0 = await overview();
    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    const placed = await codOrder(s.api, [[kit.id, 1]], { couponCode: `COD100${kind}`, address: SCHOOL, amount: 1, total: 1 });
    expect(placed.statusCode).toBe(200);
    // ₹1,180 − ₹100 + ₹49 shipping + ₹30 COD fee, priced on the server.
    const { orderId } = placed.json();
    expect(placed.json()).toEqual({ orderId, status: 'placed', paymentMethod: 'cod', amount: 1_159_00 });
    expect(await stockNow(kit.id)).toBe(before - 1);
    expect(await couponUses(couponId)).toBe(1);
    expect((await s.api.get('/api/cart')).json().count).toBe(0);

    const receipt = (await mailsOfKind(shop, 'receipt')).find((m) => m.text_body.includes(orderId))!;
    expect(receipt.text_body).toContain('please pay ₹1,159.00 on delivery');
    expect(receipt.text_body).toContain('Cash on delivery fee: ₹30.00');
    expect(receipt.attachments ?? null).toBeNull();
    let mine = (await s.api.get('/api/UserOrders')).json().orders[0];
    expect(mine).toMatchObject({ order_id: orderId, status: 'placed', paymentMethod: 'cod', codToCollect: 1159, codFee: 30, invoice: null });
    expect(await adminOrder(orderId)).toMatchObject({
      status: 'placed',
      paymentMethod: 'cod',
      codToCollect: 1159,
      nextStatuses: ['dispatched', 'delivered', 'canceled'],
    });
    // The overview counts the order placed today but no revenue until the cash is recorded; the cash to collect beside it.
    const ov1 = await overview();
    expect(dayOf(ov1, today)).toEqual({ ...dayOf(ov0, today), orders: dayOf(ov0, today).orders + 1 });
    expect(ov1.codToCollect).toEqual({ orders: ov0.codToCollect.orders + 1, amount: ov0.codToCollect.amount + 1159 });

    // Collecting before dispatch is refused; dispatch invoices it.
    expect((await admin.post(`/api/admin/orders/${orderId}/cod-collection`, { amount: 1159, reference: 'REM-1' })).statusCode).toBe(409);
    expect((await admin.patch(`/api/UserOrders/${orderId}`, { status: 'dispatched', courier: 'DTDC', trackingNumber: 'D123456' })).statusCode).toBe(200);
    mine = (await s.api.get('/api/UserOrders')).json().orders[0];
    expect(mine.invoice).toMatch(/^RK\/\d\d-\d\d\/\d{6}$/);
    const dispatchedMail = (await mailsOfKind(shop, 'order-dispatched')).find((m) => m.subject.includes(orderId))!;
    expect(dispatchedMail.text_body).toContain('please keep ₹1,159.00 ready to pay on delivery');
    const invoice = pdfText((await s.api.get(`/api/orders/${orderId}/invoice.pdf`)).rawPayload);
    // The laid-out invoice may wrap a line's description over two lines of text.
    expect(invoice.replace(/\s+/g, ' ')).toContain('Cash on delivery fee');
    expect(invoice).toContain('1,159.00');
    const slip = pdfText((await admin.get(`/api/admin/orders/packing-slips.pdf?orders=${orderId}`)).rawPayload);
    expect(slip).toContain('CASH ON DELIVERY: collect Rs. 1,159.00');
    expect(await adminOrder(orderId)).toMatchObject({ status: 'dispatched', nextStatuses: ['delivered', 'canceled', 'returned'] });

    // The cash: the exact amount, once.
    const wrong = await admin.post(`/api/admin/orders/${orderId}/cod-collection`, { amount: 1000, reference: 'REM-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('The amount to collect for this order is ₹1,159.00');
    expect((await admin.post(`/api/admin/orders/${orderId}/cod-collection`, { amount: 1159 })).statusCode).toBe(400);
    const collected = await admin.post(`/api/admin/orders/${orderId}/cod-collection`, { amount: 1159, reference: 'REM-1', date: '2026-11-20' });
    expect(collected.statusCode).toBe(200);
    expect(collected.json()).toEqual({ message: 'Cash collected: the order is paid.', amount: 1159 });
    expect((await admin.post(`/api/admin/orders/${orderId}/cod-collection`, { amount: 1159, reference: 'REM-1' })).statusCode).toBe(409);
    mine = (await s.api.get('/api/UserOrders')).json().orders[0];
    expect(mine).toMatchObject({ status: 'delivered', codToCollect: 0, codCollectedAt: '2026-11-20T12:00:00.000Z' });
    // Revenue on the day the cash was collected; nothing left to collect; the CSV says how it was paid.
    const ov2 = await overview();
    expect(dayOf(ov2, '2026-11-20').revenue).toBe(dayOf(ov1, '2026-11-20').revenue + 1159);
    expect(dayOf(ov2, today)).toEqual(dayOf(ov1, today));
    expect(ov2.codToCollect).toEqual(ov0.codToCollect);
    const csv = (await admin.get(`/api/ordersAdmin.csv?q=${orderId}`)).body.split('\r\n');
    expect(csv[0]).toContain(
      '"Payment method","COD fee (INR)","COD to collect (INR)","COD collected at","COD collected (INR)","COD reference","Returned to origin at"',
    );
    expect(csv[1]).toContain(`"${orderId}"`);
    expect(csv[1]).toContain('"1159.00","","","Cash on delivery","30.00","0.00","2026-11-20T12:00:00.000Z","1159.00","REM-1",""');
    const money = (await admin.get(`/api/admin/orders/${orderId}/money`)).json();

    expect(money.payments).toEqual([expect.objectContaining({ paymentId: `cod:${orderId}`, amount: 1159 })]);

    // A refund after delivery is made by hand: it needs the transfer's reference and never reaches the gateway.
    const noRef = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amount: 100, idempotencyKey: `cod-refund-${kind}-1` });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().message).toContain('bank transfer or UPI reference');
    const refund = await admin.post(`/api/admin/orders/${orderId}/refunds`, {
      amount: 100,
      reference: 'UPI-778899',
      reason: 'Missing part',
      idempotencyKey: `cod-refund-${kind}-2`,
    });
    expect(refund.statusCode).toBe(201);
    expect(refund.json()).toMatchObject({ status: 'processed', providerRefundId: null, amount: 100 });
    expect(refund.json().reason).toContain('UPI-778899');
    expect(await shop.db.selectFrom('simulated_refunds').selectAll().execute()).toEqual([]);
    expect((await s.api.get('/api/UserOrders')).json().orders[0].creditNotes).toHaveLength(1);
    const refundMail = (await mailsOfKind(shop, 'refund-processed')).find((m) => m.subject.includes(orderId))!;
    expect(refundMail.text_body).toContain('by bank transfer or UPI');
  });

  it("values a shopper's return of a COD order like an admin's refund of its lines: never a share of the COD fee or shipping", async () => {
    await makeCoupon(shop, { code: `CODRET${kind}`, discount_paise: 100_00 });
    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    const { orderId } = (await codOrder(s.api, [[kit.id, 1]], { couponCode: `CODRET${kind}` })).json();
    await admin.patch(`/api/UserOrders/${orderId}`, { status: 'dispatched' });
    // ₹1,180 − ₹100 + ₹49 shipping + ₹30 COD fee, collected: paid and delivered.
    expect((await admin.post(`/api/admin/orders/${orderId}/cod-collection`, { amount: 1159, reference: 'REM-RET' })).statusCode).toBe(200);
    const line = (await s.api.get('/api/UserOrders')).json().orders.find((o: { order_id: string }) => o.order_id === orderId).items[0];
    const asked = await s.api.post(`/api/orders/${orderId}/returns`, { lines: [{ lineId: line.lineId, quantity: 1 }], reason: 'Wrong kit' });
    expect(asked.statusCode, asked.body).toBe(201);
    const row = ((await admin.get('/api/admin/returns?status=requested')).json() as { id: number; value: number }[]).find((r) => r.id === asked.json().id)!;
    // The goods were paid ₹1,080 (₹1,159 less shipping and the COD fee): the same as the admin's refund of the line.
    expect(row.value).toBe(1080);
    expect((await admin.patch(`/api/admin/returns/${row.id}`, { status: 'approved' })).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/returns/${row.id}`, { status: 'received', restock: true })).statusCode).toBe(200);
    const refund = await admin.post(`/api/admin/returns/${row.id}/refund`, { reference: 'UPI-RET-1' });
    expect(refund.statusCode, refund.body).toBe(200);
    const made = await shop.db
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .select('refunds.amount_paise')
      .where('orders.order_code', '=', orderId)
      .execute();
    expect(made.map((r) => Number(r.amount_paise))).toEqual([1080_00]);
  });

  it('returned to origin: canceled, units back, coupon released, a credit note cancels the invoice, and returns count against COD', async () => {
    await admin.put('/api/admin/shipping', { flatRate: 49, cod: { enabled: true, maxReturns: 1 } });
    const couponId = await makeCoupon(shop, { code: `CODRTO${kind}`, discount_paise: 50_00 });
    const before = await stockNow(kit.id);
    const s = await shopperWithCart(shop, [[kit.id, 2]]);
    const { orderId } = (await codOrder(s.api, [[kit.id, 2]], { couponCode: `CODRTO${kind}` })).json();
    expect(await stockNow(kit.id)).toBe(before - 2);
    expect(await couponUses(couponId)).toBe(1);
    // Returned only once dispatched.
    expect((await admin.patch(`/api/UserOrders/${orderId}`, { status: 'returned' })).statusCode).toBe(409);
    await admin.patch(`/api/UserOrders/${orderId}`, { status: 'dispatched' });
    const returned = await admin.patch(`/api/UserOrders/${orderId}`, { status: 'returned' });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().message).toBe('Order returned to origin: canceled, units back in stock.');
    expect(await stockNow(kit.id)).toBe(before);
    expect(await couponUses(couponId)).toBe(0);
    const mine = (await s.api.get('/api/UserOrders')).json().orders[0];
    expect(mine).toMatchObject({ status: 'canceled', codToCollect: 0, refunded: 0 });
    expect(mine.returnedAt).not.toBeNull();
    expect(mine.creditNotes).toHaveLength(1);
    const note = pdfText((await s.api.get(`/api/orders/${orderId}/credit-notes/${mine.creditNotes[0].id}.pdf`)).rawPayload);
    expect(note).toContain('returned to origin');
    expect(note).toContain(mine.invoice);
    expect(note).toContain('2,359.00'); // the whole invoice: ₹2,360 − ₹50 + ₹49 shipping
    expect((await admin.patch(`/api/UserOrders/${orderId}`, { status: 'returned' })).statusCode).toBe(409);
    expect((await admin.post(`/api/admin/orders/${orderId}/cod-collection`, { amount: 1, reference: 'X' })).statusCode).toBe(409);

    // One return and the limit is one: COD is refused, paying online still works.
    await s.api.post('/api/cart', { productId: kit.id, quantity: 1 });
    const again = await codOrder(s.api, [[kit.id, 1]]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'cod_returns' });
    expect((await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }] })).statusCode).toBe(200);
  });

  // PostgreSQL only: a SQLite shop has one connection, so the order cannot be canceled between the
  // collection's read and its write there.
  it.skipIf(kind !== 'postgres')('says the order was canceled when it is canceled while its cash is being recorded; nothing is recorded', async () => {
    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    const { orderId, amount } = (await codOrder(s.api, [[kit.id, 1]])).json();
    expect((await admin.patch(`/api/UserOrders/${orderId}`, { status: 'dispatched' })).statusCode).toBe(200);
    const { id } = await shop.db.selectFrom('orders').select('id').where('order_code', '=', orderId).executeTakeFirstOrThrow();
    let recording: Promise<{ statusCode: number; json: () => unknown }> | undefined;
    // The parcel comes back (another request cancels the order) while the cash is being recorded:
    // the order's row is held until the collection's write waits for it, then canceled.
    await shop.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM orders WHERE id = ${id} FOR UPDATE`.execute(trx);
      recording = admin.post(`/api/admin/orders/${orderId}/cod-collection`, { amount: amount / 100, reference: 'REM-RACE' }).then((r) => r);
      await vi.waitFor(
        async () => {
          const waiting = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query LIKE '%cod_collected_at%' AND datname = current_database()`.execute(shop.db);
          expect(waiting.rows[0]?.n).toBeGreaterThan(0);
        },
        { timeout: 20_000, interval: 20 },
      );
      await trx.updateTable('orders').set({ status: 'canceled' }).where('id', '=', id).execute();
    });
    const res = await recording!;
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This order was canceled; there is no cash to collect.', code: 'order_canceled' });
    expect(await shop.db.selectFrom('orders').select(['cod_collected_at', 'status']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      cod_collected_at: null,
      status: 'canceled',
    });
  });

  it('is canceled before dispatch without any credit note; its units and coupon use come back', async () => {
    const couponId = await makeCoupon(shop, { code: `CODCXL${kind}`, discount_paise: 10_00 });
    const before = await stockNow(kit.id);
    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    const { orderId } = (await codOrder(s.api, [[kit.id, 1]], { couponCode: `CODCXL${kind}` })).json();
    expect((await admin.patch(`/api/UserOrders/${orderId}`, { status: 'canceled' })).statusCode).toBe(200);
    expect(await stockNow(kit.id)).toBe(before);
    expect(await couponUses(couponId)).toBe(0);
    expect((await s.api.get('/api/UserOrders')).json().orders[0]).toMatchObject({
      status: 'canceled',
      invoice: null,
      creditNotes: [],
      refunded: 0,
      returnedAt: null,
    });
  });

  it('places exactly maxOpen of 10 simultaneous COD orders of one shopper', async () => {
    await admin.put('/api/admin/shipping', { cod: { enabled: true, maxOpen: 2 } });
    const cheap = await factories(shop).product({ title: `COD Resistor ${kind}`, categoryId, pricePaise: 200_00, stock: 100 });
    const s = await shopperWithCart(shop, [[cheap.id, 1]]);
    // Each of 10 checkouts at once; a placed order empties the cart, so one that finds it empty (or
    // changed) puts the line back and tries again: every checkout ends placed or refused by the limit.
    const checkout = async () => {
      for (let attempt = 0; attempt < 30; attempt++) {
        const res = await codOrder(s.api, [[cheap.id, 1]]);
        if (!['cart_empty', 'cart_changed'].includes(res.json().code)) return res;
        await s.api.post('/api/cart', { productId: cheap.id, quantity: 1 });
      }
      throw new Error('the cart never settled');
    };
    const answers = await Promise.all(Array.from({ length: 10 }, checkout));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) expect(refused.json().code).toBe('cod_limit');
    expect(await stockNow(cheap.id)).toBe(98);
    const user = await shop.db.selectFrom('user').select('id').where('email', '=', String(s.email)).executeTakeFirstOrThrow();
    const open = await shop.db.selectFrom('orders').select('id').where('user_id', '=', user.id).where('payment_method', '=', 'cod').execute();
    expect(open).toHaveLength(2);
    // Once one is delivered, another may be placed.
    const first = answers.find((a) => a.statusCode === 200)!.json().orderId;
    await admin.patch(`/api/UserOrders/${first}`, { status: 'delivered' });
    await s.api.post('/api/cart', { productId: cheap.id, quantity: 1 });
    expect((await codOrder(s.api, [[cheap.id, 1]])).statusCode).toBe(200);
  });
});
