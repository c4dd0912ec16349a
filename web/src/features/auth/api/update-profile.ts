import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, UpdateProfileInput } from '@shared/account.schemas';
import { apiSend } from '@/lib/api-client';
import { profileBody } from '../lib/profile-body';
import { meQueryKey } from './get-me';

/** PATCH /api/me: the profile fields only (the server rejects any other key). */
function updateProfile(input: UpdateProfileInput): Promise<Me> {
  return apiSend<Me>('PATCH', '/api/me', profileBody(input));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
