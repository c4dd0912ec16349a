import { useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue.schemas';
import { queryString } from '@/lib/api-client';
import { adminFetch } from '../lib/admin-fetch';
import { listPageQuery } from './list-page';

export const adminProductsKey = ['admin', 'products'] as const;

export type AdminProductParams = { q: string; limit: number; offset: number };
export type AdminProductPage = { products: Product[]; total: number };

/** GET /api/products?q=&limit=&offset=: one page of the catalogue, searched by title on the server. */
async function getAdminProducts(params: AdminProductParams, signal?: AbortSignal): Promise<AdminProductPage> {
  const res = await adminFetch(`/api/products${queryString({ ...params, q: params.q.trim() })}`, { signal });
  const products = (await res.json()) as Product[];
  const header = Number(res.headers.get('X-Total-Count'));
  return { products, total: Number.isFinite(header) && header >= products.length ? header : products.length };
}

export function useAdminProducts(params: AdminProductParams) {
  return useQuery(listPageQuery([...adminProductsKey, params], (signal) => getAdminProducts(params, signal)));
}
