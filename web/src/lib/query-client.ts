import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client errors (4xx) are answers, not glitches: retrying them only delays the not-found page. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
    },
  },
});
