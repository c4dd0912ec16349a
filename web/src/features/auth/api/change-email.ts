import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { meQueryKey } from './get-me';

/**
 * POST /api/auth/change-email: checks the current password, then mails a link
 * to the new address; the email changes only once that link is followed.
 */
function changeEmail(input: { newEmail: string; currentPassword: string }): Promise<unknown> {
  return apiSend('POST', '/api/auth/change-email', {
    newEmail: input.newEmail.trim(),
    currentPassword: input.currentPassword,
    callbackURL: '/editprofile',
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
