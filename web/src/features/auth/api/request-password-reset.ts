import { useMutation } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';

/** POST /api/auth/request-password-reset: mails a link to /reset-password?token=… */
function requestPasswordReset(email: string): Promise<unknown> {
  return apiSend('POST', '/api/auth/request-password-reset', { email: email.trim(), redirectTo: '/reset-password' });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
