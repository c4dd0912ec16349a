import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryCheck } from '@shared/shipping';
import { apiGet } from '@/lib/api-client';

/** GET /api/shipping/check?pincode=: whether and when the shop delivers there. */
function checkPincode(pincode: string, signal?: AbortSignal): Promise<DeliveryCheck> {
  return apiGet<DeliveryCheck>(`/api/shipping/check?pincode=${encodeURIComponent(pincode)}`, signal);
}

/** The check of a pincode, once one is given (null: none yet). */
export function useDeliveryCheck(pincode: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['shipping', 'check', pincode],
      queryFn: ({ signal }) => checkPincode(pincode!, signal),
      enabled: pincode !== null,
      staleTime: 5 * 60_000,
    }),
  );
}
