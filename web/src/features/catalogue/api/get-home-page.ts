import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomePage } from '@shared/catalogue.schemas';
import { apiGet } from '@/lib/api-client';

function getHomePage(signal?: AbortSignal): Promise<HomePage> {
  return apiGet<HomePage>('/api/storefront/home', signal);
}

export function homePageQueryOptions() {
  return queryOptions({
    queryKey: ['storefront', 'home'],
    queryFn: ({ signal }) => getHomePage(signal),
  });
}

export function useHomePage() {
  return useQuery(homePageQueryOptions());
}
