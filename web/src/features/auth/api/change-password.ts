import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { meQueryKey } from './get-me';

/** POST /api/auth/change-password: checks the current password and signs out every other session. */
function changePassword(input: { currentPassword: string; newPassword: string }): Promise<unknown> {
  return apiSend('POST', '/api/auth/change-password', {
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
    revokeOtherSessions: true,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
