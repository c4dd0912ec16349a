import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue.schemas';
import { apiGet } from '@/lib/api-client';

function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiGet<Product>(`/api/product/${encodeURIComponent(id)}`, signal);
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
