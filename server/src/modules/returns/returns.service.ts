import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { rowsByParent } from '../../db/rows';
import { formatPaise, paiseToRupees, rupeesToPaise } from '@shared/money';
import { orderMessages } from '@shared/order-messages';
import {
  ADMIN_RETURNS_PAGE,
  canMoveReturn,
  CreateReturnInput,
  MAX_RETURN_PHOTO_BYTES,
  MAX_RETURN_PHOTOS,
  returnDeadline,
  returnMessages,
  type AdminReturn,
  type AdminReturnsQuery,
  type ReturnDecisionInput,
  type ReturnRefundInput,
  type ReturnStatus,
  type ReturnView,
} from '@shared/returns';
import { AppError, badRequest, notFound, parseOrBadRequest } from '../../errors';
import type { MultipartForm } from '../../plugins/multipart';
import type { FileStorage } from '../../storage/storage';
import { storePrivateImage } from '../images/image.service';
import { returnStatusMail } from '../mail/mail.templates';
import type { OrderDeps } from '../orders/order-deps';
import { linesRefundOf } from '../refunds/refund-amounts';
import * as refunds from '../refunds/refunds.service';
import * as settings from '../settings/settings.service';
import * as stock from '../stock/stock.service';
import * as repo from './returns.repository';

export type ReturnDeps = OrderDeps & { storage: FileStorage };

/**
 * Days after delivery in which a shopper may ask for a return: the dashboard's shop setting
 * (RETURN_WINDOW_DAYS, default 7, until the owner saves one; decision 049).
 */
export const returnWindowDays = (db: Db, config: Config): Promise<number> => settings.returnWindowDays(db, config);

/** When the return window of a delivered order closes (orders delivered before it was recorded count from payment), else null. */
function windowEnd(order: { status: string; delivered_at: string | null; paid_at: string | null }, days: number): Date | null {
  if (order.status !== 'delivered') return null;
  const from = order.delivered_at ?? order.paid_at;
  return from ? returnDeadline(from, days) : null;
}

/**
 * What returned units account for of what was paid for the goods: the same figure as an admin's refund of
 * those lines (their share of the discount taken off; never shipping nor the COD fee; decision 058 addendum).
 */
function valueOf(order: repo.ReturnOrder, lines: { unit_price_paise: number; quantity: number }[]): number {
  return linesRefundOf(order, lines);
}

/** The shopper's own order, else "not found" (another shopper's order is never told apart from none). */
async function ownOrder(db: Db, userId: string, orderCode: string): Promise<repo.ReturnOrder> {
  const order = await repo.findOrderByCode(db, orderCode.trim().toUpperCase());
  if (!order || order.user_id !== userId || order.paid_at === null) throw notFound(orderMessages.orderNotFound, 'order_not_found');
  return order;
}

/** The return request's form: JSON, or multipart with `lines` as JSON text, `reason`, and `photos` (images). */
export function readReturnForm(body: unknown, form: MultipartForm | null): { input: CreateReturnInput; photos: Buffer[] } {
  if (!form) return { input: parseOrBadRequest(CreateReturnInput, body), photos: [] };
  let lines: unknown;
  try {
    lines = JSON.parse(form.fields.lines ?? '[]');
  } catch {
    throw badRequest('lines must be a JSON list of { lineId, quantity }', 'validation', { lines: 'Choose the items to return' });
  }
  const input = parseOrBadRequest(CreateReturnInput, { lines, reason: form.fields.reason ?? '' });
  const photos = form.files.filter((f) => f.field === 'photos' || f.field === 'photo');
  if (photos.length !== form.files.length) throw badRequest('Send photos in the photos field', 'validation', { photos: 'Unexpected file field' });
  if (photos.length > MAX_RETURN_PHOTOS) throw badRequest(returnMessages.tooManyPhotos, 'too_many_files');
  return { input, photos: photos.map((p) => p.data) };
}

/** Upload limits of a return request's photos (for the multipart reader). */
export const RETURN_PHOTO_LIMITS = { maxFiles: MAX_RETURN_PHOTOS, tooManyFiles: returnMessages.tooManyPhotos, maxFileBytes: MAX_RETURN_PHOTO_BYTES };

