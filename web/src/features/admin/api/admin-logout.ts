import { apiFetch } from '@/lib/api-client';
import { authHeader } from '../lib/admin-fetch';

/** POST /api/adminlogout: revokes the token on the server. Failures are ignored: the browser forgets the token anyway. */
export async function adminLogout(): Promise<void> {
  try {
    await apiFetch('/api/adminlogout', { method: 'POST', headers: authHeader() });
  } catch {
    // An expired or already revoked token needs no revoking.
  }
}
