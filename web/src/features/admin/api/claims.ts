import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminSend } from '../lib/admin-fetch';
import { serviceQuery, type ServiceFilters, type ServiceStatus } from '../lib/service-requests';

export type AdminClaim = {
  id: number;
  productId: number;
  productTitle: string;
  name: string;
  email: string;
  mobile: string;
  school: string;
  classna: string;
  division: string;
  rollNo: string;
  status: ServiceStatus;
  createdAt: string;
};
export type AdminClaimPage = { claims: AdminClaim[]; total: number; page: number; pageSize: number };

const claimsKey = ['admin', 'claims'] as const;

/** GET /api/admin/claims?status=&page=: one page of the free kit claims, newest first. */
function getAdminClaims(filters: ServiceFilters, signal?: AbortSignal): Promise<AdminClaimPage> {
  return adminGet<AdminClaimPage>(`/api/admin/claims${serviceQuery(filters)}`, signal);
}

export function useAdminClaims(filters: ServiceFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...claimsKey, filters],
      queryFn: ({ signal }) => getAdminClaims(filters, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

/** PATCH /api/admin/claims/{id} {status}. */
function updateClaimStatus({ id, status }: { id: number; status: ServiceStatus }): Promise<{ message: string }> {
  return adminSend<{ message: string }>('PATCH', `/api/admin/claims/${id}`, { status });
}

export function useUpdateClaimStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClaimStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimsKey }),
  });
}
