import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, queryString } from '@/lib/api-client';

/**
 * GET /api/auth/verify-email?token=…: confirms a new account's address, or a
 * changed address. A token works once, so the answer is kept for the page's
 * life and never retried or refetched.
 */
function verifyEmail(token: string, signal?: AbortSignal): Promise<{ status: boolean }> {
  return apiGet<{ status: boolean }>(`/api/auth/verify-email${queryString({ token })}`, signal);
}

function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['verify-email', token],
    queryFn: ({ signal }) => verifyEmail(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token));
}
