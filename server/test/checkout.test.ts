import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsOfKind, makeCoupon, payInSimulation, shopperWithCart as shopperWith } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { ORIGIN, post, shopperDetails } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('cart, coupons and checkout on %s', (kind) => {
  let shop: TestShop;
  let kitA: { id: number }, kitB: { id: number }, cheap: { id: number };

  beforeAll(async () => {
    // No automatic simulated webhooks here: the tests send them when they mean to.
    shop = await startTestShop(kind, { SIMULATED_WEBHOOK_DELAY_MS: '60000', SHOP_EMAIL: 'shop@example.com' });
    const f = factories(shop);
    const c = await f.category('Kits');
    kitA = await f.product({ title: 'Kit A', pricePaise: 249_950, categoryId: c.id, images: 1 });
    kitB = await f.product({ title: 'Kit B', pricePaise: 100_000, categoryId: c.id });
    cheap = await f.product({ title: 'Sensor', pricePaise: 8_900, categoryId: c.id });
  });
  afterAll(() => shop.close());

  const shopperWithCart = (items: [number, number][]) => shopperWith(shop, items);
  const itemsOf = (pairs: [number, number][]) => pairs.map(([productId, quantity]) => ({ productId, quantity }));

  describe('cart', () => {
    it('keeps the cart on the server, priced from the catalogue, each product once', async () => {
      const s = await shopperWithCart([[kitA.id, 2]]);
      const again = await s.api.post('/api/cart', { productId: kitA.id });
      expect(again.statusCode).toBe(409);
      const added = await s.api.post('/api/cart', { productId: cheap.id, price: 0.01, title: 'free!' });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toEqual({
        items: [
          {
            id: kitA.id,
            quantity: 2,
            title: 'Kit A',
            price: 2499.5,
            image: expect.stringMatching(/^\/uploads\//),
            available: true,
            previousPrice: null,
            stock: null,
          },
          { id: cheap.id, quantity: 1, title: 'Sensor', price: 89, image: null, available: true, previousPrice: null, stock: null },
        ],
        count: 2,
        subtotal: 5088,
        shipping: 0,
        total: 5088,
        delivery: { pincode: '411001', serviceable: true, cod: false },
        // COD is off in a shop that sets nothing: no fee to show (decision 044).
        codFee: null,
      });
      expect((await s.api.patch(`/api/cart/${cheap.id}`, { quantity: 3 })).json().subtotal).toBe(5266);
      expect((await s.api.delete(`/api/cart/${kitA.id}`)).json().items.map((i: { id: number }) => i.id)).toEqual([cheap.id]);
    });

    it.each([0, -1, 1.5, 1e9, '2', null])('refuses the quantity %j with 400', async (quantity) => {
      const s = await shopperWithCart([[kitB.id, 1]]);
      expect((await s.api.patch(`/api/cart/${kitB.id}`, { quantity })).statusCode).toBe(400);
      expect((await s.api.post('/api/cart', { productId: cheap.id, quantity })).statusCode).toBe(400);
      expect((await s.api.get('/api/cart')).json().items).toEqual([expect.objectContaining({ id: kitB.id, quantity: 1 })]);
    });

    it('refuses unknown products and visitors', async () => {
      const s = await shopperWithCart([]);
      expect((await s.api.post('/api/cart', { productId: 999_999 })).statusCode).toBe(404);
      expect((await s.api.post('/api/cart', { productId: 'abc' })).statusCode).toBe(400);
      expect(
        (
          await shop.app.inject({
            method: 'POST',
            url: '/api/cart',
            headers: { 'content-type': 'application/json', origin: ORIGIN },
            payload: '{"productId":1}',
          })
        ).statusCode,
      ).toBe(401);
    });

    it('shows a changed price and the product that disappeared', async () => {
      const f = factories(shop);
      const c = await shop.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
      const moving = await f.product({ title: 'Moving price', pricePaise: 50_000, categoryId: c.id });
      const going = await f.product({ title: 'Going away', pricePaise: 70_000, categoryId: c.id });
      const s = await shopperWithCart([
        [moving.id, 1],
        [going.id, 1],
      ]);
      await shop.db.updateTable('products').set({ price_paise: 55_000 }).where('id', '=', moving.id).execute();
      await shop.db.deleteFrom('products').where('id', '=', going.id).execute();
      const cart = (await s.api.get('/api/cart')).json();
      expect(cart.items).toEqual([
        expect.objectContaining({ id: moving.id, price: 550, previousPrice: 500, available: true }),
        expect.objectContaining({ id: going.id, title: 'Product no longer available', available: false, previousPrice: null }),
      ]);
      expect(cart.subtotal).toBe(550);
      // A cart holding a product that is gone cannot be checked out until the line is removed.
      const items = [
        { productId: moving.id, quantity: 1 },
        { productId: going.id, quantity: 1 },
      ];
      const refused = await s.api.post('/api/createBulkOrder', { items });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('product_unavailable');
      expect((await s.api.delete(`/api/cart/${going.id}`)).json().count).toBe(1);
    });
  });

  describe('coupons', () => {
    it('computes the discount from the cart on the server, ignoring the amount and product the browser sends', async () => {
      await makeCoupon(shop, { code: 'TENOFF', discount_percent: 10 });
      const s = await shopperWithCart([
        [kitA.id, 1],
        [cheap.id, 2],
      ]);
      const res = await s.api.post('/api/verifyCoupon', { code: ' tenoff ', totalAmount: 999_999, productId: 18 });
      // The code comes back as the shop stores it, whatever case the shopper typed.
      expect(res.json()).toEqual({ success: true, discount: 267.75, message: 'Coupon applied successfully', code: 'TENOFF', freeShipping: false });
      const bad = await s.api.post('/api/verifyCoupon', { code: 'NOPE', totalAmount: 1 });
      expect(bad.json()).toEqual({ success: false, discount: 0, message: 'Invalid coupon code' });
    });

    it('keeps a code with a space, a percentage with decimals and both discounts (the larger applies), as the original held them', async () => {
      await makeCoupon(shop, { code: `DIWALI SALE${kind}`, discount_percent: 12.5, discount_paise: 10_000 });
      const s = await shopperWithCart([
        [kitA.id, 1],
        [cheap.id, 2],
      ]);
      // 12.5 % of 2,677.50 is 334.6875: to the nearest paisa, and larger than the flat 100.
      expect((await s.api.post('/api/verifyCoupon', { code: ` diwali sale${kind} ` })).json()).toMatchObject({ success: true, discount: 334.69 });
    });

    it('applies a product coupon when that product is in the cart (not "always 18")', async () => {
      await makeCoupon(shop, { code: `KITB${kind}`, discount_paise: 20_000, product_id: kitB.id });
      const without = await shopperWithCart([[kitA.id, 1]]);
      expect((await without.api.post('/api/verifyCoupon', { code: `KITB${kind}` })).json().success).toBe(false);
      const withIt = await shopperWithCart([[kitB.id, 1]]);
      expect((await withIt.api.post('/api/verifyCoupon', { code: `KITB${kind}` })).json()).toMatchObject({ success: true, discount: 200 });
    });
  });

  describe('checkout', () => {
    it('creates the order from server prices, pays, places it once, clears the cart and mails the receipt and the shop', async () => {
      await makeCoupon(shop, { code: `FLAT${kind}`, discount_paise: 50_000 });
      const s = await shopperWithCart([
        [kitA.id, 2],
        [cheap.id, 1],
      ]);
      const created = await s.api.post('/api/createBulkOrder', {
        items: [
          { productId: kitA.id, quantity: 2, price: 1 },
          { productId: cheap.id, quantity: 1, price: 1 },
        ],
        couponCode: `FLAT${kind}`,
        totalAmount: 1,
        discount: 99999,
      });
      expect(created.statusCode).toBe(200);
      const order = created.json();
      expect(order).toMatchObject({ amount: 458_800, currency: 'INR', discount: 500, provider: 'simulated', key: 'rzp_test_simulated' });
      expect(order.id).toMatch(/^order_SIM/);
      expect(order.orderId).toMatch(/^RK\d{6}$/);

      const paid = await payInSimulation(shop, s.cookie, order.id);
      const body = { ...paid, email: 'attacker@example.com', name: 'x', address: 'y', phone: '1', items: [], couponCode: 'X', appliedDiscount: 1e9 };
      const processed = await s.api.post('/api/processOrder', body);
      expect(processed.statusCode).toBe(200);
      expect(processed.json()).toEqual({ success: true, orderId: order.orderId });
      expect((await s.api.post('/api/processOrder', body)).json()).toEqual({ success: true, orderId: order.orderId });

      expect((await s.api.get('/api/cart')).json()).toMatchObject({ items: [], count: 0, subtotal: 0, shipping: 0, total: 0 });
      const receipts = (await mailsOfKind(shop, 'receipt')).filter((m) => m.to_address === s.email);
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.subject).toBe(`Your Robokits India order ${order.orderId}`);
      expect(receipts[0]!.text_body).toContain('Total paid: ₹4,588.00');
      expect((await mailsOfKind(shop, 'new-order')).filter((m) => m.subject.startsWith(`New order ${order.orderId}`))).toHaveLength(1);

      const list = (await s.api.get('/api/UserOrders')).json().orders;
      expect(list).toEqual([
        {
          id: expect.any(Number),
          order_id: order.orderId,
          created_at: expect.any(String),
          status: 'placed',
          items: [
            { title: 'Kit A', quantity: 2, price: 2499.5, image_url: expect.stringMatching(/^\/uploads\//), lineId: expect.any(Number), returnable: 0 },
            { title: 'Sensor', quantity: 1, price: 89, image_url: null, lineId: expect.any(Number), returnable: 0 },
          ],
          address: '12 MG Road, Pune, Maharashtra 411001',
          phone: '+919876543210',
          total_amount: 4588,
          discount: 500,
          shipping: 0,
          coupon_code: `FLAT${kind}`,
          refunded: 0,
          refund_pending: 0,
          courier: null,
          trackingNumber: null,
          trackingUrl: null,
          invoice: expect.stringMatching(/^RK\/\d\d-\d\d\/\d{6}$/),
          creditNotes: [],
          // Placed and not dispatched: the shopper may cancel it; no return before delivery (issue 27).
          cancelable: true,
          returnUntil: null,
          returns: [],
          paymentMethod: 'online',
          codToCollect: 0,
          codFee: 0,
          codCollectedAt: null,
          returnedAt: null,
        },
      ]);
    });

    it('refuses items that do not match the cart, duplicated or unknown ids, and bad quantities', async () => {
      const s = await shopperWithCart([[kitA.id, 1]]);
      const cases: [unknown, number][] = [
        [{ items: [{ productId: kitA.id, quantity: 2 }] }, 409],
        [
          {
            items: [
              { productId: kitA.id, quantity: 1 },
              { productId: kitA.id, quantity: 1 },
            ],
          },
          400,
        ],
        [{ items: [{ productId: 987_654, quantity: 1 }] }, 409],
        [{ items: [] }, 400],
        [{ items: [{ productId: kitA.id, quantity: 0 }] }, 400],
        [{ items: [{ productId: kitA.id, quantity: -1 }] }, 400],
        [{ items: [{ productId: kitA.id, quantity: 1.5 }] }, 400],
        [{ items: [{ productId: kitA.id, quantity: 1e9 }] }, 400],
        [{ items: itemsOf([[kitA.id, 1]]), couponCode: 'NOPE' }, 400],
        ['{"items": [', 400],
      ];
      for (const [body, status] of cases) {
        const res = await s.api.post('/api/createBulkOrder', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().message).toEqual(expect.any(String));
      }
      expect(
        await shop.db
          .selectFrom('orders')
          .select('id')
          .where('user_id', '=', (await s.api.get('/api/me')).json().id)
          .execute(),
      ).toEqual([]);
    });

    it('lets only signed-in shoppers with a verified e-mail check out', async () => {
      const visitor = await shop.app.inject({
        method: 'POST',
        url: '/api/createBulkOrder',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        payload: JSON.stringify({ items: itemsOf([[kitA.id, 1]]) }),
      });
      expect(visitor.statusCode).toBe(401);
      const d = shopperDetails();
      await post(shop, '/api/auth/sign-up/email', d);
      // An unverified shopper cannot even sign in, so no session exists to check out with.
      expect((await post(shop, '/api/auth/sign-in/email', { email: d.email, password: d.password })).statusCode).toBe(403);
    });

    it('refuses a forged or mismatched signature and changes nothing', async () => {
      const s = await shopperWithCart([[kitB.id, 1]]);
      const order = (await s.api.post('/api/createBulkOrder', { items: itemsOf([[kitB.id, 1]]) })).json();
      const paid = await payInSimulation(shop, s.cookie, order.id);
      const forged = [
        { ...paid, razorpay_signature: 'f'.repeat(64) },
        { ...paid, razorpay_payment_id: 'pay_other' },
        { ...paid, razorpay_order_id: 'order_other' },
      ];
      for (const body of forged) {
        const res = await s.api.post('/api/processOrder', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Payment verification failed');
      }
      const row = await shop.db.selectFrom('orders').select(['status', 'paid_at']).where('provider_order_id', '=', order.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'pending_payment', paid_at: null });
      expect((await s.api.get('/api/cart')).json().count).toBe(1);
    });

    it("does not let a shopper complete another shopper's order", async () => {
      const a = await shopperWithCart([[kitB.id, 1]]);
      const b = await shopperWithCart([]);
      const order = (await a.api.post('/api/createBulkOrder', { items: itemsOf([[kitB.id, 1]]) })).json();
      const paid = await payInSimulation(shop, a.cookie, order.id);
      expect((await b.api.post('/api/processOrder', paid)).statusCode).toBe(404);
      expect((await b.api.post(`/api/payments/simulated/${order.id}/pay`)).statusCode).toBe(404);
      expect((await b.api.get('/api/UserOrders', { email: a.email })).json().orders).toEqual([]);
    });

    it('places one order, one receipt and one coupon use from 20 concurrent callbacks and webhooks', async () => {
      const couponId = await makeCoupon(shop, { code: `RACE${kind}`, discount_paise: 1_000, usage_limit: 5 });
      const s = await shopperWithCart([[kitB.id, 1]]);
      const order = (await s.api.post('/api/createBulkOrder', { items: itemsOf([[kitB.id, 1]]), couponCode: `RACE${kind}` })).json();
      const paid = await payInSimulation(shop, s.cookie, order.id);
      const event = JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: paid.razorpay_payment_id, order_id: order.id, status: 'captured' } } },
      });
      const webhook = (i: number) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/razorpay/webhook',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': shop.app.simulatedPayments!.signWebhook(event),
            'x-razorpay-event-id': `evt_race_${kind}_${i % 3}`,
          },
          payload: event,
        });
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? s.api.post('/api/processOrder', paid) : webhook(i))));
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const rows = await shop.db.selectFrom('orders').select(['status']).where('provider_order_id', '=', order.id).execute();
      expect(rows).toEqual([{ status: 'placed' }]);
      expect((await mailsOfKind(shop, 'receipt')).filter((m) => m.to_address === s.email)).toHaveLength(1);
      const coupon = await shop.db.selectFrom('coupons').select(['used_count', 'reserved_count']).where('id', '=', couponId).executeTakeFirstOrThrow();
      expect(coupon).toEqual({ used_count: 1, reserved_count: 0 });
    });

    it('never uses a limited coupon more times than its limit under 50 concurrent checkouts', async () => {
      const couponId = await makeCoupon(shop, { code: `LIMIT${kind}`, discount_paise: 1_000, usage_limit: 3 });
      const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopperWithCart([[cheap.id, 2]])));
      const attempts = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          shoppers[i % 5]!.api.post('/api/createBulkOrder', { items: itemsOf([[cheap.id, 2]]), couponCode: `LIMIT${kind}` }),
        ),
      );
      const ok = attempts.filter((r) => r.statusCode === 200);
      expect(ok.length).toBeGreaterThanOrEqual(3);
      expect(attempts.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409 || r.statusCode === 400)).toBe(true);
      expect(ok.every((r) => r.json().amount === 8_900 * 2 - 1_000)).toBe(true);
      const held = await shop.db.selectFrom('coupons').select(['used_count', 'reserved_count']).where('id', '=', couponId).executeTakeFirstOrThrow();
      expect(Number(held.used_count) + Number(held.reserved_count)).toBeLessThanOrEqual(3);

      // Every shopper now pays every order they were given, all at once.
      const owners = ok.map((r, i) => ({ order: r.json(), shopper: shoppers[attempts.indexOf(r) % 5]!, i }));
      await Promise.all(
        owners.map(async ({ order, shopper }) => {
          const paid = await shopper.api.post(`/api/payments/simulated/${order.id}/pay`);
          if (paid.statusCode === 200) await shopper.api.post('/api/processOrder', paid.json());
        }),
      );
      const placed = await shop.db.selectFrom('orders').select('id').where('coupon_id', '=', couponId).where('status', '=', 'placed').execute();
      const coupon = await shop.db.selectFrom('coupons').select(['used_count', 'reserved_count']).where('id', '=', couponId).executeTakeFirstOrThrow();
      expect(placed.length).toBeGreaterThanOrEqual(1);
      expect(placed.length).toBeLessThanOrEqual(3);
      expect(Number(coupon.used_count)).toBe(placed.length);
      expect(Number(coupon.used_count) + Number(coupon.reserved_count)).toBeLessThanOrEqual(3);
    });

    it('refuses webhooks with a bad signature and changes nothing; completes pending orders from a good one, once', async () => {
      const s = await shopperWithCart([[kitB.id, 1]]);
      const order = (await s.api.post('/api/createBulkOrder', { items: itemsOf([[kitB.id, 1]]) })).json();
      const paid = await payInSimulation(shop, s.cookie, order.id);
      const event = JSON.stringify({
        event: 'order.paid',
        payload: { order: { entity: { id: order.id } }, payment: { entity: { id: paid.razorpay_payment_id, order_id: order.id } } },
      });
      const send = (signature: string, eventId: string, body = event) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/razorpay/webhook',
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
          payload: body,
        });
      const good = shop.app.simulatedPayments!.signWebhook(event);
      expect((await send('0'.repeat(64), 'evt_bad')).statusCode).toBe(400);
      expect((await send(good, 'evt_reserialised', JSON.stringify(JSON.parse(event), null, 1))).statusCode).toBe(400);
      expect((await shop.db.selectFrom('orders').select('status').where('provider_order_id', '=', order.id).executeTakeFirstOrThrow()).status).toBe(
        'pending_payment',
      );

      expect((await send(good, `evt_ok_${kind}`)).json()).toEqual({ status: 'processed' });
      expect((await send(good, `evt_ok_${kind}`)).json()).toEqual({ status: 'duplicate' });
      expect((await shop.db.selectFrom('orders').select('status').where('provider_order_id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('placed');
      // The browser's callback arriving afterwards answers the same order and mails nothing more.
      expect((await s.api.post('/api/processOrder', paid)).json()).toEqual({ success: true, orderId: order.orderId });
      expect((await mailsOfKind(shop, 'receipt')).filter((m) => m.to_address === s.email)).toHaveLength(1);
      // A paid event never moves a canceled order back.
      await shop.db.updateTable('orders').set({ status: 'canceled' }).where('provider_order_id', '=', order.id).execute();
      await send(good, `evt_late_${kind}`);
      expect((await shop.db.selectFrom('orders').select('status').where('provider_order_id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('canceled');
    });

    it('frees the coupon use of a checkout the shopper abandoned when they check out again', async () => {
      const couponId = await makeCoupon(shop, { code: `ONE${kind}`, discount_paise: 500, usage_limit: 1 });
      const s = await shopperWithCart([[kitB.id, 1]]);
      const body = { items: itemsOf([[kitB.id, 1]]), couponCode: `ONE${kind}` };
      const first = (await s.api.post('/api/createBulkOrder', body)).json();
      // The payment dialog was closed; the shopper presses Checkout All again.
      const second = await s.api.post('/api/createBulkOrder', body);
      expect(second.statusCode).toBe(200);
      const statuses = await shop.db
        .selectFrom('orders')
        .select(['provider_order_id', 'status'])
        .where('provider_order_id', 'in', [first.id, second.json().id])
        .execute();
      expect(Object.fromEntries(statuses.map((r) => [r.provider_order_id, r.status]))).toEqual({
        [first.id]: 'canceled',
        [second.json().id]: 'pending_payment',
      });
      expect(await shop.db.selectFrom('coupons').select(['used_count', 'reserved_count']).where('id', '=', couponId).executeTakeFirstOrThrow()).toEqual({
        used_count: 0,
        reserved_count: 1,
      });
    });

    it('places an earlier order that was paid after all, rather than canceling it, when the shopper checks out again', async () => {
      const s = await shopperWithCart([[kitB.id, 1]]);
      const first = (await s.api.post('/api/createBulkOrder', { items: itemsOf([[kitB.id, 1]]) })).json();
      await payInSimulation(shop, s.cookie, first.id); // paid, but the callback never arrived
      await s.api.post('/api/cart', { productId: cheap.id });
      await s.api.post('/api/createBulkOrder', {
        items: itemsOf([
          [kitB.id, 1],
          [cheap.id, 1],
        ]),
      });
      const row = await shop.db.selectFrom('orders').select('status').where('provider_order_id', '=', first.id).executeTakeFirstOrThrow();
      expect(row.status).toBe('placed');
    });

    it('reconciles stale pending orders: completes the paid, cancels the rest and gives their coupon uses back', async () => {
      const { reconcile } = await import('../src/modules/orders/orders.service');
      const couponId = await makeCoupon(shop, { code: `REC${kind}`, discount_paise: 500, usage_limit: 10 });
      const s1 = await shopperWithCart([[kitB.id, 1]]);
      const s2 = await shopperWithCart([[kitB.id, 1]]);
      const paidOrder = (await s1.api.post('/api/createBulkOrder', { items: itemsOf([[kitB.id, 1]]) })).json();
      const abandoned = (await s2.api.post('/api/createBulkOrder', { items: itemsOf([[kitB.id, 1]]), couponCode: `REC${kind}` })).json();
      await payInSimulation(shop, s1.cookie, paidOrder.id);
      const old = new Date(Date.now() - 3_600_000).toISOString();
      await shop.db.updateTable('orders').set({ created_at: old }).where('provider_order_id', 'in', [paidOrder.id, abandoned.id]).execute();
      const result = await reconcile(shop.app.orderDeps, 30);
      expect(result.completed).toBeGreaterThanOrEqual(1);
      const statuses = await shop.db
        .selectFrom('orders')
        .select(['provider_order_id', 'status'])
        .where('provider_order_id', 'in', [paidOrder.id, abandoned.id])
        .execute();
      expect(Object.fromEntries(statuses.map((r) => [r.provider_order_id, r.status]))).toEqual({ [paidOrder.id]: 'placed', [abandoned.id]: 'canceled' });
      const coupon = await shop.db.selectFrom('coupons').select(['used_count', 'reserved_count']).where('id', '=', couponId).executeTakeFirstOrThrow();
      expect(coupon).toEqual({ used_count: 0, reserved_count: 0 });
    });
  });
});
