import type { QueryClient } from '@tanstack/react-query';
import { homePageQueryOptions } from '../features/catalogue/api/get-home-page';
import { productQueryOptions } from '../features/catalogue/api/get-product';
import { searchProductsQueryOptions } from '../features/search/api/search-products';

/**
 * Starts the first page's data request while React and the page's code chunk
 * are still loading, so the largest image can be requested sooner.
 */
export function prefetchFirstPage(queryClient: QueryClient, location: Pick<Location, 'pathname' | 'search'>): void {
  const { pathname } = location;
  if (pathname === '/') {
    void queryClient.prefetchQuery(homePageQueryOptions());
    return;
  }
  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (product?.[1]) {
    void queryClient.prefetchQuery(productQueryOptions(decodeURIComponent(product[1])));
    return;
  }
  if (pathname === '/searchquer') {
    const q = (new URLSearchParams(location.search).get('q') ?? '').trim();
    if (q) void queryClient.prefetchQuery(searchProductsQueryOptions(q));
  }
}
