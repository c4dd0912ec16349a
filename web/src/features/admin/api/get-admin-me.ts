import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffRole } from '@shared/staff-roles';
import { adminGet } from '../lib/admin-fetch';

const adminQueryKey = ['admin'] as const;

/** GET /api/admin/me: checks the stored token on load; a 401 returns to the login form. */
function getAdminMe(signal?: AbortSignal): Promise<{ username: string; role: StaffRole }> {
  return adminGet<{ username: string; role: StaffRole }>('/api/admin/me', signal);
}

export function useAdminMe(token: string) {
  return useQuery(
    queryOptions({
      queryKey: [...adminQueryKey, 'me', token],
      queryFn: ({ signal }) => getAdminMe(signal),
      staleTime: 5 * 60_000,
    }),
  );
}
