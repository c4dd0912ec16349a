import { codMessages, type CodCollectionInput } from '@shared/cod';
import { formatPaise, paiseToRupees } from '@shared/money';
import type { Db } from '../../db/database';
import { AppError, badRequest, notFound } from '../../errors';
import * as coupons from '../coupons/coupons.service';
import * as invoices from '../invoices/invoices.service';
import { orderStatusMail } from '../mail/mail.templates';
import type { AttachmentRef } from '../mail/mailer';
import * as refunds from '../refunds/refunds.service';
import * as stock from '../stock/stock.service';
import type { OrderDeps } from './order-deps';
import { isExactCollection } from './cod-amounts';
import * as repo from './orders.repository';

/**
 * Cash on delivery after checkout (decision 044): invoiced at dispatch, paid when the admin records
 * the cash, canceled (returned to origin) when the buyer refuses the parcel.
 */

const isCod = (o: repo.OrderRow) => o.payment_method === 'cod';

/**
 * What a COD order's status change does besides moving it, inside the transaction that moves it:
 * leaving for the courier (dispatched, or delivered straight from placed) issues its GST invoice
 * (goods are invoiced no later than their removal); canceling, once invoiced, cancels the invoice
 * with a credit note (nothing was paid, so nothing is refunded; the caller gave the coupon use back).
 * Answers the invoice issued now, to attach to the shopper's mail.
 */
export async function codStatusChangeIn(deps: OrderDeps, trx: Db, order: repo.OrderRow, to: string): Promise<AttachmentRef[]> {
  if (!isCod(order)) return [];
  if ((to === 'dispatched' || to === 'delivered') && !(await invoices.hasInvoice(trx, order.id))) {
    const number = await invoices.issueIn(trx, deps.config, order.id);
    return [invoices.invoiceAttachment(order.order_code, number)];
  }
  if (to === 'canceled') await releaseUnpaidCodIn(deps, trx, order, 'Order canceled before payment');
  return [];
}

/**
 * A COD order canceled before its cash was paid: its invoice (if any) canceled by a credit note.
 * Its coupon use was given back before its units, as a checkout locks the rows (decision 110).
 */
async function releaseUnpaidCodIn(deps: OrderDeps, trx: Db, order: repo.OrderRow, reason: string): Promise<void> {
  await invoices.issueCancellingNoteIn(trx, deps.config, { id: order.id, totalPaise: order.total_paise, reason });
}

async function codOrder(db: Db, orderCode: string) {
  const order = await repo.findByCode(db, orderCode);
  if (!order || order.paid_at === null) throw notFound('Order not found', 'order_not_found');
  if (!isCod(order)) throw new AppError('not_cod', 409, codMessages.notCod);
  return order;
}

/**
 * POST /api/admin/orders/{orderId}/cod-collection: the cash the courier collected, which makes the
 * COD order paid: the exact amount to collect, once, after dispatch. The cash is recorded as the
 * order's payment (`cod:<order id>`, so refunds and the money view see it); a dispatched order
 * becomes delivered (the cash changes hands at delivery), and the shopper is told.
 */
export async function recordCollection(deps: OrderDeps, orderCode: string, input: CodCollectionInput) {
  const order = await codOrder(deps.db, orderCode);
  if (order.status === 'canceled') throw new AppError('order_canceled', 409, codMessages.collectCanceled);
  if (order.cod_collected_at !== null) throw new AppError('already_collected', 409, codMessages.alreadyCollected);
  if (order.status === 'placed') throw new AppError('not_dispatched', 409, codMessages.collectNotDispatched);
  if (!isExactCollection(input.amount, order))
    throw badRequest(codMessages.wrongAmount(formatPaise(order.total_paise)), 'wrong_amount', {
      amount: codMessages.wrongAmount(formatPaise(order.total_paise)),
    });
  const at = input.date ? `${input.date}T12:00:00.000Z` : new Date().toISOString();
  const done = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.recordCodCollection(trx, order.id, { paise: order.total_paise, at, reference: input.reference }))) return false;
    await refunds.recordPlacingPayment(trx, order.id, `cod:${order.order_code}`, order.total_paise);
    if (order.status === 'dispatched' && (await repo.moveStatus(trx, order.id, 'dispatched', 'delivered'))) {
      const mail = orderStatusMail(deps.config.public.shopName, order.name, order.order_code, 'delivered', `${deps.config.publicUrl}/Orders`);
      if (mail) await deps.mailer.queue(trx, [{ to: order.email, kind: 'order-delivered', ...mail }]);
    }
    return true;
  });
  if (!done) {
    // Nothing was recorded: another request changed the order after it was read. Say which change it was.
    const now = await repo.findById(deps.db, order.id);
    if (now?.status === 'canceled') throw new AppError('order_canceled', 409, codMessages.collectCanceled);
    throw new AppError('already_collected', 409, codMessages.alreadyCollected);
  }
  deps.mailer.deliverSoon();
  return { message: codMessages.collectedSaved, amount: paiseToRupees(order.total_paise) };
}

/**
 * PATCH /api/UserOrders/{orderId} {status: 'returned'}: the buyer refused a dispatched COD parcel
 * and it came back (returned to origin). The order is canceled, its units go back on sale, its
 * coupon use is given back, a credit note cancels its invoice, and the return counts against the
 * shopper's COD eligibility (`maxReturns`). Of concurrent calls exactly one moves the order.
 */
export async function returnToOrigin(deps: OrderDeps, orderCode: string) {
  const order = await codOrder(deps.db, orderCode);
  if (order.status !== 'dispatched' || order.cod_collected_at !== null) throw new AppError('status_not_allowed', 409, codMessages.returnNotDispatched);
  const moved = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.moveStatus(trx, order.id, 'dispatched', 'canceled'))) return null;
    await repo.markReturned(trx, order.id);
    if (order.coupon_id !== null) await coupons.releaseUsedForOrder(trx, order.coupon_id, order.id);
    const stockChanged = await stock.returnUnits(trx, order.id);
    await releaseUnpaidCodIn(deps, trx, order, 'Parcel returned to origin (refused on delivery)');
    const mail = orderStatusMail(deps.config.public.shopName, order.name, order.order_code, 'canceled', `${deps.config.publicUrl}/Orders`);
    if (mail) await deps.mailer.queue(trx, [{ to: order.email, kind: 'order-canceled', ...mail }]);
    return { stockChanged };
  });
  if (!moved) throw new AppError('status_changed', 409, 'The order changed meanwhile. Refresh and try again.');
  deps.mailer.deliverSoon();
  await stock.stockChanged(deps.db, moved.stockChanged);
  return { message: codMessages.returnedSaved };
}
