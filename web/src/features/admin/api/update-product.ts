import { useMutation } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue.schemas';
import type { ProductForm } from '../lib/form-schemas';
import { uploadForm } from '../lib/upload';
import { productFormData } from './create-product';

/** PATCH /api/products/{id}: new images, when chosen, replace the old ones. */
function updateProduct(id: number, values: ProductForm, onProgress?: (fraction: number) => void): Promise<Product> {
  return uploadForm<Product>('PATCH', `/api/products/${id}`, productFormData(values), onProgress);
}

/** The list refreshes when the edit modal closes (SPEC.md §4), so this mutation invalidates nothing itself. */
export function useUpdateProduct(id: number, onProgress: (fraction: number) => void) {
  return useMutation({ mutationFn: (values: ProductForm) => updateProduct(id, values, onProgress) });
}
