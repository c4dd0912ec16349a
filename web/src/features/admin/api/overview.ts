import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@shared/admin-orders.schemas';
import { adminGet } from '../lib/admin-fetch';

/** GET /api/admin/overview: revenue and orders per day for the last 30 days, and the top products. */
function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return adminGet<AdminOverview>('/api/admin/overview', signal);
}

export function useOverview() {
  return useQuery(queryOptions({ queryKey: ['admin', 'overview'], queryFn: ({ signal }) => getOverview(signal), staleTime: 0 }));
}
