import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSend } from '../lib/admin-fetch';
import { adminProductsKey } from './get-admin-products';

/** DELETE /api/products/{id}: orders that hold the product keep their lines. */
function deleteProduct(id: number): Promise<{ message: string }> {
  return adminSend<{ message: string }>('DELETE', `/api/products/${id}`);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminProductsKey }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
}
