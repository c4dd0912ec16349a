import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue.schemas';
import { apiGet } from '@/lib/api-client';

/** GET /api/product/{id}/related: a few other products of the same category. */
function getRelatedProducts(id: number, signal?: AbortSignal): Promise<Product[]> {
  return apiGet<Product[]>(`/api/product/${id}/related`, signal);
}

function relatedProductsQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['products', 'related', id],
    queryFn: ({ signal }) => getRelatedProducts(id, signal),
  });
}

export function useRelatedProducts(id: number) {
  return useQuery(relatedProductsQueryOptions(id));
}
