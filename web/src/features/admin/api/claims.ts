import type { ServiceFilters, ServiceStatus } from '../lib/service-requests';
import { useServiceRequests, useUpdateServiceStatus } from './service-requests';

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

/** GET /api/admin/claims?status=&page=: one page of the free kit claims, newest first. */
export const useAdminClaims = (filters: ServiceFilters) => useServiceRequests<AdminClaimPage>('claims', filters);

/** PATCH /api/admin/claims/{id} {status}. */
export const useUpdateClaimStatus = () => useUpdateServiceStatus('claims');
