import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { refinementParams, type Refinement } from '@shared/search-filters';
import type { SearchFacets } from '@shared/search-filters.schemas';
import { apiGet } from '@/lib/api-client';

/** GET /api/search/facets: counts beside each filter value, for a search text or (without one) a category page. */
function getFacets(params: string, signal?: AbortSignal): Promise<SearchFacets> {
  return apiGet<SearchFacets>(`/api/search/facets?${params}`, signal);
}

function facetsQueryOptions(query: string | undefined, refinement: Refinement) {
  const params = new URLSearchParams([...(query ? [['q', query] as [string, string]] : []), ...refinementParams(refinement)]);
  // The order does not change a count.
  params.delete('sort');
  const key = params.toString();
  return queryOptions({
    queryKey: ['products', 'facets', key],
    queryFn: ({ signal }) => getFacets(key, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFacets(query: string | undefined, refinement: Refinement) {
  return useQuery(facetsQueryOptions(query, refinement));
}
