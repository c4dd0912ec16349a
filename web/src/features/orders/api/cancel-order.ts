import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { ordersQueryKey } from './get-orders';

/** POST /api/orders/{orderId}/cancel: the shopper cancels a placed order; a paid one is refunded at once. */
function cancelOrder(orderId: string): Promise<{ message: string; refund?: number }> {
  return apiSend('POST', `/api/orders/${encodeURIComponent(orderId)}/cancel`);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelOrder, onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }) });
}
