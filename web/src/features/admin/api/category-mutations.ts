import type { Category } from '@shared/catalogue.schemas';
import { adminSend } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';

/** POST /api/categories {name}. */
function createCategory(name: string): Promise<Category> {
  return adminSend<Category>('POST', '/api/categories', { name });
}

/** PATCH /api/categories/{id} {name}: products follow the rename. */
function renameCategory({ id, name }: { id: number; name: string }): Promise<unknown> {
  return adminSend('PATCH', `/api/categories/${id}`, { name });
}

/** DELETE /api/categories/{id}: 409 while products use it. */
function deleteCategory(id: number): Promise<unknown> {
  return adminSend('DELETE', `/api/categories/${id}`);
}

/** Category changes show in the admin's dropdowns and the storefront's sections. */
const useCategoryMutation = <T>(mutationFn: (input: T) => Promise<unknown>) =>
  useInvalidatingMutation(mutationFn, [['categories'], ['admin', 'products'], ['storefront', 'home']]);

export const useCreateCategory = () => useCategoryMutation(createCategory);
export const useRenameCategory = () => useCategoryMutation(renameCategory);
export const useDeleteCategory = () => useCategoryMutation(deleteCategory);
