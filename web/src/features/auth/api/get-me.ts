import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@shared/account.schemas';
import { ApiError, apiGet } from '@/lib/api-client';

/** The session query's key: every sign-in state change invalidates it. */
export const meQueryKey = ['me'] as const;

/**
 * GET /api/me: the signed-in shopper, or null when nobody is signed in (the
 * server answers null, so a visitor's page load logs no failed request; an older
 * server's 401 means the same) or the session's user record is gone (404,
 * logged as SPEC.md §8 says).
 * Any other failure is only logged and counts as signed out (SPEC.md §8).
 */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await apiGet<Me | null>('/api/me', signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    if (error instanceof ApiError && error.status === 404) {
      console.warn('No such document!');
      return null;
    }
    console.error('Could not read the signed-in user', error);
    throw error;
  }
}

function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    // A sign-out in another tab shows up when the shopper comes back to this one.
    refetchOnWindowFocus: true,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
