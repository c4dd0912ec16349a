import type { Db } from '../../db/database';
import { ADMIN_ORDERS_PAGE_SIZE, type AdminOrder, type AdminOrdersQuery } from '../../../../shared/src/admin-orders.schemas';
import { canMove, nextStatuses, type OrderStatus } from '../../../../shared/src/order-status';
import { paiseToRupees } from '../../../../shared/src/money';
import { AppError, notFound } from '../../errors';
import { orderStatusMail } from '../mail/mail.templates';
import type { OrderDeps } from './orders.service';
import * as repo from './orders.repository';

const PERIOD_DAYS = { '1y': 365, '6m': 182, '1m': 30 } as const;

function filterOf(q: AdminOrdersQuery, now = Date.now()): repo.AdminOrderFilter {
  const since = q.period === 'all' ? null : new Date(now - PERIOD_DAYS[q.period] * 86_400_000).toISOString();
  return { status: q.status, since, q: q.q };
}

async function withLines(db: Db, orders: Awaited<ReturnType<typeof repo.listAdminOrders>>): Promise<AdminOrder[]> {
  const lines = await repo.listLines(
    db,
    orders.map((o) => o.id),
  );
  return orders.map((o) => ({
    orderId: o.order_code,
    customerEmail: o.email,
    customerPhone: o.phone,
    products: lines.filter((l) => l.order_id === o.id).map((l) => ({ name: l.title, quantity: l.quantity })),
    totalAmount: paiseToRupees(o.total_paise),
    createdAt: o.paid_at ?? String(o.created_at),
    status: o.status,
    razorpayOrderId: o.provider_order_id,
    razorpayPaymentId: o.provider_payment_id,
    shippingAddress: o.address,
    nextStatuses: [...nextStatuses(o.status as OrderStatus)],
  }));
}

/** Paid orders, filtered and paged on the server (25 a page). */
export async function listOrders(db: Db, q: AdminOrdersQuery) {
  const filter = filterOf(q);
  const [orders, total] = await Promise.all([
    repo.listAdminOrders(db, filter, { limit: ADMIN_ORDERS_PAGE_SIZE, offset: (q.page - 1) * ADMIN_ORDERS_PAGE_SIZE }),
    repo.countAdminOrders(db, filter),
  ]);
  return { orders: await withLines(db, orders), total, page: q.page, pageSize: ADMIN_ORDERS_PAGE_SIZE };
}

/** A CSV cell: quoted, and never read as a formula by a spreadsheet. */
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The filtered orders as CSV (at most 100,000 rows). */
export async function ordersCsv(db: Db, q: AdminOrdersQuery): Promise<string> {
  const filter = filterOf(q);
  const header = ['Order ID', 'Paid at', 'Status', 'Customer email', 'Customer phone', 'Shipping address', 'Products', 'Total (INR)', 'Razorpay order ID', 'Razorpay payment ID'];
  const out = [header.map(cell).join(',')];
  for (let offset = 0; offset < 100_000; offset += 1000) {
    const orders = await withLines(db, await repo.listAdminOrders(db, filter, { limit: 1000, offset }));
    for (const o of orders) {
      out.push(
        [o.orderId, o.createdAt, o.status, o.customerEmail, o.customerPhone, o.shippingAddress, o.products.map((p) => `${p.quantity} x ${p.name}`).join('; '), o.totalAmount.toFixed(2), o.razorpayOrderId, o.razorpayPaymentId]
          .map(cell)
          .join(','),
      );
    }
    if (orders.length < 1000) break;
  }
  return `${out.join('\r\n')}\r\n`;
}

/**
 * Moves an order along the status table (shared/src/order-status.ts); the
 * shopper is told by mail when it is dispatched, delivered or canceled.
 */
export async function changeStatus(deps: OrderDeps, orderCode: string, to: OrderStatus) {
  const order = await repo.findByCode(deps.db, orderCode);
  if (!order || order.paid_at === null) throw notFound('Order not found', 'order_not_found');
  const from = order.status as OrderStatus;
  if (!canMove(from, to)) {
    throw new AppError('status_not_allowed', 409, `An order that is ${from} cannot become ${to}.`);
  }
  if (!(await repo.moveStatus(deps.db, order.id, from, to))) {
    throw new AppError('status_changed', 409, 'The order changed meanwhile. Refresh and try again.');
  }
  const mail = orderStatusMail(deps.config.public.shopName, order.name, order.order_code, to, `${deps.config.publicUrl}/Orders`);
  if (mail) {
    await deps.mailer.send({ to: order.email, kind: `order-${to}`, ...mail }).catch((err) => deps.log.error({ err, order: order.order_code }, 'could not send the status mail'));
  }
  return { message: 'Order status updated successfully!' };
}

/** Revenue and orders per day for the last 30 days (days without orders included), and the top products. */
export async function overview(db: Db, now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const since = start.toISOString();
  const [rows, top] = await Promise.all([repo.revenueByDay(db, since), repo.topProducts(db, since, 5)]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const r = byDay.get(date);
    return { date, revenue: paiseToRupees(r?.revenue ?? 0), orders: r?.orders ?? 0 };
  });
  return { days, topProducts: top.map((t) => ({ title: t.title, quantity: t.quantity, revenue: paiseToRupees(t.revenue) })) };
}
