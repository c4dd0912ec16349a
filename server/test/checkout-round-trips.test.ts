import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, payInSimulation } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

// On PostgreSQL every statement is a round trip: the shop's CPU per order grows with them (a write to
// the socket, an answer to parse). A checkout reads what it needs once per request (decision 080).
describe.each(DB_KINDS.filter((k) => k === 'postgres'))('round trips of a checkout on %s', (kind) => {
  let shop: TestShop;
  const statements: string[] = [];
  let counting = false;
  const query = pg.Client.prototype.query;
  beforeAll(async () => {
    // Every statement any connection sends (begin and commit included), while counting; before the
    // shop opens its connections (the pool keeps each client's query method).
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string };
      if (counting) statements.push(typeof q === 'string' ? q : String(q.text));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    shop = await startTestShop(kind, { SIMULATED_WEBHOOK_DELAY_MS: '60000' });
  });
  afterAll(async () => {
    pg.Client.prototype.query = query;
    await shop.close();
  });

  async function counted<T>(run: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
    statements.length = 0;
    counting = true;
    try {
      return { result: await run(), sent: [...statements] };
    } finally {
      counting = false;
    }
  }
  const reading = (sent: string[], table: string) => sent.filter((s) => new RegExp(`^select .* from "?${table}"? `, 'i').test(s)).length;

  it('reads the version and the shipping rules once and the profile with the session when adding to the cart and ordering, the settings once and no order (placed and read back by one update) when placing, and no transaction for a webhook after', async () => {
    const f = factories(shop);
    const { id: categoryId } = await f.category();
    const product = await f.product({ categoryId, pricePaise: 49_900 });
    const s = await verifiedShopper(shop);
    const api = as(shop, s.cookie);

    const cart = await counted(() => api.post('/api/cart', { productId: product.id, quantity: 1 }));
    expect(cart.result.statusCode).toBe(200);
    expect(cart.result.json()).toMatchObject({ count: 1, subtotal: 499, total: 499 });
    expect(reading(cart.sent, 'public_cache_version')).toBe(1);
    expect(reading(cart.sent, 'shipping_settings')).toBe(1);
    // The shopper's profile (the pincode to quote) came with the session (decision 089).
    expect(reading(cart.sent, 'user')).toBe(0);

    const created = await counted(() => api.post('/api/createBulkOrder', { items: [{ productId: product.id, quantity: 1 }] }));
    expect(created.result.statusCode).toBe(200);
    // The address and the blocked check from the session's read of the account too.
    expect(reading(created.sent, 'user')).toBe(0);
    const order = created.result.json() as { id: string; orderId: string };
    const payment = await payInSimulation(shop, s.cookie, order.id);
    const placed = await counted(() => api.post('/api/processOrder', payment));
    expect(placed.result.json()).toEqual({ success: true, orderId: order.orderId });
    expect(reading(placed.sent, 'app_settings')).toBe(1);
    // Placed and read back in one statement (decision 086): no read of the order before or after.
    expect(reading(placed.sent, 'orders')).toBe(0);
    expect(placed.sent.filter((sql) => /^update "orders"/i.test(sql))).toHaveLength(1);

    // The simulated provider's payment.captured, due now: the order is placed already.
    await shop.db
      .updateTable('simulated_webhooks')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();
    const webhook = await counted(() => shop.app.simulatedWebhooks!.deliverDue());
    expect(webhook.result).toBe(1);
    expect(webhook.sent.filter((sql) => /^(begin|update "orders")/i.test(sql))).toEqual([]);
    const row = await shop.db.selectFrom('orders').select(['status', 'provider_payment_id']).where('order_code', '=', order.orderId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'placed', provider_payment_id: payment.razorpay_payment_id });
    const payments = await shop.db.selectFrom('order_payments').select('late').where('provider_payment_id', '=', payment.razorpay_payment_id).execute();
    expect(payments).toEqual([{ late: 0 }]);
  });
});
