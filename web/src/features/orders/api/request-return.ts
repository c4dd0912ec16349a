import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReturnInput, ReturnView } from '@shared/returns';
import { apiFetch } from '@/lib/api-client';
import { ordersQueryKey } from './get-orders';

interface ReturnRequest extends CreateReturnInput {
  orderId: string;
  photos: File[];
}

/** POST /api/orders/{orderId}/returns as multipart: lines (JSON text), reason, photos. */
async function requestReturn({ orderId, lines, reason, photos }: ReturnRequest): Promise<ReturnView> {
  const form = new FormData();
  form.set('lines', JSON.stringify(lines));
  form.set('reason', reason);
  for (const photo of photos) form.append('photos', photo);
  const res = await apiFetch(`/api/orders/${encodeURIComponent(orderId)}/returns`, { method: 'POST', body: form });
  return (await res.json()) as ReturnView;
}

export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestReturn, onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }) });
}
