import { useQuery } from '@tanstack/react-query';
import type { AdminReturn, ReturnDecisionInput, ReturnRefundInput, ReturnStatus } from '@shared/returns';
import { adminFetch, adminSend } from '../lib/admin-fetch';
import { saveBlob } from '../lib/save-blob';
import { useInvalidatingMutation } from './invalidating-mutation';
import { listPageQuery } from './list-page';

const returnsKey = ['admin', 'returns'] as const;

/** GET /api/admin/returns?status=&page=: one page of return requests, newest first; the total in X-Total-Count. */
async function getReturns(status: ReturnStatus | '', page: number, signal?: AbortSignal): Promise<{ returns: AdminReturn[]; total: number }> {
  const query = new URLSearchParams({ page: String(page), ...(status ? { status } : {}) });
  const res = await adminFetch(`/api/admin/returns?${query}`, { signal });
  const returns = (await res.json()) as AdminReturn[];
  return { returns, total: Number(res.headers.get('X-Total-Count') ?? returns.length) };
}

export function useAdminReturns(status: ReturnStatus | '', page: number) {
  return useQuery(listPageQuery([...returnsKey, status, page], (signal) => getReturns(status, page, signal)));
}

/** PATCH /api/admin/returns/{id}: approve, reject (with a message) or mark received (restock). */
export const useDecideReturn = () =>
  useInvalidatingMutation(
    ({ id, ...input }: ReturnDecisionInput & { id: number }) => adminSend<AdminReturn>('PATCH', `/api/admin/returns/${id}`, input),
    [returnsKey, ['admin', 'orders']],
    'settled',
  );

/** POST /api/admin/returns/{id}/refund: the whole value, or an amount in rupees; a COD order's with the reference of the transfer made by hand. */
export const useRefundReturn = () =>
  useInvalidatingMutation(
    ({ id, ...input }: ReturnRefundInput & { id: number }) => adminSend<AdminReturn>('POST', `/api/admin/returns/${id}/refund`, input),
    [returnsKey, ['admin', 'orders']],
    'settled',
  );

/** A return's photo, saved as a file (a link cannot carry the admin token). */
export async function downloadReturnPhoto(returnId: number, photoId: number): Promise<void> {
  const res = await adminFetch(`/api/admin/returns/${returnId}/photos/${photoId}`, { headers: { Accept: 'image/*' } });
  const blob = await res.blob();
  saveBlob(blob, `return-${returnId}-photo-${photoId}.${blob.type.split('/')[1] ?? 'jpg'}`);
}