/**
 * A shopper asks to return units of lines of their delivered order within the window. Each line's
 * units are held by a conditional update (never beyond what was bought less what is already in
 * returns, however many requests race); the photos are stored first and removed again when the
 * request is refused. The shopper is mailed in the same transaction (decision 035).
 */
export async function requestReturn(deps: ReturnDeps, userId: string, orderCode: string, input: CreateReturnInput, photos: Buffer[]): Promise<ReturnView> {
  const { db } = deps;
  const order = await ownOrder(db, userId, orderCode);
  if (order.status !== 'delivered') throw new AppError('not_delivered', 409, returnMessages.notDelivered);
  const days = await returnWindowDays(db, deps.config);
  const end = windowEnd(order, days);
  if (!end || Date.now() > end.getTime()) throw new AppError('return_window_closed', 409, returnMessages.windowClosed(days));
  const lines = await repo.linesOf(db, order.id);
  const byId = new Map(lines.map((l) => [l.id, l]));
  if (input.lines.some((l) => !byId.has(l.lineId))) throw badRequest(returnMessages.badLine, 'line_not_in_order');
  for (const l of input.lines) {
    const line = byId.get(l.lineId)!;
    const left = line.quantity - line.return_held_quantity;
    if (l.quantity > left) throw new AppError('return_too_many', 409, returnMessages.tooMany(line.title, left));
  }

  const stored: { key: string; contentType: string; size: number }[] = [];
  try {
    for (const photo of photos) stored.push(await storePrivateImage(deps.storage, 'returns', photo));
    const id = await db.transaction().execute(async (trx) => {
      // A fixed order of rows keeps two requests for the same lines from deadlocking on PostgreSQL.
      for (const l of [...input.lines].sort((a, b) => a.lineId - b.lineId)) {
        if (!(await repo.holdReturnUnits(trx, order.id, l.lineId, l.quantity))) {
          const now = (await repo.linesOf(trx, order.id)).find((x) => x.id === l.lineId)!;
          throw new AppError('return_too_many', 409, returnMessages.tooMany(now.title, now.quantity - now.return_held_quantity));
        }
      }
      const returnId = await repo.insertReturn(trx, { order_id: order.id, user_id: userId, reason: input.reason });
      await repo.insertLines(trx, returnId, input.lines);
      await repo.insertPhotos(trx, returnId, stored);
      await queueMail(deps, trx, order, returnId, 'requested', null);
      return returnId;
    });
    deps.mailer.deliverSoon();
    return (await views(db, [(await repo.findReturn(db, id))!]))[0]!;
  } catch (err) {
    await Promise.all(stored.map((p) => deps.storage.delete(p.key).catch(() => {})));
    throw err;
  }
}

async function queueMail(
  deps: ReturnDeps,
  trx: Db,
  order: repo.ReturnOrder,
  returnId: number,
  status: ReturnStatus,
  message: string | null,
  refundPaise: number | null = null,
) {
  const mail = returnStatusMail(
    deps.config.public.shopName,
    order.name,
    order.order_code,
    returnId,
    status,
    `${deps.config.publicUrl}/Orders`,
    message,
    refundPaise === null ? null : formatPaise(refundPaise),
  );
  await deps.mailer.queue(trx, [{ to: order.email, kind: `return-${status}`, ...mail }]);
}

type ReturnLines = Awaited<ReturnType<typeof repo.linesOfReturns>>;

/** The returns' views; their lines read here unless the caller reads them (the admin's list reads them once for views and values). */
async function views(db: Db, rows: repo.ReturnRow[], read?: Promise<ReturnLines>): Promise<ReturnView[]> {
  const ids = rows.map((r) => r.id);
  const [lines, photos, paid] = await Promise.all([
    read ?? repo.linesOfReturns(db, ids),
    repo.photosOf(db, ids),
    refunds.refundsByIds(
      db,
      rows.flatMap((r) => (r.refund_id === null ? [] : [r.refund_id])),
    ),
  ]);
  const linesOf = rowsByParent(lines, 'return_id');
  const photosOf = rowsByParent(photos, 'return_id');
  return rows.map((r) => {
    const refund = r.refund_id === null ? undefined : paid.get(r.refund_id);
    return {
      id: r.id,
      status: r.status as ReturnStatus,
      reason: r.reason,
      message: r.admin_message,
      createdAt: String(r.created_at),
      updatedAt: String(r.updated_at),
      lines: linesOf(r.id).map((l) => ({ lineId: l.order_line_id, title: l.title, quantity: l.quantity })),
      photos: photosOf(r.id).map((p) => p.id),
      refund: refund ? { amount: paiseToRupees(refund.amountPaise), status: refund.status } : null,
    };
  });
}

