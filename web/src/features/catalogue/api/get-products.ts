import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue.schemas';
import { apiFetch, queryString } from '@/lib/api-client';

/** The listing's parameters; sort and the price and stock filters apply to a category (decision 046). */
export type ProductListParams = {
  category?: string;
  q?: string;
  limit: number;
  offset: number;
  sort?: string;
  minPrice?: number;
  maxPrice?: number;
  inStock?: 1;
};
type ProductList = { products: Product[]; total: number };

/** GET /api/products: one page of the public listing, with the total from X-Total-Count. */
async function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductList> {
  const res = await apiFetch(`/api/products${queryString(params)}`, { signal });
  const products = (await res.json()) as Product[];
  const header = Number(res.headers.get('X-Total-Count'));
  return { products, total: Number.isFinite(header) && header >= products.length ? header : products.length };
}

function productsQueryOptions(params: ProductListParams) {
  return queryOptions({
    queryKey: ['products', 'list', params],
    queryFn: ({ signal }) => getProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProducts(params: ProductListParams) {
  return useQuery(productsQueryOptions(params));
}
