import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { reconcile } from '../src/modules/orders/orders.service';
import { adminToken } from './helpers/admin';
import { moneyOf, startAdminShop, type Admin, type Factories } from './helpers/admin-shop';
import { makeCoupon, mailsOfKind, payInSimulation, shopperWithCart, type as } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { ORIGIN, type verifiedShopper } from './helpers/shoppers';
import { startTestShop, stockOf, type TestShop } from './helpers/test-app';

type Shopper = Awaited<ReturnType<typeof verifiedShopper>> & { api: ReturnType<typeof as> };

describe.each(DB_KINDS)('money at the edges on %s', (kind) => {
  let shop: TestShop, f: Factories, categoryId: number, admin: Admin;
  let base: string;

  beforeAll(async () => {
    // Webhooks are sent by the tests (or settled by reconciliation) when they mean to. The file's ~600
    // requests from one address come within a minute: the per-minute limit (600, tested elsewhere) would
    // refuse the last ones, whichever tests those are.
    ({ shop, f, categoryId, admin } = await startAdminShop(kind, 'Money kits', {
      SIMULATED_WEBHOOK_DELAY_MS: '60000',
      SHOP_EMAIL: 'shop@example.com',
      RATE_LIMIT_PER_MINUTE: '1000000',
    }));
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => shop.close());

  const shopperWith = (items: [number, number][]): Promise<Shopper> => shopperWithCart(shop, items);

  /** POST over real HTTP, as a browser or the dashboard would, many at once. */
  async function http(path: string, body: unknown, headers: Record<string, string>) {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  async function httpPatch(path: string, body: unknown, headers: Record<string, string>) {
    const res = await fetch(`${base}${path}`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** A paid order of `pricePaise` (one unit of a new product), placed through the real checkout. */
  async function paidOrder(pricePaise = 100_000, quantity = 1) {
    const kit = await f.product({ title: `Kit ${Math.random().toString(36).slice(2, 7)}`, categoryId, pricePaise });
    const s = await shopperWith([[kit.id, quantity]]);
    const created = (await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity }] })).json() as { id: string; orderId: string };
    const paid = await payInSimulation(shop, s.cookie, created.id);
    expect((await s.api.post('/api/processOrder', paid)).json()).toMatchObject({ success: true });
    return { s, created, paid, kit };
  }

  const refundsOf = (orderCode: string) =>
    shop.db
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .select(['refunds.id', 'refunds.amount_paise', 'refunds.status', 'refunds.kind', 'refunds.failure_reason', 'refunds.provider_refund_id'])
      .where('orders.order_code', '=', orderCode)
      .orderBy('refunds.id')
      .execute();

  describe('refunds', () => {
    let adminAuth: Record<string, string>;
    beforeAll(async () => {
      adminAuth = { authorization: `Bearer ${await adminToken(shop)}` };
    });

    it('cancelling a paid order refunds all of it exactly once, even from 10 concurrent cancel requests', async () => {
      const { s, created, paid } = await paidOrder(123_450);
      const answers = await Promise.all(Array.from({ length: 10 }, () => httpPatch(`/api/UserOrders/${created.orderId}`, { status: 'canceled' }, adminAuth)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual(Array.from({ length: 9 }, () => 409));
      expect(answers.find((a) => a.status === 200)!.body.refund).toBe(1234.5);

      let rows = await refundsOf(created.orderId);
      expect(rows).toEqual([expect.objectContaining({ amount_paise: 123_450, status: 'pending', kind: 'cancel' })]);
      expect(rows[0]!.provider_refund_id).toMatch(/^rfnd_SIM/);
      // The cancellation mail says what really happens to the money.
      const cancelMail = (await mailsOfKind(shop, 'order-canceled')).find((m) => m.to_address === s.email)!;
      expect(cancelMail.text_body).toContain('refund ₹1,234.50 to your original payment method');

      // Reconciliation asks the provider, which has processed it: the refund is processed, once.
      await reconcile(shop.app.orderDeps, 30);
      await reconcile(shop.app.orderDeps, 30);
      rows = await refundsOf(created.orderId);
      expect(rows).toEqual([expect.objectContaining({ amount_paise: 123_450, status: 'processed' })]);
      expect((await mailsOfKind(shop, 'refund-processed')).filter((m) => m.to_address === s.email)).toHaveLength(1);

      // The shopper sees it on Your Orders.
      const mine = (await s.api.get('/api/UserOrders')).json().orders as { order_id: string; status: string; refunded: number; refund_pending: number }[];
      expect(mine.find((o) => o.order_id === created.orderId)).toMatchObject({ status: 'canceled', refunded: 1234.5, refund_pending: 0 });
      // The provider was asked once.
      const sims = await shop.db.selectFrom('simulated_refunds').select('amount_paise').where('payment_id', '=', paid.razorpay_payment_id).execute();
      expect(sims).toEqual([{ amount_paise: 123_450 }]);
    });

    it('partial refunds by amount never exceed what was paid, under 10 concurrent requests; one key refunds once', async () => {
      const { created } = await paidOrder(100_000);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          http(`/api/admin/orders/${created.orderId}/refunds`, { amount: 400, idempotencyKey: `part-${kind}-${created.orderId}-${i}` }, adminAuth),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
      expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.message])).toEqual(
        Array.from({ length: 8 }, () => [409, 'At most ₹200.00 can still be refunded for this order.']),
      );

      const same = await Promise.all(
        Array.from({ length: 10 }, () =>
          http(`/api/admin/orders/${created.orderId}/refunds`, { amount: 150, idempotencyKey: `again-${kind}-${created.orderId}` }, adminAuth),
        ),
      );
      expect(same.every((a) => a.status === 201)).toBe(true);
      expect(new Set(same.map((a) => a.body.id)).size).toBe(1);

      const rows = await refundsOf(created.orderId);
      expect(rows.map((r) => r.amount_paise).sort()).toEqual([15_000, 40_000, 40_000]);
      const money = await moneyOf(admin, created.orderId);
      expect(money.refundable).toBe(50);
      expect(money.payments).toEqual([expect.objectContaining({ amount: 1000, refunded: 950, late: false })]);
      expect(
        (await admin.post(`/api/admin/orders/${created.orderId}/refunds`, { amount: 50.01, idempotencyKey: `over-${kind}-${created.orderId}` })).statusCode,
      ).toBe(409);
    });

    it('keeps an idempotency key to its order: the same key on another order is a 409 and leaves it unrefunded, also when both race', async () => {
      const a = (await paidOrder(50_000)).created;
      const b = (await paidOrder(50_000)).created;
      const key = `scoped-${kind}-${a.orderId}`;
      const first = await http(`/api/admin/orders/${a.orderId}/refunds`, { amount: 100, idempotencyKey: key }, adminAuth);
      expect(first.status).toBe(201);
      const elsewhere = await http(`/api/admin/orders/${b.orderId}/refunds`, { amount: 100, idempotencyKey: key }, adminAuth);
      expect(elsewhere).toEqual({
        status: 409,
        body: {
          code: 'idempotency_key_reused',
          message: 'This idempotencyKey was already used for a refund of another order. Send a new key for this refund.',
        },
      });
      // The same key on its own order still answers the first refund.
      const again = await http(`/api/admin/orders/${a.orderId}/refunds`, { amount: 200, idempotencyKey: key }, adminAuth);
      expect(again).toMatchObject({ status: 201, body: { id: first.body.id, amount: 100 } });
      expect(await refundsOf(b.orderId)).toEqual([]);
      expect((await refundsOf(a.orderId)).map((r) => r.amount_paise)).toEqual([10_000]);

      // One new key sent to both orders at once, five times each: one order gets one refund, the other 409s.
      const raced = `raced-${kind}-${b.orderId}`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          http(`/api/admin/orders/${i % 2 ? a.orderId : b.orderId}/refunds`, { amount: 50, idempotencyKey: raced }, adminAuth),
        ),
      );
      const won = answers.filter((x) => x.status === 201);
      expect(new Set(won.map((x) => x.body.id)).size).toBe(1);
      expect(answers.filter((x) => x.status !== 201).every((x) => x.status === 409 && x.body.code === 'idempotency_key_reused')).toBe(true);
      const rows = [...(await refundsOf(a.orderId)), ...(await refundsOf(b.orderId))].filter((r) => r.amount_paise === 5_000);
      expect(rows).toHaveLength(1);
      expect(won).toHaveLength(5);

      // The shop's own keys are not for the dashboard: one would block that order's cancellation refund.
      const reserved = await http(`/api/admin/orders/${b.orderId}/refunds`, { amount: 1, idempotencyKey: `cancel:${b.orderId}-x` }, adminAuth);
      expect(reserved.status).toBe(400);
    });

    it('refunds whole lines at their share of the discount and puts their units back on sale', async () => {
      const a = await f.product({ title: 'Line kit A', categoryId, pricePaise: 60_000, stock: 10 });
      const b = await f.product({ title: 'Line kit B', categoryId, pricePaise: 40_000 });
      await makeCoupon(shop, { code: `TENOFF${kind}`, discount_percent: 10 });
      const s = await shopperWith([
        [a.id, 2],
        [b.id, 1],
      ]);
      const created = (
        await s.api.post('/api/createBulkOrder', {
          items: [
            { productId: a.id, quantity: 2 },
            { productId: b.id, quantity: 1 },
          ],
          couponCode: `TENOFF${kind}`,
        })
      ).json();
      await s.api.post('/api/processOrder', await payInSimulation(shop, s.cookie, created.id));
      const money = await moneyOf(admin, created.orderId);
      const lineA = money.lines.find((l) => l.title === 'Line kit A')!;
      const refund = await admin.post(`/api/admin/orders/${created.orderId}/refunds`, {
        lines: [lineA.id],
        idempotencyKey: `lines-${kind}-${created.orderId}`,
      });
      expect(refund.statusCode).toBe(201);
      expect(refund.json().amount).toBe(1080); // 2 × ₹600 less 10 %
      expect(await stockOf(shop, a.id)).toBe(10);
      const again = await admin.post(`/api/admin/orders/${created.orderId}/refunds`, {
        lines: [lineA.id],
        idempotencyKey: `lines2-${kind}-${created.orderId}`,
      });
      expect(again.statusCode).toBe(400);
      expect(
        (await admin.post(`/api/admin/orders/${created.orderId}/refunds`, { lines: [lineA.id], amount: 5, idempotencyKey: `both-${kind}-${created.orderId}` }))
          .statusCode,
      ).toBe(400);
    });

    it('shows a refund the provider refused, with its reason, and lets the admin retry it', async () => {
      const { created, paid } = await paidOrder(50_000);
      await shop.db.updateTable('simulated_payments').set({ status: 'failed' }).where('id', '=', paid.razorpay_payment_id).execute();
      const refused = await admin.post(`/api/admin/orders/${created.orderId}/refunds`, { amount: 100, idempotencyKey: `fail-${kind}-${created.orderId}` });
      expect(refused.statusCode).toBe(201);
      expect(refused.json()).toMatchObject({ status: 'failed', failureReason: 'The payment is not captured' });
      // A failed refund sets nothing aside.
      expect((await admin.get(`/api/admin/orders/${created.orderId}/money`)).json().refundable).toBe(500);

      await shop.db.updateTable('simulated_payments').set({ status: 'captured' }).where('id', '=', paid.razorpay_payment_id).execute();
      const retried = await admin.post(`/api/admin/refunds/${refused.json().id}/retry`, {});
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ status: 'pending', failureReason: null });
      expect((await admin.post(`/api/admin/refunds/${refused.json().id}/retry`, {})).statusCode).toBe(409);
      await reconcile(shop.app.orderDeps, 30);
      expect((await refundsOf(created.orderId)).map((r) => r.status)).toEqual(['processed']);
    });

    it('updates refunds from signed refund webhooks, once', async () => {
      const { created } = await paidOrder(30_000);
      const refund = (
        await admin.post(`/api/admin/orders/${created.orderId}/refunds`, { amount: 100, idempotencyKey: `hook-${kind}-${created.orderId}` })
      ).json();
      const event = JSON.stringify({
        event: 'refund.processed',
        payload: { refund: { entity: { id: refund.providerRefundId, status: 'processed', amount: 10_000 } } },
      });
      const send = (signature?: string) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/razorpay/webhook',
          headers: {
            'content-type': 'application/json',
            ...(signature ? { 'x-razorpay-signature': signature } : {}),
            'x-razorpay-event-id': `evt_r_${refund.id}_${kind}`,
          },
          payload: event,
        });
      expect((await send()).statusCode).toBe(400);
      expect((await send('0'.repeat(64))).statusCode).toBe(400);
      expect((await refundsOf(created.orderId))[0]!.status).toBe('pending');
      expect((await send(shop.app.simulatedPayments!.signWebhook(event))).json()).toEqual({ status: 'processed' });
      expect((await send(shop.app.simulatedPayments!.signWebhook(event))).json()).toEqual({ status: 'duplicate' });
      expect((await refundsOf(created.orderId))[0]!.status).toBe('processed');
    });
  });

  describe('late payments', () => {
    it('records, flags, refunds and mails a payment for an order that was canceled meanwhile; processOrder answers failure', async () => {
      const kit = await f.product({ title: 'Late kit', categoryId, pricePaise: 75_000 });
      const s = await shopperWith([[kit.id, 1]]);
      const old = (await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }] })).json();
      // The shopper starts a new checkout (the first dialog left open in another tab): the old order is canceled.
      const fresh = await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }] });
      expect(fresh.statusCode).toBe(200);
      expect((await shop.db.selectFrom('orders').select('status').where('provider_order_id', '=', old.id).executeTakeFirstOrThrow()).status).toBe('canceled');

      // Then pays in the old tab: the provider captures the money.
      const paid = await payInSimulation(shop, s.cookie, old.id);
      const answers = await Promise.all([s.api.post('/api/processOrder', paid), s.api.post('/api/processOrder', paid)]);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toMatchObject({ code: 'payment_late', message: expect.stringContaining('Your payment of ₹750.00 is being refunded') });
        expect(answer.json().success).toBeUndefined();
      }
      // The webhook for the same payment refunds nothing more.
      const event = JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: paid.razorpay_payment_id, order_id: old.id, status: 'captured' } } },
      });
      await shop.app.inject({
        method: 'POST',
        url: '/api/razorpay/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': shop.app.simulatedPayments!.signWebhook(event) },
        payload: event,
      });

      const order = await shop.db
        .selectFrom('orders')
        .select(['id', 'order_code', 'status', 'flag'])
        .where('provider_order_id', '=', old.id)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ status: 'canceled', flag: 'late_payment' });
      const payments = await shop.db
        .selectFrom('order_payments')
        .select(['provider_payment_id', 'amount_paise', 'late'])
        .where('order_id', '=', order.id)
        .execute();
      expect(payments).toEqual([{ provider_payment_id: paid.razorpay_payment_id, amount_paise: 75_000, late: 1 }]);
      expect(await refundsOf(order.order_code)).toEqual([expect.objectContaining({ amount_paise: 75_000, kind: 'late_payment', status: 'pending' })]);
      expect((await mailsOfKind(shop, 'late-payment')).filter((m) => m.to_address === s.email)).toHaveLength(1);
      expect((await mailsOfKind(shop, 'late-payment-notice')).filter((m) => m.text_body.includes(order.order_code))).toHaveLength(1);

      // The admin sees it flagged in the orders list; reconciliation completes the refund.
      const list = (await admin.get(`/api/ordersAdmin?q=${order.order_code}`)).json();
      expect(list).toEqual([expect.objectContaining({ orderId: order.order_code, flag: 'late_payment', status: 'canceled', nextStatuses: [] })]);
      await reconcile(shop.app.orderDeps, 30);
      expect((await refundsOf(order.order_code))[0]!.status).toBe('processed');
      const mine = (await s.api.get('/api/UserOrders')).json().orders as { order_id: string; refunded: number }[];
      expect(mine.find((o) => o.order_id === order.order_code)?.refunded).toBe(750);
    });

    it('captures at most one payment per order in the simulated checkout, under 10 concurrent Pay clicks', async () => {
      const kit = await f.product({ title: 'Click kit', categoryId, pricePaise: 20_000 });
      const s = await shopperWith([[kit.id, 1]]);
      const created = (await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }] })).json();
      const clicks = await Promise.all(Array.from({ length: 10 }, () => http(`/api/payments/simulated/${created.id}/pay`, {}, { cookie: s.cookie })));
      expect(clicks.every((c) => c.status === 200)).toBe(true);
      expect(new Set(clicks.map((c) => c.body.razorpay_payment_id)).size).toBe(1);
      const captured = await shop.db
        .selectFrom('simulated_payments')
        .select('id')
        .where('order_id', '=', created.id)
        .where('status', '=', 'captured')
        .execute();
      expect(captured).toHaveLength(1);
    });
  });

  describe('coupon limits held by the database', () => {
    it('gives a once-per-customer coupon at most one paid use to one shopper checking out 10 times at once, in several rounds', async () => {
      const kit = await f.product({ title: 'Once kit', categoryId, pricePaise: 30_000 });
      for (let round = 0; round < 3; round++) {
        const code = `ONCE${kind}${round}`;
        const couponId = await makeCoupon(shop, { code, discount_paise: 1_000, once_per_customer: 1 });
        const s = await shopperWith([[kit.id, 1]]);
        const answers = await Promise.all(
          Array.from({ length: 10 }, () =>
            http('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }], couponCode: code }, { cookie: s.cookie }),
          ),
        );
        const refusals = answers.filter((a) => a.status !== 200);
        expect(
          refusals.every((a) => a.status === 409 && a.body.message === 'You have already used this coupon'),
          JSON.stringify(refusals.map((r) => r.body)),
        ).toBe(true);
        // Every order the shopper was given is now paid, all at once.
        await Promise.all(
          answers
            .filter((a) => a.status === 200)
            .map(async (a) => {
              const paid = await payInSimulation(shop, s.cookie, String(a.body.id));
              await http('/api/processOrder', paid, { cookie: s.cookie });
            }),
        );
        const used = await shop.db.selectFrom('orders').select('id').where('coupon_id', '=', couponId).where('status', '=', 'placed').execute();
        expect(used.length, `round ${round}`).toBeLessThanOrEqual(1);
        const coupon = await shop.db.selectFrom('coupons').select(['used_count', 'reserved_count']).where('id', '=', couponId).executeTakeFirstOrThrow();
        expect(Number(coupon.used_count) + Number(coupon.reserved_count)).toBeLessThanOrEqual(1);
      }
    }, 60_000);

    it('gives a limit-5 coupon exactly 5 uses among 50 shoppers checking out at once', async () => {
      const kit = await f.product({ title: 'Limit kit', categoryId, pricePaise: 30_000 });
      const code = `FIVE${kind}`;
      const couponId = await makeCoupon(shop, { code, discount_paise: 1_000, usage_limit: 5 });
      const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopperWith([[kit.id, 1]])));
      const answers = await Promise.all(
        shoppers.map((s) => http('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }], couponCode: code }, { cookie: s.cookie })),
      );
      const winners = answers.map((a, i) => ({ a, s: shoppers[i]! })).filter(({ a }) => a.status === 200);
      expect(winners).toHaveLength(5);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 && a.body.message === 'This coupon has been fully used')).toBe(true);
      await Promise.all(
        winners.map(async ({ a, s }) => http('/api/processOrder', await payInSimulation(shop, s.cookie, String(a.body.id)), { cookie: s.cookie })),
      );
      const coupon = await shop.db.selectFrom('coupons').select(['used_count', 'reserved_count']).where('id', '=', couponId).executeTakeFirstOrThrow();
      expect({ used: Number(coupon.used_count), held: Number(coupon.reserved_count) }).toEqual({ used: 5, held: 0 });
      // A refusal found by the rules answers the same as one found by the database.
      const late = await shopperWith([[kit.id, 1]]);
      const refused = await late.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }], couponCode: code });
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual({ status: 409, message: 'This coupon has been fully used' });
    }, 60_000);
  });

  describe('rules at the edges', () => {
    it('refuses free products in the cart and at checkout: they are only claimable', async () => {
      const free = await f.product({ title: 'Free school kit', categoryId, pricePaise: 0 });
      const paidKit = await f.product({ title: 'Paid kit', categoryId, pricePaise: 50_000 });
      const s = await shopperWith([[paidKit.id, 1]]);
      const add = await s.api.post('/api/cart', { productId: free.id, quantity: 99 });
      expect(add.statusCode).toBe(400);
      expect(add.json()).toMatchObject({ code: 'free_product', message: 'Free kits cannot be bought. Claim them with the form on the product page.' });
      // Even when it got into the cart some other way (added before it became free).
      await shop.db
        .insertInto('cart_items')
        .values({
          user_id: (await shop.db.selectFrom('user').select('id').where('email', '=', s.email).executeTakeFirstOrThrow()).id,
          product_id: free.id,
          quantity: 99,
          added_price_paise: 0,
        })
        .execute();
      const order = await s.api.post('/api/createBulkOrder', {
        items: [
          { productId: paidKit.id, quantity: 1 },
          { productId: free.id, quantity: 99 },
        ],
      });
      expect(order.statusCode).toBe(400);
      expect(order.json().code).toBe('free_product');
    });

    it('refuses orders under ₹1.00', async () => {
      const tiny = await f.product({ title: 'Tiny part', categoryId, pricePaise: 99 });
      const s = await shopperWith([[tiny.id, 1]]);
      const res = await s.api.post('/api/createBulkOrder', { items: [{ productId: tiny.id, quantity: 1 }] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'total_too_small', message: 'Orders must total at least ₹1.00' });
      const ok = await f.product({ title: 'One rupee part', categoryId, pricePaise: 100 });
      const t = await shopperWith([[ok.id, 1]]);
      expect((await t.api.post('/api/createBulkOrder', { items: [{ productId: ok.id, quantity: 1 }] })).statusCode).toBe(200);
    });

    it('does not let the admin move an order still awaiting payment', async () => {
      const kit = await f.product({ title: 'Pending kit', categoryId, pricePaise: 10_000 });
      const s = await shopperWith([[kit.id, 1]]);
      const created = (await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }] })).json();
      for (const status of ['placed', 'dispatched', 'delivered', 'canceled']) {
        expect((await admin.patch(`/api/UserOrders/${created.orderId}`, { status, courier: 'Delhivery', trackingNumber: 'DL123456' })).statusCode).toBe(404);
      }
      expect((await shop.db.selectFrom('orders').select('status').where('provider_order_id', '=', created.id).executeTakeFirstOrThrow()).status).toBe(
        'pending_payment',
      );
    });

    it('answers 4xx, never 5xx, and the same on both databases, to numbers up to 10^20 in every numeric field', async () => {
      const huge = [1e20, -1e20, 2 ** 31, 2 ** 53, '100000000000000000000', 99_999_999_999, 'NaN'];
      const kit = await f.product({ title: 'Bounds kit', categoryId, pricePaise: 10_000 });
      const s = await shopperWith([[kit.id, 1]]);
      const answers: number[] = [];
      for (const n of huge) {
        const coupon = { code: `BIG${answers.length}${kind}`, discount: 10, product_id: n, usage_limit: n, discount_percent: n, min_purchase: n };
        answers.push((await admin.post('/api/coupons', coupon)).statusCode);
        answers.push((await admin.post('/api/coupons', { code: `BIGL${answers.length}${kind}`, discount: 10, usage_limit: n })).statusCode);
        answers.push((await admin.post('/api/coupons', { code: `BIGP${answers.length}${kind}`, discount: 10, product_id: n })).statusCode);
        answers.push((await admin.post('/api/coupons', { code: `BIGD${answers.length}${kind}`, discount: n })).statusCode);
        answers.push((await s.api.post('/api/cart', { productId: n, quantity: 1 })).statusCode);
        answers.push((await s.api.patch(`/api/cart/${kit.id}`, { quantity: n })).statusCode);
        answers.push((await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: n }] })).statusCode);
        answers.push((await shop.app.inject(`/api/product/${String(n)}`)).statusCode);
        answers.push((await admin.get(`/api/ordersAdmin?page=${String(n)}`)).statusCode);
        answers.push((await admin.post('/api/admin/orders/RK000001/refunds', { amount: n, idempotencyKey: `bounds-${answers.length}` })).statusCode);
        answers.push((await admin.post('/api/admin/orders/RK000001/refunds', { lines: [n], idempotencyKey: `bounds-${answers.length}` })).statusCode);
        answers.push((await admin.post(`/api/admin/refunds/${String(n)}/retry`, {})).statusCode);
        answers.push((await admin.form('PATCH', `/api/products/${kit.id}`, [{ name: 'price', value: String(n) }])).statusCode);
      }
      expect(answers.filter((code) => code >= 500)).toEqual([]);
      expect(answers.map((code, i) => [code, i]).filter(([code]) => code === 200 || code === 201)).toEqual([]);
    });

    it('refuses webhooks without a signature header', async () => {
      const event = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_x', order_id: 'order_x', status: 'captured' } } } });
      const res = await shop.app.inject({ method: 'POST', url: '/api/razorpay/webhook', headers: { 'content-type': 'application/json' }, payload: event });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'signature_invalid' });
    });
  });
});

describe('configuration and headers for money', () => {
  it('refuses to start with Razorpay keys but no webhook secret, naming the variable', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc123', RAZORPAY_KEY_SECRET: 'secret-123456' })).toThrow(/RAZORPAY_WEBHOOK_SECRET/);
    expect(() =>
      loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc123', RAZORPAY_KEY_SECRET: 'secret-123456', RAZORPAY_WEBHOOK_SECRET: 'whsec-123456' }),
    ).not.toThrow();
  });

  it('sends HSTS only when the public address is https', async () => {
    const plain = await startTestShop('sqlite');
    const tls = await startTestShop('sqlite', { PUBLIC_URL: 'https://shop.example.in' });
    try {
      expect((await plain.app.inject('/api/health')).headers['strict-transport-security']).toBeUndefined();
      expect((await tls.app.inject('/api/health')).headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await plain.close();
      await tls.close();
    }
  });
});
