import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch, adminGet, adminSend } from '../lib/admin-fetch';
import { ordersQuery, type OrderFilters } from '../lib/order-filters';
import { saveBlob } from '../lib/save-blob';

export type AdminOrder = {
  orderId: string;
  customerEmail: string;
  customerPhone: string;
  products: { name: string; quantity: number }[];
  totalAmount: number;
  createdAt: string;
  status: string;
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
  shippingAddress: string;
  nextStatuses: string[];
};
export type AdminOrderPage = { orders: AdminOrder[]; total: number; page: number; pageSize: number };

const ordersKey = ['admin', 'orders'] as const;

/** GET /api/ordersAdmin: one page of the filtered orders, filtered and paged by the server. */
export function getAdminOrders(filters: OrderFilters, signal?: AbortSignal): Promise<AdminOrderPage> {
  return adminGet<AdminOrderPage>(`/api/ordersAdmin${ordersQuery(filters)}`, signal);
}

export function adminOrdersQueryOptions(filters: OrderFilters) {
  return queryOptions({
    queryKey: [...ordersKey, filters],
    queryFn: ({ signal }) => getAdminOrders(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminOrders(filters: OrderFilters) {
  return useQuery(adminOrdersQueryOptions(filters));
}

/** PATCH /api/UserOrders/{orderId} {status}: 409 when the move is not allowed. */
export function updateOrderStatus({ orderId, status }: { orderId: string; status: string }): Promise<{ message: string }> {
  return adminSend<{ message: string }>('PATCH', `/api/UserOrders/${encodeURIComponent(orderId)}`, { status });
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
      ]),
  });
}

/** GET /api/ordersAdmin.csv with the same filters, saved as a file (a link cannot carry the token). */
export async function downloadOrdersCsv(filters: OrderFilters): Promise<void> {
  const res = await adminFetch(`/api/ordersAdmin.csv${ordersQuery(filters, false)}`, { headers: { Accept: 'text/csv' } });
  saveBlob(await res.blob(), `orders-${new Date().toISOString().slice(0, 10)}.csv`);
}
