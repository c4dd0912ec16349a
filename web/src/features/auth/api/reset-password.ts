import { useMutation } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';

/** POST /api/auth/reset-password: sets a new password with the token of a reset mail. */
function resetPassword(input: { token: string; newPassword: string }): Promise<unknown> {
  return apiSend('POST', '/api/auth/reset-password', { newPassword: input.newPassword, token: input.token });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
