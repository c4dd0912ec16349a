import { z } from 'zod';
import { EmailAddress, Instant, OrderCode } from './fields.schemas';
import { ORDER_STATUSES } from './order-status';
import { DispatchDetails } from './orders.schemas';
import { OrderPayment } from './cod';
import { ADMIN_PAGE_SIZE } from './paging';

/** Orders per page of the admin list. */
export const ADMIN_ORDERS_PAGE_SIZE = ADMIN_PAGE_SIZE;
/** GET api/ordersAdmin without `page` answers at most this many (newest first); X-Total-Count tells if there are more. */
export const ADMIN_ORDERS_UNPAGED = 1000;

export const AdminOrdersQuery = z.object({
  status: z.enum(['all', 'placed', 'dispatched', 'delivered', 'canceled']).default('all'),
  period: z.enum(['all', '1y', '6m', '1m']).default('all'),
  q: z.string().trim().max(200).default(''),
  /** without a page, the newest ADMIN_ORDERS_UNPAGED orders (what the original dashboard expects: one list) */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_ORDERS_PAGE_SIZE),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

export const AdminOrder = z.object({
  orderId: OrderCode,
  customerEmail: EmailAddress,
  customerPhone: z.string(),
  products: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  totalAmount: z.number(),
  createdAt: Instant,
  status: z.string(),
  razorpayOrderId: z.string().nullable(),
  razorpayPaymentId: z.string().nullable(),
  shippingAddress: z.string(),
  nextStatuses: z.array(z.string()),
  /** refunded and processed, in rupees */
  refunded: z.number(),
  /** refunds started but not processed yet, in rupees */
  refundPending: z.number(),
  /**
   * something to look at: 'late_payment' (a payment after the order stopped awaiting one, refunded
   * automatically), or LEGACY_NO_ITEMS
   */
  flag: z.string().nullable(),
  ...DispatchDetails.shape,
  ...OrderPayment.shape,
});
export type AdminOrder = z.infer<typeof AdminOrder>;

/** The flag of an order imported from the original shop without its items (its processOrder wrote none). */
export const LEGACY_NO_ITEMS = 'legacy_no_items';

/** GET api/ordersAdmin answers a JSON array (SPEC.md §7); the total is in X-Total-Count. */
export const AdminOrderList = z.array(AdminOrder);

const courier = z.string().trim().min(1, 'Enter the courier').max(60, 'The courier name has at most 60 characters');
const trackingNumber = z
  .string()
  .trim()
  .min(3, 'Enter the tracking number')
  .max(40, 'The tracking number has at most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]*$/, 'A tracking number has letters, digits, spaces, - and /');
const trackingUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'The tracking link must be an http(s) address' }).max(500)]);

/**
 * PUT api/admin/orders/{orderId}/dispatch: the courier and the tracking number (and an optional
 * tracking link) of an order already dispatched, e.g. by the original dashboard, which sends the
 * status alone (decision 038).
 */
export const DispatchInput = z.object({ courier, trackingNumber, trackingUrl: trackingUrl.optional() });
export type DispatchInput = z.infer<typeof DispatchInput>;

/** PATCH api/UserOrders/{orderId}'s status 'returned': a COD parcel refused by the buyer came back (returned to origin); the order becomes canceled (decision 044). */
export const RETURNED = 'returned' as const;

/**
 * PATCH api/UserOrders/{orderId}: the next status, or 'returned' for a COD parcel returned to origin. Dispatching may give the courier and the
 * tracking number (both or neither, and a tracking link only with them): the original dashboard
 * sends the status alone, and the details can be added later (decision 038).
 */
export const OrderStatusInput = z
  .object({
    status: z.enum([...ORDER_STATUSES, RETURNED]),
    courier: courier.optional(),
    trackingNumber: trackingNumber.optional(),
    trackingUrl: trackingUrl.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status !== 'dispatched' || !(v.courier || v.trackingNumber || v.trackingUrl)) return;
    if (!v.courier) ctx.addIssue({ code: 'custom', path: ['courier'], message: 'Enter the courier' });
    if (!v.trackingNumber) ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'Enter the tracking number' });
  });
export type OrderStatusInput = z.infer<typeof OrderStatusInput>;

/** GET /api/admin/overview: revenue and orders per day (30 days), the top products, the products low on stock, the COD cash to collect. */
export const AdminOverview = z.object({
  days: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number() })),
  topProducts: z.array(z.object({ title: z.string(), quantity: z.number(), revenue: z.number() })),
  lowStock: z.array(z.object({ id: z.number(), title: z.string(), stock: z.number() })),
  /** cash-on-delivery orders not canceled whose cash is not recorded yet (not in revenue until it is, decision 044) */
  codToCollect: z.object({ orders: z.number(), amount: z.number() }),
});
export type AdminOverview = z.infer<typeof AdminOverview>;
export type OverviewDay = AdminOverview['days'][number];
