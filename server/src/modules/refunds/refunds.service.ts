import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { instantOf } from '../../db/rows';
import { formatPaise, paiseToRupees, rupeesToPaise } from '@shared/money';
import { refundMessages, type OrderMoney, type RefundInput, type RefundView } from '@shared/refunds';
import { codMessages } from '@shared/cod';
import { AppError, badRequest, notFound } from '../../errors';
import { latePaymentMail, latePaymentNoticeMail, refundProcessedMail } from '../mail/mail.templates';
import type { OrderDeps } from '../orders/order-deps';
import type { ProviderRefund } from '../payments/payment-provider';
import * as stock from '../stock/stock.service';
import { leftToRefundPaise, linesRefundOf, refundTotalsOf, tooLargeMessage } from './refund-amounts';
import { holdWholeLines } from '../returns/return-holds';
import * as repo from './refunds.repository';
import * as invoices from '../invoices/invoices.service';

/** The payment row of cash collected on delivery (decision 044): refunded by hand, never through the gateway. */
const isCashPayment = (payment: { provider_payment_id: string }) => payment.provider_payment_id.startsWith('cod:');

/** A refund whose provider call got no answer is sent again by reconciliation only after this long. */
const UNANSWERED_REFUND_MS = 5 * 60_000;

interface NewRefund {
  orderId: number;
  paymentId: number;
  amountPaise: number;
  kind: 'cancel' | 'partial' | 'late_payment' | 'return';
  reason: string;
  key: string;
  createdBy: string;
  lines?: number[];
}

/**
 * Sets the amount aside on its payment and writes the refund row, inside the
 * caller's transaction. The conditional update keeps all refunds of a payment
 * within it; the unique idempotency key makes a second row impossible.
 */
async function createRefundIn(trx: Db, r: NewRefund): Promise<number> {
  // The row first: a request repeating a key waits here for the first and then fails on the key,
  // rather than failing on an amount the first has just set aside.
  const id = await repo.insertRefund(trx, {
    order_id: r.orderId,
    payment_id: r.paymentId,
    amount_paise: r.amountPaise,
    kind: r.kind,
    reason: r.reason,
    lines: r.lines ? JSON.stringify(r.lines) : null,
    idempotency_key: r.key,
    created_by: r.createdBy,
  });
  if (!(await repo.reserveRefundable(trx, r.paymentId, r.amountPaise))) {
    const payment = await repo.findPayment(trx, r.paymentId);
    throw new AppError('refund_too_large', 409, tooLargeMessage(payment ? leftToRefundPaise(payment) : 0));
  }
  return id;
}

/** The key the provider sees for the refund's current attempt (a retried refund is a new refund there). */
function providerKey(refund: repo.RefundRow): string {
  return refund.attempts > 0 ? `${refund.idempotency_key}#${refund.attempts}` : refund.idempotency_key;
}

