import { useMutation } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue.schemas';
import { uploadForm } from '../lib/upload';
import { productFormData, type ProductUpload } from './create-product';

/** PATCH /api/products/{id}: new images, when chosen, replace the old ones. */
function updateProduct(id: number, { values, onProgress }: ProductUpload): Promise<Product> {
  return uploadForm<Product>('PATCH', `/api/products/${id}`, productFormData(values), onProgress);
}

/** The list refreshes when the edit modal closes (SPEC.md §4), so this mutation invalidates nothing itself. */
export function useUpdateProduct(id: number) {
  return useMutation({ mutationFn: (upload: ProductUpload) => updateProduct(id, upload) });
}
