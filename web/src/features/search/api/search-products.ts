import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue.schemas';
import { apiGet } from '../../../lib/api-client';

/** GET /api/products/search/{query}: ranked matches; a 404 means nothing matched. */
function searchProducts(query: string, signal?: AbortSignal): Promise<Product[]> {
  return apiGet<Product[]>(`/api/products/search/${encodeURIComponent(query)}`, signal);
}

export function searchProductsQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['products', 'search', query],
    queryFn: ({ signal }) => searchProducts(query, signal),
    enabled: query.trim() !== '',
  });
}

export function useSearchProducts(query: string) {
  return useQuery(searchProductsQueryOptions(query));
}
