import type { Db } from '../../db/database';

/** The simulated provider's own tables (simulated_orders, simulated_payments, simulated_refunds). */

export async function insertOrder(db: Db, order: { id: string; amount_paise: number; receipt: string }): Promise<void> {
  await db.insertInto('simulated_orders').values(order).execute();
}

export async function findOrder(db: Db, orderId: string) {
  return db.selectFrom('simulated_orders').select(['id', 'amount_paise']).where('id', '=', orderId).executeTakeFirst();
}

/** Marks the order captured by this payment unless another payment captured it first; true when this one did. */
export async function claimCapture(db: Db, orderId: string, paymentId: string): Promise<boolean> {
  const claimed = await db
    .updateTable('simulated_orders')
    .set({ captured_payment_id: paymentId })
    .where('id', '=', orderId)
    .where('captured_payment_id', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
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
