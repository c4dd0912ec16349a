import { adminSend } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';
import { adminProductsKey } from './get-admin-products';

/** DELETE /api/products/{id}: orders that hold the product keep their lines. */
function deleteProduct(id: number): Promise<{ message: string }> {
  return adminSend<{ message: string }>('DELETE', `/api/products/${id}`);
}

export const useDeleteProduct = () => useInvalidatingMutation(deleteProduct, [adminProductsKey, ['products']]);
