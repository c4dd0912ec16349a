import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import { insertOnce } from '../../db/rows';
import type { WebhookRow } from '../jobs/webhook-queue';

/** The simulated provider's own tables (simulated_orders, simulated_payments, simulated_refunds). */

export async function insertOrder(db: Db, order: { id: string; amount_paise: number; receipt: string }): Promise<void> {
  await db.insertInto('simulated_orders').values(order).execute();
}

export async function findOrder(db: Db, orderId: string) {
  return db.selectFrom('simulated_orders').select(['id', 'amount_paise']).where('id', '=', orderId).executeTakeFirst();
}

/**
 * Captures the order with this payment unless another payment captured it first, and then records
 * the payment and writes its webhook's row (the webhook queue's, once per event id), all or
 * nothing. Answers whether this payment captured it and the webhook row's id. On PostgreSQL one
 * statement (decision 088); on SQLite a transaction of three.
 */
export async function capture(db: Db, c: Capture): Promise<{ captured: boolean; webhookId: number | null }> {
  const { paymentId, orderId, webhook } = c;
  if (!isPostgres(db) || webhook === null) return db.transaction().execute(async (trx) => captureOneByOne(trx, c));
  const { rows } = await sql<{ captured: boolean; webhook_id: number | null }>`with claimed as (
      update simulated_orders set captured_payment_id = ${paymentId} where id = ${orderId} and captured_payment_id is null returning id, amount_paise),
    paid as (insert into simulated_payments (id, order_id, status, amount_paise) select cast(${paymentId} as text), id, 'captured', amount_paise from claimed),
    hook as (
      insert into simulated_webhooks (event_id, payload, next_attempt_at)
      select cast(${webhook.event_id} as text), cast(${webhook.payload} as text), cast(${webhook.next_attempt_at} as text) from claimed
      on conflict (event_id) do nothing returning id)
    select exists (select 1 from claimed) as captured, (select id from hook) as webhook_id`.execute(db);
  const row = rows[0]!;
  return { captured: row.captured, webhookId: row.webhook_id === null ? null : Number(row.webhook_id) };
}

/** A capture to write: the order, the payment, and its webhook's row (null: no webhook is sent). */
interface Capture {
  orderId: string;
  paymentId: string;
  amountPaise: number;
  webhook: WebhookRow | null;
}

async function captureOneByOne(trx: Db, c: Capture) {
  const claimed = await trx
    .updateTable('simulated_orders')
    .set({ captured_payment_id: c.paymentId })
    .where('id', '=', c.orderId)
    .where('captured_payment_id', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return { captured: false, webhookId: null };
  await insertPayment(trx, { id: c.paymentId, order_id: c.orderId, status: 'captured', amount_paise: c.amountPaise });
  return { captured: true, webhookId: c.webhook ? await insertOnce(trx, 'simulated_webhooks', c.webhook, 'event_id') : null };
}

export async function capturedPaymentId(db: Db, orderId: string): Promise<string> {
  const row = await db.selectFrom('simulated_orders').select('captured_payment_id').where('id', '=', orderId).executeTakeFirstOrThrow();
  return row.captured_payment_id!;
}

export async function insertPayment(db: Db, payment: { id: string; order_id: string; status: string; amount_paise: number }): Promise<void> {
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
