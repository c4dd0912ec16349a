import type { QueryClient } from '@tanstack/react-query';
import { refinementFrom } from '@shared/search-filters';
import { homePageQueryOptions } from '@/features/catalogue/api/get-home-page';
import { productQueryOptions } from '@/features/catalogue/api/get-product';
import { policyQueryOptions } from '@/features/policies/api/get-policy';
import { searchProductsQueryOptions } from '@/features/search/api/search-products';

type PageLocation = Pick<Location, 'pathname' | 'search'>;

/**
 * The query whose answer the page at `location` shows first (home data, a product, search
 * results), or null for pages without one. The server draws these pages with that answer and
 * sends it along (web/src/app/entry-server.tsx); the app then starts with it.
 */
function firstPageQuery(location: PageLocation) {
  const { pathname } = location;
  if (pathname === '/') return homePageQueryOptions();
  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (product?.[1]) return productQueryOptions(decodeURIComponent(product[1]));
  const policy = /^\/policies\/([a-z]+)\/?$/.exec(pathname);
  if (policy?.[1]) return policyQueryOptions(policy[1]);
  if (pathname === '/searchquer') {
    const params = new URLSearchParams(location.search);
    const q = (params.get('q') ?? '').trim();
    if (q) return searchProductsQueryOptions(q, refinementFrom(params));
  }
  return null;
}

/**
 * Starts the first page's data request while React and the page's code chunk
 * are still loading, so the largest image can be requested sooner.
 */
export function prefetchFirstPage(queryClient: QueryClient, location: PageLocation): void {
  const query = firstPageQuery(location);
  if (query) void queryClient.prefetchQuery(query as Parameters<QueryClient['prefetchQuery']>[0]);
}

/** Puts the first page's answer, as the server sent it with the page, into the query cache. Returns false if the page has none. */
export function seedFirstPage(queryClient: QueryClient, location: PageLocation, data: unknown): boolean {
  const query = firstPageQuery(location);
  if (!query || data === undefined || data === null) return false;
  queryClient.setQueryData(query.queryKey, data as never);
  return true;
}
