import { useMutation, useQueryClient } from '@tanstack/react-query';
import { normalizePhone, type Me, type UpdateProfileInput } from '@shared/account.schemas';
import { apiSend } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

/** PATCH /api/me: the profile fields only (the server rejects any other key). */
function updateProfile(input: UpdateProfileInput): Promise<Me> {
  const body: UpdateProfileInput = {
    username: input.username.trim(),
    phone: normalizePhone(input.phone) ?? input.phone,
    address: input.address.trim(),
    city: input.city.trim(),
    state: input.state.trim(),
    zipCode: input.zipCode.trim(),
  };
  return apiSend<Me>('PATCH', '/api/me', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
