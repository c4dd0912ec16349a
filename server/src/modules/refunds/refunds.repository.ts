import type { Db } from '../../db/database';
import { addUpTo, insertOnce, lockRow, moveStatus, takeBack } from '../../db/rows';
import { withOrderAmounts } from '../orders/order-amounts';
import { linesOfOrder } from '../orders/order-lines';
import type { RefundStatus } from '../../db/schema';

const refundColumns = [
  'id',
  'order_id',
  'payment_id',
  'amount_paise',
  'status',
  'kind',
  'reason',
  'lines',
  'idempotency_key',
  'provider_refund_id',
  'failure_reason',
  'attempts',
  'created_by',
  'created_at',
  'updated_at',
  'processed_at',
] as const;

function normaliseRefund<T extends { amount_paise: unknown }>(row: T) {
  return { ...row, amount_paise: Number(row.amount_paise) };
}

function normalisePayment<T extends { amount_paise: unknown; refunded_paise: unknown }>(row: T) {
  return { ...row, amount_paise: Number(row.amount_paise), refunded_paise: Number(row.refunded_paise) };
}

export async function insertPayment(db: Db, p: { order_id: number; provider_payment_id: string; amount_paise: number; late: number }): Promise<number | null> {
  return insertOnce(db, 'order_payments', p, 'provider_payment_id');
}

export async function paymentsOf(db: Db, orderId: number) {
  const rows = await db.selectFrom('order_payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  return rows.map(normalisePayment);
}

export async function findPayment(db: Db, id: number) {
  const row = await db.selectFrom('order_payments').selectAll().where('id', '=', id).executeTakeFirst();
  return row && normalisePayment(row);
}

/**
 * Sets aside `amount` of a payment for a refund, in one conditional statement:
 * of any number of concurrent refunds, together they never pass the payment.
 */
export async function reserveRefundable(db: Db, paymentId: number, amount: number): Promise<boolean> {
  return addUpTo(db, 'order_payments', { id: paymentId }, 'refunded_paise', amount, 'amount_paise');
}

/** Gives back what a failed refund had set aside. */
export async function releaseRefundable(db: Db, paymentId: number, amount: number): Promise<void> {
  await takeBack(db, 'order_payments', { id: paymentId }, 'refunded_paise', amount);
}

export async function insertRefund(
  db: Db,
  r: {
    order_id: number;
    payment_id: number;
    amount_paise: number;
    kind: string;
    reason: string;
    lines: string | null;
    idempotency_key: string;
    created_by: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('refunds')
    .values({ ...r, status: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type RefundRow = NonNullable<Awaited<ReturnType<typeof findRefund>>>;

/** The refund whose unique `column` holds `value`, if any. */
async function findRefundWhere(db: Db, column: 'id' | 'idempotency_key' | 'provider_refund_id', value: number | string) {
  const row = await db.selectFrom('refunds').select(refundColumns).where(column, '=', value).executeTakeFirst();
  return row && normaliseRefund(row);
}

export const findRefund = (db: Db, id: number) => findRefundWhere(db, 'id', id);

export const findRefundByKey = (db: Db, key: string) => findRefundWhere(db, 'idempotency_key', key);

export const findRefundByProviderId = (db: Db, providerRefundId: string) => findRefundWhere(db, 'provider_refund_id', providerRefundId);

export async function refundsOf(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const rows = await db.selectFrom('refunds').select(refundColumns).where('order_id', 'in', orderIds).orderBy('id').execute();
  return rows.map(normaliseRefund);
}

export async function refundsByIds(db: Db, ids: number[]) {
  const rows = await db.selectFrom('refunds').select(refundColumns).where('id', 'in', ids).execute();
  return rows.map(normaliseRefund);
}

export async function listPendingRefunds(db: Db, limit: number) {
  const rows = await db.selectFrom('refunds').select(refundColumns).where('status', '=', 'pending').orderBy('id').limit(limit).execute();
  return rows.map(normaliseRefund);
}

/** Records the provider's answer while the refund is still pending; false when it moved on meanwhile. */
export async function setProviderRefund(db: Db, id: number, providerRefundId: string): Promise<boolean> {
  const res = await db
    .updateTable('refunds')
    .set({ provider_refund_id: providerRefundId, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Moves a refund from one status to another, only if it is still in the first. */
export async function moveRefund(
  db: Db,
  id: number,
  from: RefundStatus,
  to: RefundStatus,
  extra: { failure_reason?: string | null; processed_at?: string | null; attempts?: number } = {},
): Promise<boolean> {
  return moveStatus(db, 'refunds', id, from, to, extra);
}

export async function setOrderFlag(db: Db, orderId: number, flag: string | null): Promise<void> {
  await db.updateTable('orders').set({ flag }).where('id', '=', orderId).execute();
}

export async function clearProviderRefund(db: Db, id: number): Promise<void> {
  await db.updateTable('refunds').set({ provider_refund_id: null }).where('id', '=', id).execute();
}

const orderColumns = [
  'id',
  'order_code',
  'status',
  'flag',
  'name',
  'email',
  'subtotal_paise',
  'shipping_paise',
  'total_paise',
  'payment_method',
  'cod_fee_paise',
] as const;

async function findOrderWhere(db: Db, column: 'id' | 'order_code', value: number | string) {
  const row = await db.selectFrom('orders').select(orderColumns).where(column, '=', value).executeTakeFirst();
  return row && withOrderAmounts(row);
}

export const findOrder = (db: Db, id: number) => findOrderWhere(db, 'id', id);

/**
 * Locks the order's row until the transaction ends (PostgreSQL; SQLite's writer lock already
 * serialises writes): a change of its money or units then waits for a cancellation that moved the
 * order (whose first statement locks the same row) and sees what it did, rather than locking the
 * payment, lines and stock in another order than it and deadlocking (decision 110). FOR NO KEY
 * UPDATE, the lock an UPDATE of the order takes: a return request inserted meanwhile (its foreign key
 * takes KEY SHARE on the order after holding the lines) then does not wait on it and deadlock.
 */
export async function lockOrder(trx: Db, orderId: number): Promise<void> {
  await lockRow(trx, 'orders', orderId);
}

export const findOrderByCode = (db: Db, code: string) => findOrderWhere(db, 'order_code', code.toUpperCase());

export async function linesOf(db: Db, orderId: number) {
  return linesOfOrder(db, orderId, ['id', 'title', 'quantity', 'unit_price_paise', 'restocked_quantity', 'return_held_quantity']);
}
