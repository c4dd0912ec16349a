import { useQuery } from '@tanstack/react-query';
import { adminGet, adminSend } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';
import type { ServiceStatus } from '@shared/services.schemas';
import { serviceQuery, type ServiceFilters } from '../lib/service-requests';
import { listPageQuery } from './list-page';

/**
 * The two lists of service requests, free claims and 3D printing requests, have the same endpoints
 * under their own path: GET `/api/admin/<path>?status=&page=` (one page, newest first) and
 * PATCH `/api/admin/<path>/{id}` {status}.
 */
export function useServiceRequests<Page>(path: string, filters: ServiceFilters) {
  return useQuery(listPageQuery(['admin', path, filters], (signal) => adminGet<Page>(`/api/admin/${path}${serviceQuery(filters)}`, signal)));
}

export const useUpdateServiceStatus = (path: string) =>
  useInvalidatingMutation(
    ({ id, status }: { id: number; status: ServiceStatus }) => adminSend<{ message: string }>('PATCH', `/api/admin/${path}/${id}`, { status }),
    [['admin', path]],
    'settled',
  );
