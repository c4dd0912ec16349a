import type { Db } from '../../db/database';
import { rowsByParent } from '../../db/rows';
import { ADMIN_ORDERS_UNPAGED, type AdminOrder, type AdminOrdersQuery, type DispatchInput, type OrderStatusInput } from '@shared/admin-orders.schemas';
import { canMove, nextStatuses, type OrderStatus } from '@shared/order-status';
import { formatPaise, paiseToRupees } from '@shared/money';
import { orderMessages } from '@shared/order-messages';
import { returnMessages } from '@shared/returns';
import { AppError, notFound } from '../../errors';
import { orderStatusMail, trackingMail } from '../mail/mail.templates';
import type { OrderDeps } from './order-deps';
import { paymentOf } from './orders.service';
import { codStatusChangeIn, returnToOrigin } from './cod-admin.service';
import { toCollectPaise } from './cod-amounts';
import { RETURNED } from '@shared/admin-orders.schemas';
import * as catalogue from '../catalogue/catalogue.service';
import * as coupons from '../coupons/coupons.service';
import { packingSlipsPdf, type PackingSlip } from './packing-slip-pdf';
import * as refunds from '../refunds/refunds.service';
import * as stock from '../stock/stock.service';
import * as repo from './orders.repository';

const PERIOD_DAYS = { '1y': 365, '6m': 182, '1m': 30 } as const;

function filterOf(q: AdminOrdersQuery, now = Date.now()): repo.AdminOrderFilter {
  const since = q.period === 'all' ? null : new Date(now - PERIOD_DAYS[q.period] * 86_400_000).toISOString();
  return { status: q.status, since, q: q.q };
}

async function withLines(db: Db, orders: Awaited<ReturnType<typeof repo.listAdminOrders>>): Promise<AdminOrder[]> {
  const ids = orders.map((o) => o.id);
  const [lines, refunded] = await Promise.all([repo.listLines(db, ids), refunds.refundTotals(db, ids)]);
  const linesOf = rowsByParent(lines, 'order_id');
  return orders.map((o) => ({
    orderId: o.order_code,
    customerEmail: o.email,
    customerPhone: o.phone,
    products: linesOf(o.id).map((l) => ({ name: l.title, quantity: l.quantity })),
    totalAmount: paiseToRupees(o.total_paise),
    createdAt: o.paid_at ?? String(o.created_at),
    status: o.status,
    razorpayOrderId: o.provider_order_id,
    razorpayPaymentId: o.provider_payment_id,
    shippingAddress: o.address,
    nextStatuses:
      o.paid_at === null ? [] : [...nextStatuses(o.status as OrderStatus), ...(toCollectPaise(o) !== null && o.status === 'dispatched' ? [RETURNED] : [])],
    refunded: paiseToRupees(refunded.get(o.id)?.processed ?? 0),
    refundPending: paiseToRupees(refunded.get(o.id)?.pending ?? 0),
    flag: o.flag,
    courier: o.courier,
    trackingNumber: o.tracking_number,
    trackingUrl: o.tracking_url,
    ...paymentOf(o),
  }));
}