/** True for an error that is the provider's definite "no" (a 4xx), as opposed to no answer at all. */
function definiteRefusal(err: unknown): boolean {
  const status = (err as { statusCode?: unknown; status?: unknown } | null)?.statusCode ?? (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function reasonOf(err: unknown): string {
  const e = err as { error?: { description?: string }; message?: string } | null;
  return (e?.error?.description ?? e?.message ?? 'The payment provider refused the refund').slice(0, 500);
}

/**
 * Asks the provider to refund a pending refund row. A definite refusal marks it
 * failed (its amount is free again, and the admin can retry); no answer leaves
 * it pending for reconciliation, which finds it at the provider by its key, so
 * a lost answer never turns into a second refund.
 */
export async function executeRefund(deps: OrderDeps, refundId: number): Promise<void> {
  const refund = await repo.findRefund(deps.db, refundId);
  if (!refund || refund.status !== 'pending') return;
  const payment = await repo.findPayment(deps.db, refund.payment_id);
  // Cash is refunded by hand (refundPart records it processed); never ask the gateway about it.
  if (!payment || isCashPayment(payment)) return;
  let answer: ProviderRefund;
  try {
    answer = await deps.provider.refund(payment.provider_payment_id, refund.amount_paise, providerKey(refund));
  } catch (err) {
    if (definiteRefusal(err)) {
      deps.log.warn({ err, refund: refund.id }, 'the payment provider refused a refund');
      await markFailed(deps, refund, reasonOf(err));
    } else {
      deps.log.error({ err, refund: refund.id }, 'no answer from the payment provider for a refund; reconciliation will settle it');
    }
    return;
  }
  await applyAnswer(deps, refund, answer);
}

async function applyAnswer(deps: OrderDeps, refund: repo.RefundRow, answer: ProviderRefund): Promise<void> {
  if (refund.provider_refund_id !== answer.id) await repo.setProviderRefund(deps.db, refund.id, answer.id);
  if (answer.status === 'processed') await markProcessed(deps, refund);
  else if (answer.status === 'failed') await markFailed(deps, refund, 'The payment provider could not complete the refund');
}

/** A refund the provider completed: marked processed once, with its GST credit note, and the shopper's mail (the credit note attached) queued with it. */
async function markProcessed(deps: OrderDeps, refund: repo.RefundRow): Promise<void> {
  const moved = await deps.db.transaction().execute((trx) => processedIn(deps, trx, refund, false));
  if (!moved) return;
  countRefund(deps, refund, 'processed');
  deps.mailer.deliverSoon();
}

/**
 * Marks a pending refund processed inside the caller's transaction, once: its credit note issued and the
 * shopper's mail (the note attached) queued. `manual`: made by hand (cash on delivery), which the mail says.
 */
async function processedIn(deps: OrderDeps, trx: Db, refund: repo.RefundRow, manual: boolean): Promise<boolean> {
  if (!(await repo.moveRefund(trx, refund.id, 'pending', 'processed', { processed_at: new Date().toISOString() }))) return false;
  await invoices.issueCreditNoteIn(trx, deps.config, refund);
  const order = await repo.findOrder(trx, refund.order_id);
  if (!order) return true;
  const note = await invoices.creditNoteAttachment(trx, refund.id, order.order_code);
  const mail = refundProcessedMail(
    deps.config.public.shopName,
    order.name,
    order.order_code,
    formatPaise(refund.amount_paise),
    `${deps.config.publicUrl}/Orders`,
    manual,
  );
  await deps.mailer.queue(trx, [{ to: order.email, kind: 'refund-processed', ...mail, ...(note ? { attachments: [note] } : {}) }]);
  return true;
}

/** A refund made by hand is processed in the transaction that records it: no moment in which a crash leaves it pending for good. */
async function processedByHandIn(deps: OrderDeps, trx: Db, refundId: number): Promise<void> {
  await processedIn(deps, trx, (await repo.findRefund(trx, refundId))!, true);
}

async function markFailed(deps: OrderDeps, refund: repo.RefundRow, reason: string): Promise<void> {
  const moved = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.moveRefund(trx, refund.id, 'pending', 'failed', { failure_reason: reason }))) return false;
    await repo.releaseRefundable(trx, refund.payment_id, refund.amount_paise);
    return true;
  });
  if (moved) countRefund(deps, refund, 'failed');
}

function countRefund(deps: OrderDeps, refund: repo.RefundRow, outcome: 'processed' | 'failed') {
  deps.metrics.refunds.inc({ outcome });
  deps.metrics.refundedRupees.inc({ outcome }, paiseToRupees(refund.amount_paise));
}

