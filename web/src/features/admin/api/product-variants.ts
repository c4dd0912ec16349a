import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminKitParts, AdminVariants, KitPartsInput, ProductVariantsInput } from '@shared/variants.schemas';
import { adminGet, adminSend } from '../lib/admin-fetch';
import { adminProductsKey } from './get-admin-products';
import { useInvalidatingMutation } from './invalidating-mutation';

const variantsKey = (id: number) => ['admin', 'variants', id] as const;
const partsKey = (id: number) => ['admin', 'parts', id] as const;

/** GET /api/admin/products/{id}/variants: the options and every variant in full. */
export function useProductVariants(id: number) {
  return useQuery(
    queryOptions({ queryKey: variantsKey(id), queryFn: ({ signal }) => adminGet<AdminVariants>(`/api/admin/products/${id}/variants`, signal), staleTime: 0 }),
  );
}

/** GET /api/admin/products/{id}/parts: a kit's parts and the one that limits it. */
export function useKitParts(id: number) {
  return useQuery(
    queryOptions({ queryKey: partsKey(id), queryFn: ({ signal }) => adminGet<AdminKitParts>(`/api/admin/products/${id}/parts`, signal), staleTime: 0 }),
  );
}

/** PUT /api/admin/products/{id}/variants. */
export function useSaveVariants(id: number) {
  return useInvalidatingMutation(
    (input: ProductVariantsInput) => adminSend<AdminVariants>('PUT', `/api/admin/products/${id}/variants`, input),
    [variantsKey(id), adminProductsKey, ['products']],
  );
}

/** PUT /api/admin/products/{id}/parts. */
export function useSaveKitParts(id: number) {
  return useInvalidatingMutation(
    (input: KitPartsInput) => adminSend<AdminKitParts>('PUT', `/api/admin/products/${id}/parts`, input),
    [partsKey(id), adminProductsKey, ['products']],
  );
}