/** Paid orders, filtered and paged on the server (`pageSize` a page; without a page, the newest ones). */
export async function listOrders(db: Db, q: AdminOrdersQuery) {
  const filter = filterOf(q);
  const page = q.page === undefined ? { limit: ADMIN_ORDERS_UNPAGED, offset: 0 } : { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  const { orders, counted } = await repo.adminOrdersPage(db, filter, page);
  // Exact up to ADMIN_COUNT_CAP; past it, the cap and `capped` ("that many or more"; decision 043).
  const capped = counted > repo.ADMIN_COUNT_CAP;
  return { orders: await withLines(db, orders), total: capped ? repo.ADMIN_COUNT_CAP : counted, capped, page: q.page ?? 1, pageSize: page.limit };
}

/** A CSV cell: quoted, and never read as a formula by a spreadsheet (a plain number, negative too, stays a number). */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The filtered orders as CSV (at most 100,000 rows). */
export async function ordersCsv(db: Db, q: AdminOrdersQuery): Promise<string> {
  const filter = filterOf(q);
  // "Paid at" is when the order was placed; for cash on delivery the cash is in the COD columns (decision 044).
  const header = [
    'Order ID',
    'Paid at',
    'Status',
    'Customer email',
    'Customer phone',
    'Shipping address',
    'Products',
    'Total (INR)',
    'Razorpay order ID',
    'Razorpay payment ID',
    'Payment method',
    'COD fee (INR)',
    'COD to collect (INR)',
    'COD collected at',
    'COD collected (INR)',
    'COD reference',
    'Returned to origin at',
  ];
  const out = [header.map(csvCell).join(',')];
  for (let offset = 0; offset < 100_000; offset += 1000) {
    const rows = await repo.listAdminOrders(db, filter, { limit: 1000, offset });
    const orders = await withLines(db, rows);
    orders.forEach((o, i) => {
      const row = rows[i]!;
      const cod = o.paymentMethod === 'cod';
      out.push(
        [
          o.orderId,
          o.createdAt,
          o.status,
          o.customerEmail,
          o.customerPhone,
          o.shippingAddress,
          o.products.map((p) => `${p.quantity} x ${p.name}`).join('; '),
          o.totalAmount.toFixed(2),
          o.razorpayOrderId,
          o.razorpayPaymentId,
          cod ? 'Cash on delivery' : 'Online',
          cod ? o.codFee.toFixed(2) : null,
          cod ? o.codToCollect.toFixed(2) : null,
          row.cod_collected_at,
          row.cod_collected_paise === null ? null : paiseToRupees(row.cod_collected_paise).toFixed(2),
          row.cod_reference,
          row.returned_at,
        ]
          .map(csvCell)
          .join(','),
      );
    });
    if (orders.length < 1000) break;
  }
  return `${out.join('\r\n')}\r\n`;
}

async function paidOrder(db: Db, orderCode: string) {
  const order = await repo.findByCode(db, orderCode);
  if (!order || order.paid_at === null) throw notFound('Order not found', 'order_not_found');
  return order;
}

type TrackingDetails = { courier: string; trackingNumber: string; trackingUrl: string | null };

function trackingOf(input: { courier?: string; trackingNumber?: string; trackingUrl?: string }): TrackingDetails | null {
  if (!input.courier || !input.trackingNumber) return null;
  return { courier: input.courier, trackingNumber: input.trackingNumber, trackingUrl: input.trackingUrl || null };
}

const dispatchColumns = (t: TrackingDetails) => ({ courier: t.courier, tracking_number: t.trackingNumber, tracking_url: t.trackingUrl });

/**
 * Moves an order along the status table (shared/src/order-status.ts); the
 * shopper is told by mail when it is dispatched, delivered or canceled.
 * Dispatching may come without the courier and tracking number (the original
 * dashboard sends the status alone): they can be added later (setDispatchDetails).
 */
export async function changeStatus(deps: OrderDeps, orderCode: string, input: OrderStatusInput) {
  if (input.status === RETURNED) return returnToOrigin(deps, orderCode);
  const to = input.status;
  const order = await paidOrder(deps.db, orderCode);
  const tracking = to === 'dispatched' ? trackingOf(input) : null;
  const from = order.status as OrderStatus;
  if (!canMove(from, to)) {
    throw new AppError('status_not_allowed', 409, `An order that is ${from} cannot become ${to}.`);
  }
  const moved = await moveOrder(deps, order, from, to, tracking, 'admin');
  if (!moved) {
    throw new AppError('status_changed', 409, 'The order changed meanwhile. Refresh and try again.');
  }
  return { message: 'Order status updated successfully!', ...(moved.refund ? { refund: paiseToRupees(moved.refund.amountPaise) } : {}) };
}

/**
 * POST /api/orders/{orderId}/cancel: the shopper cancels their own order while it is placed and
 * not dispatched, exactly as the admin's cancel does (units back, coupon use given back, the rest of
 * the payment refunded through the provider at once, a credit note when it is processed). Another
 * shopper's order is "not found". The move is conditional on the order still being placed, so a
 * dispatch racing with the cancel leaves one of them refused.
 * Cash on delivery (decision 044): a COD order is placed with `paid_at` set and no payment, so
 * `refundRestIn` answers null and the order is only canceled (its coupon use given back).
 */
export async function cancelByShopper(deps: OrderDeps, userId: string, orderCode: string) {
  const order = await repo.findByCode(deps.db, orderCode.trim().toUpperCase());
  if (!order || order.user_id !== userId || !isPlacedOrder(order)) throw notFound(orderMessages.orderNotFound, 'order_not_found');
  if (order.status !== 'placed') throw new AppError('not_cancelable', 409, returnMessages.notCancelable);
  const moved = await moveOrder(deps, order, 'placed', 'canceled', null, 'shopper');
  if (!moved) throw new AppError('not_cancelable', 409, returnMessages.notCancelable);
  return { message: returnMessages.canceled, ...(moved.refund ? { refund: paiseToRupees(moved.refund.amountPaise) } : {}) };
}

/** An order that went past checkout: paid online, or placed cash on delivery (`paid_at` set at placement, decision 044). */
function isPlacedOrder(order: repo.OrderRow): boolean {
  return order.paid_at !== null;
}

/**
 * One status move in one transaction. Canceling gives the units and the coupon use back and starts
 * the refund of what was paid in the transaction that cancels: of any number of concurrent cancels
 * (admin or shopper) exactly one moves the order, so one refund. The shopper's mail is queued in the
 * same transaction (decision 035). Answers null when the order was no longer `from`.
 */
async function moveOrder(deps: OrderDeps, order: repo.OrderRow, from: OrderStatus, to: OrderStatus, tracking: TrackingDetails | null, by: 'admin' | 'shopper') {
  const moved = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.moveStatus(trx, order.id, from, to))) return null;
    if (tracking) await repo.setDispatch(trx, order.id, dispatchColumns(tracking));
    const canceling = to === 'canceled';
    // The coupon's row before the stock rows, as a checkout locks them: the other order deadlocks on PostgreSQL (decision 110).
    if (canceling && order.coupon_id !== null) await coupons.releaseUsedForOrder(trx, order.coupon_id, order.id);
    const stockChanged = canceling ? await stock.returnUnits(trx, order.id) : false;
    const refund = canceling ? await refunds.refundRestIn(trx, order.id, by) : null;
    // Cash on delivery: invoiced when it leaves; canceled unpaid: its invoice (if any) credited.
    const attachments = await codStatusChangeIn(deps, trx, order, to);
    const collect = toCollectPaise(order);
    const mail = orderStatusMail(
      deps.config.public.shopName,
      order.name,
      order.order_code,
      to,
      `${deps.config.publicUrl}/Orders`,
      refund ? formatPaise(refund.amountPaise) : null,
      tracking,
      collect === null ? null : formatPaise(collect),
    );
    if (mail) await deps.mailer.queue(trx, [{ to: order.email, kind: `order-${to}`, ...mail, ...(attachments.length > 0 ? { attachments } : {}) }]);
    return { refund, stockChanged };
  });
  if (!moved) return null;
  deps.mailer.deliverSoon();
  await stock.stockChanged(deps.db, moved.stockChanged);
  if (moved.refund) await refunds.executeRefund(deps, moved.refund.id);
  return moved;
}