/** The returns of orders (order id → views, oldest first), for Your Orders. */
export async function returnsOfOrders(db: Db, orderIds: number[]): Promise<Map<number, ReturnView[]>> {
  const rows = await repo.returnsOfOrders(db, orderIds);
  const all = await views(db, rows);
  const byOrder = new Map<number, ReturnView[]>();
  rows.forEach((r, i) => byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), all[i]!]));
  return byOrder;
}

/** Where an order stands for returns in Your Orders: the window's end while open. */
export function returnUntil(order: { status: string; delivered_at: string | null; paid_at: string | null }, days: number, now = Date.now()): string | null {
  const end = windowEnd(order, days);
  return end && now <= end.getTime() ? end.toISOString() : null;
}

/** A photo of the shopper's own return (or, with userId null, any: the admin's). */
export async function photo(deps: ReturnDeps, userId: string | null, orderCode: string | null, returnId: number, photoId: number) {
  const ret = await repo.findReturn(deps.db, returnId);
  if (!ret || (userId !== null && ret.user_id !== userId)) throw notFound('Photo not found', 'photo_not_found');
  if (orderCode !== null) {
    const order = await repo.findOrderByCode(deps.db, orderCode.trim().toUpperCase());
    if (!order || order.id !== ret.order_id) throw notFound('Photo not found', 'photo_not_found');
  }
  const found = await repo.findPhoto(deps.db, returnId, photoId);
  const file = found && (await deps.storage.get(found.storage_key));
  if (!found || !file) throw notFound('Photo not found', 'photo_not_found');
  return { contentType: found.content_type, file };
}

async function adminViews(db: Db, rows: repo.ReturnRow[]): Promise<AdminReturn[]> {
  // One round: the lines (for the views and the values), the orders, and the views' photos and refunds at once.
  const reading = repo.linesOfReturns(
    db,
    rows.map((r) => r.id),
  );
  const [lines, found, base] = await Promise.all([reading, repo.findOrdersByIds(db, [...new Set(rows.map((r) => r.order_id))]), views(db, rows, reading)]);
  const linesOf = rowsByParent(lines, 'return_id');
  const orders = new Map(found.map((o) => [o.id, o]));
  return rows.map((r, i) => {
    const order = orders.get(r.order_id)!;
    return {
      ...base[i]!,
      orderId: order.order_code,
      customerEmail: order.email,
      customerName: order.name,
      value: paiseToRupees(valueOf(order, linesOf(r.id))),
      restocked: Boolean(r.restocked),
      paymentMethod: order.payment_method === 'cod' ? ('cod' as const) : ('online' as const),
    };
  });
}

/**
 * GET /api/admin/returns: newest first, filtered by status, a page of ADMIN_RETURNS_PAGE. The count
 * is exact up to RETURNS_COUNT_CAP and capped past it (decision 043's convention).
 */
export async function listReturns(db: Db, q: AdminReturnsQuery): Promise<{ returns: AdminReturn[]; total: number; capped: boolean }> {
  const [rows, counted] = await Promise.all([
    repo.listReturns(db, q.status, { limit: ADMIN_RETURNS_PAGE, offset: (q.page - 1) * ADMIN_RETURNS_PAGE }),
    repo.countReturns(db, q.status),
  ]);
  const capped = counted > repo.RETURNS_COUNT_CAP;
  return { returns: await adminViews(db, rows), total: capped ? repo.RETURNS_COUNT_CAP : counted, capped };
}

async function adminReturn(db: Db, id: number): Promise<AdminReturn> {
  const row = await repo.findReturn(db, id);
  if (!row) throw notFound('Return not found', 'return_not_found');
  return (await adminViews(db, [row]))[0]!;
}