/** A refund event from the provider's webhook: refund.processed, refund.failed (others only link the id). */
export async function applyRefundEvent(deps: OrderDeps, event: string, entity: ProviderRefund): Promise<boolean> {
  const refund =
    (await repo.findRefundByProviderId(deps.db, entity.id)) ??
    (entity.refundKey ? await repo.findRefundByKey(deps.db, entity.refundKey.replace(/#\d+$/, '')) : undefined);
  if (!refund) return false;
  // An event about an earlier attempt of a retried refund changes nothing.
  if (refund.provider_refund_id && refund.provider_refund_id !== entity.id) return false;
  if (entity.refundKey && entity.refundKey !== providerKey(refund)) return false;
  const status = event === 'refund.processed' ? 'processed' : event === 'refund.failed' ? 'failed' : 'pending';
  await applyAnswer(deps, refund, { ...entity, status });
  return true;
}

/**
 * Settles refunds still pending: asks the provider about each (by its refund
 * id, or by its key when the first answer was lost) and records what it says; a
 * refund the provider never received is sent again after a while.
 */
export async function reconcileRefunds(deps: OrderDeps): Promise<{ processed: number; failed: number; sent: number }> {
  const result = { processed: 0, failed: 0, sent: 0 };
  for (const refund of await repo.listPendingRefunds(deps.db, 200)) {
    try {
      const payment = await repo.findPayment(deps.db, refund.payment_id);
      if (!payment || isCashPayment(payment)) continue;
      const known = await deps.provider.fetchRefunds(payment.provider_payment_id);
      const match = known.find((r) => (refund.provider_refund_id ? r.id === refund.provider_refund_id : r.refundKey === providerKey(refund)));
      if (match) {
        await applyAnswer(deps, refund, match);
        if (match.status !== 'pending') result[match.status]++;
      } else if (!refund.provider_refund_id && Date.now() - Date.parse(refund.updated_at) > UNANSWERED_REFUND_MS) {
        await executeRefund(deps, refund.id);
        result.sent++;
      }
    } catch (err) {
      deps.log.error({ err, refund: refund.id }, 'could not reconcile a refund');
    }
  }
  return result;
}

function view(r: repo.RefundRow): RefundView {
  return {
    id: r.id,
    amount: paiseToRupees(r.amount_paise),
    status: r.status,
    kind: r.kind,
    reason: r.reason,
    failureReason: r.failure_reason,
    providerRefundId: r.provider_refund_id,
    createdBy: r.created_by,
    createdAt: instantOf(r.created_at),
    processedAt: r.processed_at,
  };
}

/** The payments and refunds of an order, for the admin's order view. */
export async function orderMoney(db: Db, orderCode: string): Promise<OrderMoney> {
  const order = await repo.findOrderByCode(db, orderCode);
  if (!order) throw notFound('Order not found', 'order_not_found');
  const [payments, refunds, lines, creditNotes] = await Promise.all([
    repo.paymentsOf(db, order.id),
    repo.refundsOf(db, [order.id]),
    repo.linesOf(db, order.id),
    invoices.creditNotesOf(db, [order.id]),
  ]);
  const placing = payments.find((p) => !p.late);
  return {
    orderId: order.order_code,
    status: order.status,
    flag: order.flag,
    payments: payments.map((p) => ({
      paymentId: p.provider_payment_id,
      amount: paiseToRupees(p.amount_paise),
      refunded: paiseToRupees(p.refunded_paise),
      late: Boolean(p.late),
      createdAt: instantOf(p.created_at),
    })),
    refunds: refunds.map(view),
    lines: lines.map((l) => ({
      id: l.id,
      title: l.title,
      quantity: l.quantity,
      unitPrice: paiseToRupees(l.unit_price_paise),
      // What a refund of whole lines accepts: no unit back in stock, none in a shopper's return or a line refund (both hold the line).
      refundable: placing !== undefined && l.restocked_quantity === 0 && l.return_held_quantity === 0,
    })),
    refundable: placing ? paiseToRupees(leftToRefundPaise(placing)) : 0,
    creditNotes: creditNotes.get(order.id) ?? [],
  };
}

/**
 * An admin refunds part of a paid order without canceling it: an amount, or
 * whole lines (their price less their share of the discount; their units go
 * back on sale while the order is not dispatched, and stay with the shopper
 * after: decision 121), each line once. The idempotency key makes a retried
 * request answer the refund it already made; the same key on another order is refused.
 */
export async function refundPart(deps: OrderDeps, orderCode: string, input: RefundInput, adminName: string): Promise<RefundView> {
  const { db } = deps;
  const order = await repo.findOrderByCode(db, orderCode);
  if (!order) throw notFound('Order not found', 'order_not_found');
  const done = await repo.findRefundByKey(db, input.idempotencyKey);
  if (done) return refundOfKey(done, order.id);
  const payment = (await repo.paymentsOf(db, order.id)).find((p) => !p.late);
  if (!payment) throw new AppError('order_not_paid', 409, refundMessages.notPaid);
  // A COD order's cash goes back by bank transfer or UPI, made by the shop: its reference is required.
  const manual = isCashPayment(payment);
  if (manual && !input.reference) throw badRequest(codMessages.manualRefundReference, 'reference_required', { reference: codMessages.manualRefundReference });

  let amountPaise = input.amount !== undefined ? rupeesToPaise(input.amount)! : 0;
  let units: Map<number, number> | undefined;
  if (input.lines) {
    const [lines, earlier] = await Promise.all([repo.linesOf(db, order.id), repo.refundsOf(db, [order.id])]);
    // Lines refunded whole before: their units went back on sale, or (after dispatch) stayed with the shopper.
    const refunded = new Set(earlier.filter((r) => r.kind === 'partial' && r.lines).flatMap((r) => JSON.parse(r.lines!) as number[]));
    const chosen = [...new Set(input.lines)].map((id) => lines.find((l) => l.id === id));
    if (chosen.some((l) => !l || l.restocked_quantity > 0 || refunded.has(l.id))) throw badRequest(refundMessages.lineNotRefundable, 'line_not_refundable');
    if (chosen.some((l) => l!.return_held_quantity > 0)) throw new AppError('line_in_return', 409, refundMessages.lineInReturn);
    const picked = chosen as NonNullable<(typeof chosen)[number]>[];
    // Lines give back what was paid for the goods (shipping is no line's: a full refund or an amount returns it).
    amountPaise = linesRefundOf(order, picked);
    units = new Map(picked.map((l) => [l.id, l.quantity]));
  }
  if (amountPaise <= 0) throw badRequest(refundMessages.nothingLeft, 'nothing_to_refund');

  let id: number;
  let stockChanged = false;
  try {
    id = await db.transaction().execute(async (trx) => {
      await repo.lockOrder(trx, order.id);
      const refundId = await createRefundIn(trx, {
        orderId: order.id,
        paymentId: payment.id,
        amountPaise,
        kind: 'partial',
        reason: manual ? manualReason(input.reason, input.reference!) : input.reason,
        key: input.idempotencyKey,
        createdBy: `admin:${adminName}`,
        ...(input.lines ? { lines: input.lines } : {}),
      });
      if (units) {
        // The units leave the shopper's returnable count with the refund; a return that raced in wins.
        if (!(await holdWholeLines(trx, order.id, [...units.keys()]))) throw new AppError('line_in_return', 409, refundMessages.lineInReturn);
        // Back on sale only while the order has not left the shop (read after the lock): once dispatched the units are
        // with the courier or the shopper, and come back through a return received or a parcel returned (decision 121).
        if ((await repo.findOrder(trx, order.id))?.status === 'placed') stockChanged = await stock.returnUnits(trx, order.id, units);
      }
      if (manual) await processedByHandIn(deps, trx, refundId);
      return refundId;
    });
  } catch (err) {
    // The same key raced in: answer the refund the other request made.
    const other = isUniqueViolation(err) ? await repo.findRefundByKey(db, input.idempotencyKey) : undefined;
    if (other) return refundOfKey(other, order.id);
    throw err;
  }
  await stock.stockChanged(db, stockChanged);
  await settleStarted(deps, { id, manual });
  return view((await repo.findRefund(db, id))!);
}

/** The reason a refund made by hand keeps: the admin's words and the transfer's reference. */
const manualReason = (reason: string, reference: string) => [reason, `Refunded by hand (bank transfer/UPI), reference ${reference}`].filter(Boolean).join('. ');

/**
 * After the commit that started a refund: a refund made by hand (cash on delivery), processed in that
 * transaction, is counted and its mail sent; any other is sent to the provider.
 */
export async function settleStarted(deps: OrderDeps, started: { id: number; manual: boolean }): Promise<void> {
  if (!started.manual) return executeRefund(deps, started.id);
  countRefund(deps, (await repo.findRefund(deps.db, started.id))!, 'processed');
  deps.mailer.deliverSoon();
}

/**
 * The answer to a key already used: the refund it made when that was on this order; a 409 when it
 * was on another (keys are unique across the shop, as the provider sees them: answering the other
 * order's refund would leave this one unrefunded).
 */
function refundOfKey(refund: repo.RefundRow, orderId: number): RefundView {
  if (refund.order_id !== orderId) throw new AppError('idempotency_key_reused', 409, refundMessages.keyUsedElsewhere);
  return view(refund);
}

/** Tries a failed refund again: its amount is set aside again and the provider asked anew. */
export async function retryRefund(deps: OrderDeps, refundId: number): Promise<RefundView> {
  const moved = await deps.db.transaction().execute(async (trx) => {
    const refund = await repo.findRefund(trx, refundId);
    if (!refund) throw notFound('Refund not found', 'refund_not_found');
    if (refund.status !== 'failed') throw new AppError('refund_not_failed', 409, refundMessages.notFailed);
    if (!(await repo.moveRefund(trx, refund.id, 'failed', 'pending', { failure_reason: null, attempts: refund.attempts + 1 }))) {
      throw new AppError('refund_not_failed', 409, refundMessages.notFailed);
    }
    await repo.clearProviderRefund(trx, refund.id);
    if (!(await repo.reserveRefundable(trx, refund.payment_id, refund.amount_paise))) {
      throw new AppError('refund_too_large', 409, refundMessages.nothingLeft);
    }
    return refund.id;
  });
  await executeRefund(deps, moved);
  return view((await repo.findRefund(deps.db, moved))!);
}

/**
 * A captured payment for an order that no longer awaited payment (canceled, or
 * paid by another payment): recorded against the order, flagged for the admin,
 * refunded in full, and both the shopper and the shop are told. Answers the
 * amount, or null when the provider does not show the payment as captured.
 */
export async function handleLatePayment(deps: OrderDeps, orderId: number, providerOrderId: string, paymentId: string): Promise<number | null> {
  const { db } = deps;
  const captured = (await deps.provider.fetchOrderPayments(providerOrderId)).find((p) => p.id === paymentId && p.status === 'captured');
  if (!captured) {
    deps.log.warn({ order: orderId, payment: paymentId }, 'a late payment is not captured at the provider; nothing to refund');
    return null;
  }
  const shopName = deps.config.public.shopName;
  const amount = formatPaise(captured.amount);
  const created = await db.transaction().execute(async (trx) => {
    // The order's row first (decision 110): a placing of the order with this payment, racing, writes the order and
    // then the payment; in the other order the two deadlocked (decision 121).
    await repo.lockOrder(trx, orderId);
    const rowId = await repo.insertPayment(trx, { order_id: orderId, provider_payment_id: paymentId, amount_paise: captured.amount, late: 1 });
    if (rowId === null) return null;
    await repo.setOrderFlag(trx, orderId, 'late_payment');
    const order = (await repo.findOrder(trx, orderId))!;
    // Both told in the transaction that records the payment (decision 035).
    await deps.mailer.queue(trx, [
      { to: order.email, kind: 'late-payment', ...latePaymentMail(shopName, order.name, order.order_code, amount, `${deps.config.publicUrl}/Orders`) },
      { to: deps.config.mail.shopEmail, kind: 'late-payment-notice', ...latePaymentNoticeMail(shopName, order.order_code, paymentId, amount, order.email) },
    ]);
    const refund = await createRefundIn(trx, {
      orderId,
      paymentId: rowId,
      amountPaise: captured.amount,
      kind: 'late_payment',
      reason: 'The payment arrived after the order stopped awaiting payment',
      key: `late:${paymentId}`,
      createdBy: 'system',
    });
    return { refund, orderCode: order.order_code };
  });
  if (created === null) return captured.amount; // recorded before: its refund is under way
  deps.log.warn({ order: created.orderCode, payment: paymentId, amount: captured.amount }, 'late payment recorded; refunding it');
  deps.mailer.deliverSoon();
  await executeRefund(deps, created.refund);
  return captured.amount;
}

/** Processed and pending refund totals per order (paise), for order lists. */
export async function refundTotals(db: Db, orderIds: number[]): Promise<Map<number, { processed: number; pending: number }>> {
  return refundTotalsOf(await repo.refundsOf(db, orderIds));
}

/** Records the payment that placed an order (inside the transaction that places it); false when that payment was recorded before. */
export async function recordPlacingPayment(trx: Db, orderId: number, paymentId: string, amountPaise: number): Promise<boolean> {
  return (await repo.insertPayment(trx, { order_id: orderId, provider_payment_id: paymentId, amount_paise: amountPaise, late: 0 })) !== null;
}

/**
 * Starts the refund of whatever is left of the payment that placed an order
 * being canceled (inside the transaction that cancels it). Answers the refund
 * id and amount, or null when nothing was paid or nothing is left.
 */
export async function refundRestIn(trx: Db, orderId: number, createdBy: string): Promise<{ id: number; amountPaise: number } | null> {
  const payment = (await repo.paymentsOf(trx, orderId)).find((p) => !p.late);
  const left = payment ? leftToRefundPaise(payment) : 0;
  if (!payment || left <= 0) return null;
  const id = await createRefundIn(trx, {
    orderId,
    paymentId: payment.id,
    amountPaise: left,
    kind: 'cancel',
    reason: 'Order canceled',
    key: `cancel:${orderId}`,
    createdBy,
  });
  return { id, amountPaise: left };
}

/**
 * Starts the refund of a shopper's return (inside the transaction that marks it refunded): the
 * amount from the payment that placed the order, for the returned lines (their credit note shares
 * it over those lines). The key `return:<id>` makes a second refund of the same return impossible
 * whatever races. Answers null when no payment was recorded (cash on delivery not collected). The
 * cash of a COD order is refunded by hand: its bank transfer or UPI `reference` is required (a 400
 * without it) and its refund is processed in this transaction (decision 121). `settleStarted` must follow the commit.
 */
export async function startReturnRefundIn(
  deps: OrderDeps,
  trx: Db,
  r: { orderId: number; returnId: number; amountPaise: number; lineIds: number[]; reason: string; reference?: string | undefined; createdBy: string },
): Promise<{ id: number; manual: boolean } | null> {
  const payment = (await repo.paymentsOf(trx, r.orderId)).find((p) => !p.late);
  if (!payment) return null;
  const manual = isCashPayment(payment);
  if (manual && !r.reference) throw badRequest(codMessages.manualRefundReference, 'reference_required', { reference: codMessages.manualRefundReference });
  const id = await createRefundIn(trx, {
    orderId: r.orderId,
    paymentId: payment.id,
    amountPaise: r.amountPaise,
    kind: 'return',
    reason: manual ? manualReason(r.reason, r.reference!) : r.reason,
    key: `return:${r.returnId}`,
    createdBy: r.createdBy,
    lines: r.lineIds,
  });
  if (manual) await processedByHandIn(deps, trx, id);
  return { id, manual };
}

/** Refunds by id (amount and status), for views of what they paid back. */
export async function refundsByIds(db: Db, ids: number[]): Promise<Map<number, { amountPaise: number; status: repo.RefundRow['status'] }>> {
  if (ids.length === 0) return new Map();
  return new Map((await repo.refundsByIds(db, ids)).map((r) => [r.id, { amountPaise: r.amount_paise, status: r.status }]));
}
