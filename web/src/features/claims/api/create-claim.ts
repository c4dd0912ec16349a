import { useMutation } from '@tanstack/react-query';
import type { FreeClaimInput } from '@shared/services.schemas';
import { apiSend } from '@/lib/api-client';

/** POST /api/freeclaim: a school claims a free product; the answer holds the message to show. */
function createClaim(input: FreeClaimInput): Promise<{ message: string }> {
  return apiSend<{ message: string }>('POST', '/api/freeclaim', input);
}

export function useCreateClaim() {
  return useMutation({ mutationFn: createClaim });
}
