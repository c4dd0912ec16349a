import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetail } from '@shared/customers.schemas';
import { adminGet, adminSend } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';
import { customersKey } from './customers';

/** GET /api/admin/customers/{id}: profile, addresses, orders, refunds, claims, 3D requests and the note. */
export function useCustomer(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...customersKey, 'one', id],
      queryFn: ({ signal }) => adminGet<CustomerDetail>(`/api/admin/customers/${encodeURIComponent(id)}`, signal),
      staleTime: 0,
    }),
  );
}

/** PUT /api/admin/customers/{id}/note {note}: the shop's private note (empty removes it). */
export const useSaveCustomerNote = () =>
  useInvalidatingMutation(
    ({ id, note }: { id: string; note: string }) => adminSend<{ message: string }>('PUT', `/api/admin/customers/${encodeURIComponent(id)}/note`, { note }),
    [customersKey],
  );

/** POST /api/admin/customers/{id}/block {reason?} or /unblock. */
export const useBlockCustomer = () =>
  useInvalidatingMutation(
    ({ id, block, reason }: { id: string; block: boolean; reason?: string }) =>
      adminSend<{ message: string }>(
        'POST',
        `/api/admin/customers/${encodeURIComponent(id)}/${block ? 'block' : 'unblock'}`,
        block ? { reason: reason ?? '' } : {},
      ),
    [customersKey],
  );
