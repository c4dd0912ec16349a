import type { AdminClaimPage } from '@shared/services.schemas';
import type { ServiceFilters } from '../lib/service-requests';
import { useServiceRequests, useUpdateServiceStatus } from './service-requests';

/** GET /api/admin/claims?status=&page=: one page of the free kit claims, newest first. */
export const useAdminClaims = (filters: ServiceFilters) => useServiceRequests<AdminClaimPage>('claims', filters);

/** PATCH /api/admin/claims/{id} {status}. */
export const useUpdateClaimStatus = () => useUpdateServiceStatus('claims');
