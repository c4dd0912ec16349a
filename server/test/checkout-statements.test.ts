import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFrom, payInSimulation, shopperWithCart } from './helpers/checkout';
import { DB_KINDS, POSTGRES_URL } from './helpers/databases';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/database';
import { factories, startTestShop, type TestShop } from './helpers/test-app';
import { insertPendingOrder, orderCodeOf } from '../src/modules/orders/orders.repository';
import { handleEvent } from '../src/modules/payments/webhooks.service';

// The statements of a checkout (decision 086): what they do is tested with the checkout itself
// (checkout.test.ts, razorpay.test.ts); here, what they no longer do.
describe.each(DB_KINDS)('the statements of a checkout on %s', (kind) => {
  let shop: TestShop;
  let product: { id: number };
  beforeAll(async () => {
    shop = await startTestShop(kind, { SIMULATED_WEBHOOK_DELAY_MS: '60000' });
    const f = factories(shop);
    product = await f.product({ pricePaise: 50_000, categoryId: (await f.category()).id });
  });
  afterAll(() => shop.close());

  /** A webhook of the simulated provider for a paid order. */
  const webhook = (orderId: string, paymentId: string, eventId: string) => {
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: orderId, status: 'captured' } } } });
    return shop.app.inject({
      method: 'POST',
      url: '/api/razorpay/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': shop.app.simulatedPayments!.signWebhook(body), 'x-razorpay-event-id': eventId },
      payload: body,
    });
  };

  /** Runs `work` and answers it with how many transactions the app's database began meanwhile. */
  async function countingTransactions<T>(work: () => Promise<T>): Promise<{ result: T; transactions: number }> {
    const db = shop.db as { transaction: typeof shop.db.transaction };
    const begin = shop.db.transaction.bind(shop.db);
    let transactions = 0;
    db.transaction = () => (transactions++, begin());
    try {
      return { result: await work(), transactions };
    } finally {
      delete (db as Partial<typeof db>).transaction;
    }
  }

  it("answers a webhook that comes after the browser's callback placed the order with a read, in no transaction", async () => {
    const s = await shopperWithCart(shop, [[product.id, 1]]);
    const order = (await s.api.post('/api/createBulkOrder', { items: [{ productId: product.id, quantity: 1 }] })).json();
    const paid = await payInSimulation(shop, s.cookie, order.id);
    expect((await s.api.post('/api/processOrder', paid)).json()).toEqual({ success: true, orderId: order.orderId });

    const { result, transactions } = await countingTransactions(() => webhook(order.id, paid.razorpay_payment_id, `evt_after_${kind}`));
    expect(result.json()).toEqual({ status: 'processed' });
    expect(transactions).toBe(0);
    // The event is still recorded: sent again, it is a duplicate.
    expect((await webhook(order.id, paid.razorpay_payment_id, `evt_after_${kind}`)).json()).toEqual({ status: 'duplicate' });
    const orders = await shop.db.selectFrom('orders').select(['status', 'provider_payment_id']).where('provider_order_id', '=', order.id).execute();
    expect(orders).toEqual([{ status: 'placed', provider_payment_id: paid.razorpay_payment_id }]);
  });

  it('gives a new order its code from its id, RK and at least six digits (on PostgreSQL in the insert itself)', async () => {
    const order = { user_id: 'code-test', subtotal_paise: 500, discount_paise: 0, shipping_paise: 0, total_paise: 500, coupon_id: null, coupon_code: null };
    const contact = { email: 'code@example.com', name: 'Code', address: 'A street', phone: '+919876543210', provider: 'simulated' };
    const created = await insertPendingOrder(shop.db, { ...order, ...contact });
    expect(created.order_code).toBe(orderCodeOf(created.id));
    expect(created.order_code).toMatch(/^RK\d{6}$/);
    expect((await shop.db.selectFrom('orders').select('order_code').where('id', '=', created.id).executeTakeFirstOrThrow()).order_code).toBe(
      created.order_code,
    );
    if (kind !== 'postgres') return;
    // Past six digits the id is written whole (never cut to six), as orderCodeOf does.
    const now = new Date().toISOString();
    const big = await shop.db
      .insertInto('orders')
      .values({ ...order, ...contact, id: 12_345_678, order_code: sql<string>`null`, status: 'pending_payment', created_at: now, updated_at: now })
      .returning('order_code')
      .executeTakeFirstOrThrow();
    expect(big.order_code).toBe(orderCodeOf(12_345_678));
    expect(big.order_code).toBe('RK12345678');
  });

  it('handles an event whose first handling failed when the provider sends it again (the event id is recorded only once handled)', async () => {
    const { s, order } = await orderFrom(shop, [[product.id, 1]]);
    const paid = await payInSimulation(shop, s.cookie, order.id);
    const body = { event: 'payment.captured', payload: { payment: { entity: { id: paid.razorpay_payment_id, order_id: order.id, status: 'captured' } } } };
    const eventId = `evt_retry_${kind}`;
    // The placing fails (its mails cannot be queued): nothing is placed and the event is not kept as seen.
    const mailer = Object.assign(Object.create(shop.app.orderDeps.mailer) as typeof shop.app.orderDeps.mailer, {
      queue: () => Promise.reject(new Error('outbox away')),
    });
    await expect(handleEvent({ ...shop.app.orderDeps, mailer }, eventId, body)).rejects.toThrow('outbox away');
    expect(await shop.db.selectFrom('payment_events').select('event_id').where('event_id', '=', eventId).execute()).toEqual([]);
    expect((await shop.db.selectFrom('orders').select('status').where('provider_order_id', '=', order.id).executeTakeFirstOrThrow()).status).toBe(
      'pending_payment',
    );
    // Sent again: handled, then a duplicate.
    expect((await webhook(order.id, paid.razorpay_payment_id, eventId)).json()).toEqual({ status: 'processed' });
    expect((await webhook(order.id, paid.razorpay_payment_id, eventId)).json()).toEqual({ status: 'duplicate' });
    expect((await shop.db.selectFrom('orders').select('status').where('provider_order_id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('placed');
  });

  it('captures one payment with one webhook per order under concurrent Pay presses, in several rounds (one statement on PostgreSQL)', async () => {
    for (let round = 0; round < 3; round++) {
      const { s, order } = await orderFrom(shop, [[product.id, 1]]);
      const presses = await Promise.all(Array.from({ length: 8 }, () => s.api.post(`/api/payments/simulated/${order.id}/pay`)));
      expect(presses.map((p) => p.statusCode)).toEqual(Array(8).fill(200));
      const paymentIds = new Set(presses.map((p) => p.json().razorpay_payment_id as string));
      expect(paymentIds.size).toBe(1);
      const [paymentId] = [...paymentIds];
      const payments = await shop.db.selectFrom('simulated_payments').select(['id', 'status']).where('order_id', '=', order.id).execute();
      expect(payments).toEqual([{ id: paymentId, status: 'captured' }]);
      const webhooks = await shop.db.selectFrom('simulated_webhooks').select('event_id').where('event_id', '=', `evt_${paymentId}`).execute();
      expect(webhooks).toHaveLength(1);
      const captured = await shop.db.selectFrom('simulated_orders').select('captured_payment_id').where('id', '=', order.id).executeTakeFirstOrThrow();
      expect(captured.captured_payment_id).toBe(paymentId);
    }
  });

  it("writes the simulated order with its first press, not when the order is created: a declined press and then concurrent Pay presses capture it once, for the order's total (decision 097)", async () => {
    const { s, order } = await orderFrom(shop, [[product.id, 2]]);
    const created = await shop.db.selectFrom('simulated_orders').select('id').where('id', '=', order.id).execute();
    expect(created).toEqual([]);
    const declined = await s.api.post(`/api/payments/simulated/${order.id}/fail`);
    expect(declined.statusCode).toBe(200);
    const presses = await Promise.all(Array.from({ length: 4 }, () => s.api.post(`/api/payments/simulated/${order.id}/pay`)));
    expect(presses.map((p) => p.statusCode)).toEqual(Array(4).fill(200));
    const paymentIds = new Set(presses.map((p) => p.json().razorpay_payment_id as string));
    expect(paymentIds.size).toBe(1);
    const row = await shop.db
      .selectFrom('simulated_orders')
      .select(['amount_paise', 'receipt', 'captured_payment_id'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect({ ...row, amount_paise: Number(row.amount_paise) }).toEqual({
      amount_paise: 100_000,
      receipt: order.orderId,
      captured_payment_id: [...paymentIds][0],
    });
    const payments = await shop.db
      .selectFrom('simulated_payments')
      .select(['status', 'amount_paise'])
      .where('order_id', '=', order.id)
      .orderBy('status')
      .execute();
    expect(payments.map((p) => [p.status, Number(p.amount_paise)])).toEqual([
      ['captured', 100_000],
      ['failed', 100_000],
    ]);
    // Another shopper's press finds no order, and writes none.
    const other = await shopperWithCart(shop, [[product.id, 1]]);
    expect((await other.api.post('/api/payments/simulated/order_SIMnone/pay')).statusCode).toBe(404);
    expect(await shop.db.selectFrom('simulated_orders').select('id').where('id', '=', 'order_SIMnone').execute()).toEqual([]);
  });

  it.runIf(kind === 'postgres')('sends a statement run again and again as a named one, parsed once per connection', async () => {
    const names = await shop.db.connection().execute(async (conn) => {
      for (let i = 0; i < 3; i++) await conn.selectFrom('orders').select('id').where('id', '=', i).execute();
      const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(conn);
      return rows.map((r) => r.statement);
    });
    expect(names).toContain('select "id" from "orders" where "id" = $1');
  });
});

// Behind a pooler that hands a session's statements to other server connections (PgBouncer before
// 1.21 in transaction mode), a named statement is not found there: the operator turns naming off.
describe.each(DB_KINDS.filter((k) => k === 'postgres'))('DATABASE_NAMED_STATEMENTS=0 on %s', () => {
  it('is read from the environment (on by default)', () => {
    const database = (env: Record<string, string>) => loadConfig({ DATABASE_URL: POSTGRES_URL, ...env }).database;
    expect(database({})).toMatchObject({ kind: 'postgres', namedStatements: true });
    expect(database({ DATABASE_NAMED_STATEMENTS: '0' })).toMatchObject({ kind: 'postgres', namedStatements: false });
  });

  it('sends every statement unnamed: nothing is prepared on the connection', async () => {
    const db = createDb({ kind: 'postgres', url: POSTGRES_URL, poolSize: 1, namedStatements: false });
    try {
      const names = await db.connection().execute(async (conn) => {
        for (let i = 0; i < 3; i++) await sql`select ${i}::int as n`.execute(conn);
        const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(conn);
        return rows.map((r) => r.statement);
      });
      expect(names).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
