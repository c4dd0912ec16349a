import { useMutation } from '@tanstack/react-query';
import type { AdminLoginAnswer, AdminLoginTwoFactorInput } from '@shared/two-factor.schemas';
import { apiSend } from '@/lib/api-client';
import type { AdminLoginForm } from '../lib/form-schemas';

/** POST /api/adminlogin: {token}, or {twoFactorRequired, challenge} for an account with two-factor sign-in; 401 {message} on bad credentials. */
function adminLogin(input: AdminLoginForm): Promise<AdminLoginAnswer> {
  return apiSend<AdminLoginAnswer>('POST', '/api/adminlogin', input);
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}

/** POST /api/adminlogin/2fa: the challenge and a code from the app (or a recovery code) → {token}. */
function adminLoginTwoFactor(input: AdminLoginTwoFactorInput): Promise<{ token: string }> {
  return apiSend<{ token: string }>('POST', '/api/adminlogin/2fa', input);
}

export function useAdminLoginTwoFactor() {
  return useMutation({ mutationFn: adminLoginTwoFactor });
}
