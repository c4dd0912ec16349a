import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PincodeUploadSummary, ShippingAdminView, ShippingSettings } from '@shared/shipping';
import { adminGet, adminSend } from '../lib/admin-fetch';
import { uploadForm } from '../lib/upload';
import { useInvalidatingMutation } from './invalidating-mutation';

const shippingKey = ['admin', 'shipping'] as const;

/** GET /api/admin/shipping: the rules (rupees) and what the pincode list holds. */
export function useShipping() {
  return useQuery(queryOptions({ queryKey: shippingKey, queryFn: ({ signal }) => adminGet<ShippingAdminView>('/api/admin/shipping', signal), staleTime: 0 }));
}

/** PUT /api/admin/shipping. */
function saveShipping(settings: ShippingSettings): Promise<ShippingAdminView> {
  return adminSend<ShippingAdminView>('PUT', '/api/admin/shipping', settings);
}

/** POST /api/admin/shipping/pincodes with the CSV in the field `file`, reporting upload progress (0..1). */
function uploadPincodes({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }): Promise<PincodeUploadSummary> {
  const form = new FormData();
  form.append('file', file);
  return uploadForm<PincodeUploadSummary>('POST', '/api/admin/shipping/pincodes', form, onProgress);
}

/** DELETE /api/admin/shipping/pincodes: every valid pincode is served again. */
function clearPincodes(): Promise<ShippingAdminView> {
  return adminSend<ShippingAdminView>('DELETE', '/api/admin/shipping/pincodes');
}

export const useSaveShipping = () => useInvalidatingMutation(saveShipping, [shippingKey]);
export const useUploadPincodes = () => useInvalidatingMutation(uploadPincodes, [shippingKey]);
export const useClearPincodes = () => useInvalidatingMutation(clearPincodes, [shippingKey]);