/**
 * The courier and tracking number of a dispatched order, given when it was dispatched without them
 * (or corrected): kept only while the order is dispatched, and mailed to the shopper.
 */
export async function setDispatchDetails(deps: OrderDeps, orderCode: string, input: DispatchInput) {
  const order = await paidOrder(deps.db, orderCode);
  const tracking = trackingOf(input)!;
  const saved = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.setDispatch(trx, order.id, dispatchColumns(tracking)))) return false;
    const mail = trackingMail(deps.config.public.shopName, order.name, order.order_code, tracking, `${deps.config.publicUrl}/Orders`);
    await deps.mailer.queue(trx, [{ to: order.email, kind: 'order-tracking', ...mail }]);
    return true;
  });
  if (!saved) throw new AppError('not_dispatched', 409, 'Only a dispatched order takes a courier and a tracking number.');
  deps.mailer.deliverSoon();
  return { message: 'Tracking details saved' };
}

/** Revenue (money received; COD once collected) and orders per day for the last 30 days (days without orders included), the top products, tracked products low on stock, and the COD cash still to collect. */
export async function overview(db: Db, now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const since = start.toISOString();
  const [rows, top, lowStock, cod] = await Promise.all([
    repo.revenueByDay(db, since),
    repo.topProducts(db, since, 5),
    stock.lowStock(db),
    repo.codToCollect(db),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const r = byDay.get(date);
    return { date, revenue: paiseToRupees(r?.revenue ?? 0), orders: r?.orders ?? 0 };
  });
  return {
    days,
    topProducts: top.map((t) => ({ title: t.title, quantity: t.quantity, revenue: paiseToRupees(t.revenue) })),
    lowStock,
    // Not revenue yet (decision 044): shown beside it.
    codToCollect: { orders: cod.orders, amount: paiseToRupees(cod.amountPaise) },
  };
}

/** At most this many slips in one PDF (a day's parcels; the admin list's page size is 25). */
const MAX_PACKING_SLIPS = 100;

/**
 * Packing slips of paid orders, one page each, in the order asked: the delivery name, address and
 * phone kept on the order, its lines and their weight (the products' current shipping weight).
 */
export async function packingSlips(db: Db, shopName: string, orderCodes: string[]): Promise<Buffer> {
  const codes = [...new Set(orderCodes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  if (codes.length === 0 || codes.length > MAX_PACKING_SLIPS) {
    throw new AppError('bad_orders', 400, `Choose 1 to ${MAX_PACKING_SLIPS} orders for packing slips.`);
  }
  const orders = [];
  for (const code of codes) orders.push(await paidOrder(db, code));
  const lines = await repo.listLines(
    db,
    orders.map((o) => o.id),
  );
  const products = await catalogue.productsByIds(db, [...new Set(lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id])))]);
  const weight = new Map(products.map((p) => [p.id, p.weight ?? 0]));
  const linesOf = rowsByParent(lines, 'order_id');
  const slips: PackingSlip[] = orders.map((o) => {
    const own = linesOf(o.id).map((l) => ({ title: l.title, quantity: l.quantity, weightGrams: (l.product_id !== null && weight.get(l.product_id)) || 0 }));
    return {
      orderCode: o.order_code,
      date: (o.paid_at ?? o.created_at).slice(0, 10),
      name: o.name,
      phone: o.phone,
      address: o.address,
      lines: own,
      weightGrams: own.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0),
      collectPaise: toCollectPaise(o),
    };
  });
  return packingSlipsPdf(shopName, slips);
}

/** Whether an order still shows one of these product images: the catalogue keeps such files when it deletes a product. */
export function imagesShownOnOrders(db: Db, imagePaths: string[]): Promise<boolean> {
  return repo.anyLineShowsImage(db, imagePaths);
}
