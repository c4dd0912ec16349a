import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, payInSimulation } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, stockOf, type TestShop } from './helpers/test-app';

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
      const q = args[0] as string | { text?: string; begin?: string };
      const text = typeof q === 'string' ? q : String(q.text);
      // A transaction's begin rides with its first statement (decision 098): counted as sent.
      if (counting && typeof q !== 'string' && q.begin) statements.push(q.begin);
      // Not the checkout's: the pool's probe of a connection.
      if (counting && text !== 'select 1') statements.push(text);
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
  /** The simulated provider's webhooks, due now, delivered (the moving of their time is not counted). */
  async function deliverWebhooksNow(): Promise<number> {
    counting = false;
    await shop.db
      .updateTable('simulated_webhooks')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();
    counting = true;
    return shop.app.simulatedWebhooks!.deliverDue();
  }
  const reading = (sent: string[], table: string) => sent.filter((s) => new RegExp(`^select .* from "?${table}"? `, 'i').test(s)).length;

  it('reads the shipping rules in one statement and the profile with the session when adding to the cart and ordering, the settings once and no order (placed and read back by one update) when placing, and no transaction for a webhook after', async () => {
    const f = factories(shop);
    const { id: categoryId } = await f.category();
    const product = await f.product({ categoryId, pricePaise: 49_900 });
    const s = await verifiedShopper(shop);
    const api = as(shop, s.cookie);

    const cart = await counted(() => api.post('/api/cart', { productId: product.id, quantity: 1 }));
    expect(cart.result.statusCode).toBe(200);
    expect(cart.result.json()).toMatchObject({ count: 1, subtotal: 499, total: 499 });
    // The rules and whether a pincode list is loaded in one statement, with no version read before it (decision 088).
    expect(reading(cart.sent, 'public_cache_version')).toBe(0);
    expect(reading(cart.sent, 'shipping_settings')).toBe(1);
    expect(cart.sent.filter((sql) => sql.includes('"shipping_pincodes"'))).toHaveLength(1);
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
    // Placed and read back in one statement (decision 086), with its lines (decision 088): no read of the order or its lines.
    expect(reading(placed.sent, 'orders')).toBe(0);
    expect(reading(placed.sent, 'order_lines')).toBe(0);
    expect(placed.sent.filter((sql) => /^(with "placed" as \()?update "orders"/i.test(sql))).toHaveLength(1);
    // The payment recorded and the cart emptied by the placing statement itself (decision 097).
    expect(placed.sent.filter((sql) => /^(insert into "order_payments"|delete from "cart_items")/i.test(sql))).toEqual([]);
    expect((await api.get('/api/cart')).json()).toMatchObject({ count: 0, items: [] });

    // The simulated provider's payment.captured, due now: the order is placed already.
    const webhook = await counted(deliverWebhooksNow);
    expect(webhook.result).toBe(1);
    expect(webhook.sent.filter((sql) => /^(begin|update "orders")/i.test(sql))).toEqual([]);
    const row = await shop.db.selectFrom('orders').select(['status', 'provider_payment_id']).where('order_code', '=', order.orderId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'placed', provider_payment_id: payment.razorpay_payment_id });
    const payments = await shop.db.selectFrom('order_payments').select('late').where('provider_payment_id', '=', payment.razorpay_payment_id).execute();
    expect(payments).toEqual([{ late: 0 }]);
  });

  // Every statement of a checkout, per request (decisions 088, 089, 097): 8 + 18 + 8 + 11 + 5 = 50 before 088 and 089, 38 before 097.
  it('sends 32 statements per order: cart 4, createBulkOrder 12, Pay 3, processOrder 8, the webhook after it 5', async () => {
    const f = factories(shop);
    const product = await f.product({ categoryId: (await f.category()).id, pricePaise: 49_900, stock: 100 });
    const s = await verifiedShopper(shop);
    const api = as(shop, s.cookie);
    const sent: Record<string, string[]> = {};
    // The second checkout of the shopper, as most of a running shop's are.
    for (let round = 0; round < 2; round++) {
      sent.cart = (await counted(() => api.post('/api/cart', { productId: product.id, quantity: 1 }))).sent;
      const created = await counted(() => api.post('/api/createBulkOrder', { items: [{ productId: product.id, quantity: 1 }] }));
      sent.createBulkOrder = created.sent;
      const order = created.result.json() as { id: string; orderId: string };
      const paid = await counted(() => payInSimulation(shop, s.cookie, order.id));
      sent.pay = paid.sent;
      const placed = await counted(() => api.post('/api/processOrder', paid.result));
      expect(placed.result.json()).toEqual({ success: true, orderId: order.orderId });
      sent.processOrder = placed.sent;
      const webhook = await counted(deliverWebhooksNow);
      expect(webhook.result).toBe(1);
      sent.webhook = webhook.sent;
    }
    const counts = Object.fromEntries(Object.entries(sent).map(([request, statements]) => [request, statements.length]));
    expect(counts).toEqual({ cart: 4, createBulkOrder: 12, pay: 3, processOrder: 8, webhook: 5 });
    // The simulated provider's order written by its capture, not by createBulkOrder, and not read by Pay (decision 097).
    expect([...sent.createBulkOrder!, ...sent.pay!].filter((sql) => /^(select .* from|insert into) "simulated_orders"/i.test(sql))).toEqual([]);
    // The lines' tax facts copied by their insert, and no low-stock mark written while the product stays above its threshold (decision 097).
    expect(sent.createBulkOrder!.filter((sql) => /"hsn_code"/.test(sql) && !/^insert into "order_lines"/i.test(sql))).toEqual([]);
    expect(sent.createBulkOrder!.filter((sql) => /"low_stock_alerted" =/.test(sql))).toEqual([]);
    // The line added and the cart read in one statement; the order's code comes with its insert; the capture, its payment and its webhook in one statement; the webhook's event id read before its handling and recorded after it (a node dying in between leaves the retry to be handled).
    expect(reading(sent.cart!, 'cart_items')).toBe(0);
    expect(sent.createBulkOrder!.filter((sql) => /^update "orders" set "order_code"/i.test(sql))).toEqual([]);
    expect(sent.pay!.filter((sql) => /^(begin|commit)/i.test(sql))).toEqual([]);
    expect(reading(sent.webhook!, 'payment_events')).toBe(1);
    expect(await stockOf(shop, product.id)).toBe(98);
  });
});
