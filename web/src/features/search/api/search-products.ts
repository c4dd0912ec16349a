import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue.schemas';
import { refinementParams, searchApiPath, type Refinement } from '@shared/search-filters';
import { apiGet } from '@/lib/api-client';

/** GET /api/products/search/{query}: ranked matches, filtered and sorted when asked; a 404 means nothing matched. */
function searchProducts(query: string, refinement: Refinement, signal?: AbortSignal): Promise<Product[]> {
  return apiGet<Product[]>(searchApiPath(query, refinement), signal);
}

export function searchProductsQueryOptions(query: string, refinement: Refinement = {}) {
  const params = refinementParams(refinement);
  return queryOptions({
    // The plain search keeps its key (the server's drawing of the page seeds it).
    queryKey: params.length > 0 ? ['products', 'search', query, new URLSearchParams(params).toString()] : ['products', 'search', query],
    queryFn: ({ signal }) => searchProducts(query, refinement, signal),
    enabled: query.trim() !== '',
  });
}

export function useSearchProducts(query: string, refinement: Refinement = {}) {
  // While other filters load, the results shown stay (and the filters with them).
  return useQuery({ ...searchProductsQueryOptions(query, refinement), placeholderData: keepPreviousData });
}
