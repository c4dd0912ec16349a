import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@shared/catalogue.schemas';
import { apiGet } from '@/lib/api-client';

function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiGet<Category[]>('/api/categories', signal);
}

function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
