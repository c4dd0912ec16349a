import type { Product } from '@shared/catalogue.schemas';
import type { ProductForm } from '../lib/form-schemas';
import { uploadForm } from '../lib/upload';
import { adminProductsKey } from './get-admin-products';
import { useInvalidatingMutation } from './invalidating-mutation';

/** The multipart body of POST/PATCH /api/products: the price goes as typed; the server validates it. */
export function productFormData(values: ProductForm): FormData {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('price', values.price.trim());
  form.append('description', values.description);
  form.append('category', values.category.trim());
  form.append('stock', values.stock.trim());
  if (values.hsnCode.trim()) form.append('hsnCode', values.hsnCode.trim());
  if (values.gstRate.trim()) form.append('gstRate', values.gstRate.trim());
  form.append('weight', values.weight.trim());
  if (values.lowStockThreshold.trim()) form.append('lowStockThreshold', values.lowStockThreshold.trim());
  for (const file of Array.from(values.images ?? [])) form.append('images', file);
  return form;
}

/** A product form to send, and where to report the upload's progress (0..1). */
export type ProductUpload = { values: ProductForm; onProgress: (fraction: number) => void };

/** POST /api/products, reporting upload progress. */
function createProduct({ values, onProgress }: ProductUpload): Promise<Product> {
  return uploadForm<Product>('POST', '/api/products', productFormData(values), onProgress);
}

export const useCreateProduct = () => useInvalidatingMutation(createProduct, [adminProductsKey, ['products']]);
