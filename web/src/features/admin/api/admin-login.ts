import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { AdminLoginForm } from '../lib/form-schemas';

/** POST /api/adminlogin: {token} on success, 401 {message} on bad credentials. */
function adminLogin(input: AdminLoginForm): Promise<{ token: string }> {
  return apiSend<{ token: string }>('POST', '/api/adminlogin', input);
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
