import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdvertImage } from '@shared/catalogue.schemas';
import { apiGet } from '@/lib/api-client';
import { adminSend, adminSendForm } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';

const advertsKey = ['admin', 'adverts'] as const;

/** GET /api/advertimages (public). */
function getAdverts(signal?: AbortSignal): Promise<AdvertImage[]> {
  return apiGet<AdvertImage[]>('/api/advertimages', signal);
}

export function useAdverts() {
  return useQuery(queryOptions({ queryKey: advertsKey, queryFn: ({ signal }) => getAdverts(signal), staleTime: 0 }));
}

/** POST /api/advertimages with 1 to 5 images in the field `images`; answers the updated list. */
function uploadAdverts(files: File[]): Promise<AdvertImage[]> {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  return adminSendForm<AdvertImage[]>('POST', '/api/advertimages', form);
}

/** DELETE /api/advertimages/{id}. */
function deleteAdvert(id: number): Promise<unknown> {
  return adminSend('DELETE', `/api/advertimages/${id}`);
}

const useAdvertMutation = <T>(mutationFn: (input: T) => Promise<unknown>) => useInvalidatingMutation(mutationFn, [advertsKey, ['storefront', 'home']]);

export const useUploadAdverts = () => useAdvertMutation(uploadAdverts);
export const useDeleteAdvert = () => useAdvertMutation(deleteAdvert);
