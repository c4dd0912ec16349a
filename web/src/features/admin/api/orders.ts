import { useQuery } from '@tanstack/react-query';
import { ADMIN_ORDERS_PAGE_SIZE, type AdminOrder, type DispatchInput, type OrderStatusInput } from '@shared/admin-orders.schemas';
import { adminFetch, adminSend } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';
import { ordersQuery, type OrderFilters } from '../lib/order-filters';
import { saveBlob } from '../lib/save-blob';
import { listPageQuery } from './list-page';

type AdminOrderPage = { orders: AdminOrder[]; total: number; page: number; pageSize: number };

const ordersKey = ['admin', 'orders'] as const;

/** GET /api/ordersAdmin: one page of the filtered orders as a JSON array, filtered and paged by the server; the total in X-Total-Count. */
async function getAdminOrders(filters: OrderFilters, signal?: AbortSignal): Promise<AdminOrderPage> {
  const res = await adminFetch(`/api/ordersAdmin${ordersQuery(filters)}`, { signal });
  const orders = (await res.json()) as AdminOrder[];
  const header = (name: string, fallback: number) => Number(res.headers.get(name) ?? fallback);
  return {
    orders,
    total: header('X-Total-Count', orders.length),
    page: header('X-Page', filters.page),
    pageSize: header('X-Page-Size', ADMIN_ORDERS_PAGE_SIZE),
  };
}

export function useAdminOrders(filters: OrderFilters) {
  return useQuery(listPageQuery([...ordersKey, filters], (signal) => getAdminOrders(filters, signal)));
}

/** OrderStatusInput with the status as the order's nextStatuses gives it (the server checks it). */
export type StatusChange = Omit<OrderStatusInput, 'status'> & { orderId: string; status: string };

/** PATCH /api/UserOrders/{orderId} {status, and for dispatched courier, trackingNumber, trackingUrl?}: 409 when the move is not allowed. */
function updateOrderStatus({ orderId, ...body }: StatusChange): Promise<{ message: string }> {
  return adminSend<{ message: string }>('PATCH', `/api/UserOrders/${encodeURIComponent(orderId)}`, body);
}

export const useUpdateOrderStatus = () => useInvalidatingMutation(updateOrderStatus, [ordersKey, ['admin', 'overview'], ['admin', 'outbox']], 'settled');

/** PUT /api/admin/orders/{orderId}/dispatch {courier, trackingNumber, trackingUrl?}: the details of an order dispatched without them (409 unless dispatched). */
function saveDispatchDetails({ orderId, ...body }: DispatchInput & { orderId: string }): Promise<{ message: string }> {
  return adminSend<{ message: string }>('PUT', `/api/admin/orders/${encodeURIComponent(orderId)}/dispatch`, body);
}

export const useSaveDispatchDetails = () => useInvalidatingMutation(saveDispatchDetails, [ordersKey, ['admin', 'outbox']]);

/** GET /api/ordersAdmin.csv with the same filters, saved as a file (a link cannot carry the token). */
export async function downloadOrdersCsv(filters: OrderFilters): Promise<void> {
  const res = await adminFetch(`/api/ordersAdmin.csv${ordersQuery(filters, false)}`, { headers: { Accept: 'text/csv' } });
  saveBlob(await res.blob(), `orders-${new Date().toISOString().slice(0, 10)}.csv`);
}