/**
 * The shop decides on a return: approves or rejects it (with a message to the shopper), or marks
 * the parcel received (its units back on sale when `restock`). Each move is conditional on the
 * status it starts from, so of two admins acting at once one is refused; rejecting gives the held
 * units back to the line. The shopper is mailed in the same transaction.
 */
export async function decide(deps: ReturnDeps, id: number, input: ReturnDecisionInput): Promise<AdminReturn> {
  const { db } = deps;
  const ret = await repo.findReturn(db, id);
  if (!ret) throw notFound('Return not found', 'return_not_found');
  const from = ret.status as ReturnStatus;
  const to = input.status;
  if (!canMoveReturn(from, to)) throw new AppError('return_status_not_allowed', 409, returnMessages.statusNotAllowed(from, to));
  const order = (await repo.findOrderById(db, ret.order_id))!;
  const lines = await repo.linesOfReturns(db, [id]);
  const message = input.message?.trim() || null;
  const restock = to === 'received' && input.restock === true;
  const stockChanged = await db.transaction().execute(async (trx) => {
    if (
      !(await repo.moveReturn(trx, id, from, to, {
        ...(message !== null || to !== 'received' ? { admin_message: message } : {}),
        ...(restock ? { restocked: 1 } : {}),
      }))
    ) {
      throw new AppError('return_changed', 409, returnMessages.changed);
    }
    if (to === 'rejected') for (const l of lines) await repo.releaseReturnUnits(trx, l.order_line_id, l.quantity);
    const changed = restock ? await stock.returnUnits(trx, order.id, new Map(lines.map((l) => [l.order_line_id, l.quantity]))) : false;
    await queueMail(deps, trx, order, id, to, message);
    return changed;
  });
  deps.mailer.deliverSoon();
  await stock.stockChanged(db, stockChanged);
  return adminReturn(db, id);
}

/**
 * Refunds a received return, whole (what its units account for of what was paid) or part, through
 * the refunds service: its GST credit note follows when the provider has processed it. The move
 * received → refunded and the refund (key `return:<id>`) are one transaction, so a return is
 * refunded once however many requests race.
 */
export async function refundReturn(deps: ReturnDeps, id: number, input: ReturnRefundInput, adminName: string): Promise<AdminReturn> {
  const { db } = deps;
  const ret = await repo.findReturn(db, id);
  if (!ret) throw notFound('Return not found', 'return_not_found');
  if (ret.status !== 'received') {
    throw new AppError(
      'return_not_received',
      409,
      ret.status === 'refunded' ? returnMessages.statusNotAllowed('refunded', 'refunded') : returnMessages.notReceived,
    );
  }
  const order = (await repo.findOrderById(db, ret.order_id))!;
  const lines = await repo.linesOfReturns(db, [id]);
  const value = valueOf(order, lines);
  const amountPaise = input.amount === undefined ? value : rupeesToPaise(input.amount)!;
  if (amountPaise > value) throw new AppError('refund_too_large', 409, returnMessages.tooLarge(formatPaise(value)));
  if (amountPaise <= 0) throw new AppError('nothing_to_refund', 409, returnMessages.tooLarge(formatPaise(value)));
  const started = await db.transaction().execute(async (trx) => {
    if (!(await repo.moveReturn(trx, id, 'received', 'refunded'))) throw new AppError('return_changed', 409, returnMessages.changed);
    const refund = await refunds.startReturnRefundIn(deps, trx, {
      orderId: order.id,
      returnId: id,
      amountPaise,
      lineIds: [...new Set(lines.map((l) => l.order_line_id))],
      reason: `Return #${id}`,
      reference: input.reference,
      createdBy: `admin:${adminName}`,
    });
    if (refund === null) throw new AppError('order_not_paid', 409, returnMessages.notPaid);
    await repo.setRefund(trx, id, refund.id);
    await queueMail(deps, trx, order, id, 'refunded', null, amountPaise);
    return refund;
  });
  deps.mailer.deliverSoon();
  await refunds.settleStarted(deps, started);
  return adminReturn(db, id);
}
