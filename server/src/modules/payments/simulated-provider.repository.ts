import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import { insertOnce } from '../../db/rows';
import type { WebhookRow } from '../jobs/webhook-queue';

/** The simulated provider's own tables (simulated_orders, simulated_payments, simulated_refunds). */

/** A simulated order's row, written by its first Pay or Fail (decision 097): the amount and receipt it was created for. */
const orderRow = (c: { orderId: string; amountPaise: number; receipt: string }) => ({ id: c.orderId, amount_paise: c.amountPaise, receipt: c.receipt });

/** A declined payment of the order (its row written first when this is the order's first press). */
export async function insertFailedPayment(db: Db, f: { orderId: string; receipt: string; paymentId: string; amountPaise: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('simulated_orders')
      .values(orderRow(f))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await insertPayment(trx, { id: f.paymentId, order_id: f.orderId, status: 'failed', amount_paise: f.amountPaise });
  });
}

/**
 * Captures the order with this payment unless another payment captured it first, and then records
 * the payment and writes its webhook's row (the webhook queue's, once per event id), all or
 * nothing. The order's row is written by the claim itself when it is the first press (an insert
 * that, on the row already there, claims it only while uncaptured: decision 097). Answers whether
 * this payment captured it and the webhook row's id. On PostgreSQL one statement (decision 088); on
 * SQLite a transaction of three.
 */
export async function capture(db: Db, c: Capture): Promise<{ captured: boolean; webhookId: number | null }> {
  const { paymentId, orderId, webhook } = c;
  if (!isPostgres(db) || webhook === null) return db.transaction().execute(async (trx) => captureOneByOne(trx, c));
  const { rows } = await sql<{ captured: boolean; webhook_id: number | null }>`with claimed as (
      insert into simulated_orders (id, amount_paise, receipt, captured_payment_id)
      values (cast(${orderId} as text), cast(${c.amountPaise} as bigint), cast(${c.receipt} as text), cast(${paymentId} as text))
      on conflict (id) do update set captured_payment_id = excluded.captured_payment_id where simulated_orders.captured_payment_id is null
      returning id, amount_paise),
    paid as (insert into simulated_payments (id, order_id, status, amount_paise) select cast(${paymentId} as text), id, 'captured', amount_paise from claimed),
    hook as (
      insert into simulated_webhooks (event_id, payload, next_attempt_at)
      select cast(${webhook.event_id} as text), cast(${webhook.payload} as text), cast(${webhook.next_attempt_at} as text) from claimed
      on conflict (event_id) do nothing returning id)
    select exists (select 1 from claimed) as captured, (select id from hook) as webhook_id`.execute(db);
  const row = rows[0]!;
  return { captured: row.captured, webhookId: row.webhook_id === null ? null : Number(row.webhook_id) };
}

/** A capture to write: the order (and what it was created for), the payment, and its webhook's row (null: no webhook is sent). */
interface Capture {
  orderId: string;
  receipt: string;
  paymentId: string;
  amountPaise: number;
  webhook: WebhookRow | null;
}

async function captureOneByOne(trx: Db, c: Capture) {
  const claimed = await trx
    .insertInto('simulated_orders')
    .values({ ...orderRow(c), captured_payment_id: c.paymentId })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ captured_payment_id: (eb) => eb.ref('excluded.captured_payment_id') })
        .where('simulated_orders.captured_payment_id', 'is', null),
    )
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return { captured: false, webhookId: null };
  await insertPayment(trx, { id: c.paymentId, order_id: c.orderId, status: 'captured', amount_paise: c.amountPaise });
  return { captured: true, webhookId: c.webhook ? await insertOnce(trx, 'simulated_webhooks', c.webhook, 'event_id') : null };
}

export async function capturedPaymentId(db: Db, orderId: string): Promise<string> {
  const row = await db.selectFrom('simulated_orders').select('captured_payment_id').where('id', '=', orderId).executeTakeFirstOrThrow();
  return row.captured_payment_id!;
}

async function insertPayment(db: Db, payment: { id: string; order_id: string; status: string; amount_paise: number }): Promise<void> {
  await db.insertInto('simulated_payments').values(payment).execute();
}

export async function findPayment(db: Db, paymentId: string) {
  return db.selectFrom('simulated_payments').select(['id', 'status', 'amount_paise']).where('id', '=', paymentId).executeTakeFirst();
}

export async function paymentsOfOrder(db: Db, orderId: string) {
  return db.selectFrom('simulated_payments').select(['id', 'status', 'amount_paise']).where('order_id', '=', orderId).execute();
}

export async function findRefundByKey(db: Db, refundKey: string) {
  return db.selectFrom('simulated_refunds').selectAll().where('refund_key', '=', refundKey).executeTakeFirst();
}

export async function refundedPaise(db: Db, paymentId: string): Promise<number> {
  const refunded = await db
    .selectFrom('simulated_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_paise'), eb.lit(0)).as('sum'))
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return Number(refunded.sum);
}

export async function insertRefund(
  db: Db,
  refund: { id: string; payment_id: string; amount_paise: number; status: string; refund_key: string },
): Promise<void> {
  await db.insertInto('simulated_refunds').values(refund).execute();
}

export async function refundsOfPayment(db: Db, paymentId: string) {
  return db.selectFrom('simulated_refunds').selectAll().where('payment_id', '=', paymentId).execute();
}
