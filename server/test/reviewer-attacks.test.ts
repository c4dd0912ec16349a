import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyOf, startAdminShop, type Admin, type Factories } from './helpers/admin-shop';
import { makeCoupon, paidOrderFrom, shopperWithCart } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { stockOf, type TestShop } from './helpers/test-app';

/**
 * An outside reviewer's attacks on the newer features (variants, kits, coupons with limits, COD,
 * returns and refunds), many requests at once in several rounds: on PostgreSQL they really run at
 * the same time, and two transactions that lock the same rows in different orders deadlock (the
 * database then aborts one: a 500 for a shopper or an admin who did nothing wrong).
 */
const ROUNDS = 4;

describe.each(DB_KINDS)('a reviewer racing the newer features on %s', (kind) => {
  let shop: TestShop, f: Factories, categoryId: number, admin: Admin;

  beforeAll(async () => {
    ({ shop, f, categoryId, admin } = await startAdminShop(kind, 'Attacked kits', {
      SIMULATED_WEBHOOK_DELAY_MS: '60000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT: '0',
    }));
  });
  afterAll(() => shop.close());

  const no5xx = (answers: { statusCode: number; body: string }[]) => {
    const failed = answers.filter((a) => a.statusCode >= 500).map((a) => `${a.statusCode} ${a.body}`);
    expect(failed).toEqual([]);
  };

  it('cancels paid orders of a kit and its parts while others check the same kit, parts and coupon out: no deadlock, every unit counted', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // Parts listed with the higher id first: giving them back in that order crosses a checkout that takes them by id.
      const motor = await f.product({ title: `Cancel motor ${round}`, categoryId, stock: 1000, pricePaise: 20_000 });
      const board = await f.product({ title: `Cancel board ${round}`, categoryId, stock: 1000, pricePaise: 30_000 });
      const kit = await f.product({ title: `Cancel kit ${round}`, categoryId, pricePaise: 80_000 });
      const parts = await admin.put(`/api/admin/products/${kit.id}/parts`, {
        parts: [
          { productId: board.id, quantity: 1 },
          { productId: motor.id, quantity: 2 },
        ],
      });
      expect(parts.statusCode, parts.body).toBe(200);
      const code = `RACE${kind}${round}`.toUpperCase();
      await makeCoupon(shop, { code, discount_paise: 1_000 });
      const items: [number, number][] = [
        [board.id, 1],
        [kit.id, 1],
        [motor.id, 1],
      ];
      const paid = await Promise.all(Array.from({ length: 6 }, () => paidOrderFrom(shop, 'Maharashtra', items, code)));
      const buyers = await Promise.all(Array.from({ length: 6 }, () => shopperWithCart(shop, items)));
      const lines = items.map(([productId, quantity]) => ({ productId, quantity }));
      const answers = await Promise.all([
        ...paid.map((p) => admin.patch(`/api/UserOrders/${p.order.orderId}`, { status: 'canceled' })),
        ...buyers.map((b) => b.api.post('/api/createBulkOrder', { items: lines, couponCode: code })),
      ]);
      no5xx(answers);
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      // Six orders hold 1 board and 3 motors each; the canceled ones gave theirs back.
      expect(await stockOf(shop, board.id)).toBe(1000 - 2 * 6);
      expect(await stockOf(shop, motor.id)).toBe(1000 - 3 * 6);
    }
  }, 120_000);

  it('refunds whole lines of an order while the admin and the shopper cancel it: no deadlock, paid back at most once, units back once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const wheel = await f.product({ title: `Refund wheel ${round}`, categoryId, stock: 100, pricePaise: 10_000 });
      const sensor = await f.product({ title: `Refund sensor ${round}`, categoryId, stock: 100, pricePaise: 20_000 });
      const { api, order } = await paidOrderFrom(shop, 'Maharashtra', [
        [sensor.id, 2],
        [wheel.id, 3],
      ]);
      const lines = (await moneyOf(admin, order.orderId)).lines.map((l) => l.id);
      const answers = await Promise.all([
        admin.post(`/api/admin/orders/${order.orderId}/refunds`, { lines: [lines[1]], idempotencyKey: `lines-${kind}-${round}-1` }),
        admin.patch(`/api/UserOrders/${order.orderId}`, { status: 'canceled' }),
        admin.post(`/api/admin/orders/${order.orderId}/refunds`, { lines: [lines[0]], idempotencyKey: `lines-${kind}-${round}-0` }),
        api.post(`/api/orders/${order.orderId}/cancel`),
      ]);
      no5xx(answers);
      const money = await moneyOf(admin, order.orderId);
      expect(money.refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(700);
      expect(await stockOf(shop, wheel.id)).toBe(100);
      expect(await stockOf(shop, sensor.id)).toBe(100);
    }
  }, 120_000);
  it('takes COD parcels back from the courier while others order the same goods with the same coupon: no deadlock', async () => {
    expect((await admin.put('/api/admin/shipping', { cod: { enabled: true } })).statusCode).toBe(200);
    for (let round = 0; round < ROUNDS; round++) {
      const drone = await f.product({ title: `Returned drone ${round}`, categoryId, stock: 1000, pricePaise: 40_000 });
      const prop = await f.product({ title: `Returned prop ${round}`, categoryId, stock: 1000, pricePaise: 5_000 });
      const code = `RTO${kind}${round}`.toUpperCase();
      await makeCoupon(shop, { code, discount_paise: 1_000 });
      const items: [number, number][] = [
        [drone.id, 1],
        [prop.id, 4],
      ];
      const lines = items.map(([productId, quantity]) => ({ productId, quantity }));
      const cod = (b: Awaited<ReturnType<typeof shopperWithCart>>) =>
        b.api.post('/api/createBulkOrder', { items: lines, couponCode: code, paymentMethod: 'cod' });
      const sent = await Promise.all(Array.from({ length: 6 }, async () => (await cod(await shopperWithCart(shop, items))).json().orderId as string));
      for (const orderId of sent) expect((await admin.patch(`/api/UserOrders/${orderId}`, { status: 'dispatched' })).statusCode).toBe(200);
      const buyers = await Promise.all(Array.from({ length: 6 }, () => shopperWithCart(shop, items)));
      const answers = await Promise.all([...sent.map((orderId) => admin.patch(`/api/UserOrders/${orderId}`, { status: 'returned' })), ...buyers.map(cod)]);
      no5xx(answers);
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      expect(await stockOf(shop, drone.id)).toBe(1000 - 6);
      expect(await stockOf(shop, prop.id)).toBe(1000 - 4 * 6);
    }
    expect((await admin.put('/api/admin/shipping', {})).statusCode).toBe(200);
  }, 120_000);
});
