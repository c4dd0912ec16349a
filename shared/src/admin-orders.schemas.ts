import { z } from 'zod';
import { ORDER_STATUSES } from './order-status';

export const ADMIN_ORDERS_PAGE_SIZE = 25;

export const AdminOrdersQuery = z.object({
  status: z.enum(['all', 'placed', 'dispatched', 'delivered', 'canceled']).default('all'),
  period: z.enum(['all', '1y', '6m', '1m']).default('all'),
  q: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

export const AdminOrder = z.object({
  orderId: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  products: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  totalAmount: z.number(),
  createdAt: z.string(),
  status: z.string(),
  razorpayOrderId: z.string().nullable(),
  razorpayPaymentId: z.string().nullable(),
  shippingAddress: z.string(),
  nextStatuses: z.array(z.string()),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AdminOrdersPage = z.object({
  orders: z.array(AdminOrder),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const OrderStatusInput = z.object({ status: z.enum(ORDER_STATUSES) });
