import type { Me } from '@shared/account.schemas';
import { useMe } from '../api/get-me';

export type SessionUser = Me;

/**
 * The signed-in shopper (GET /api/me), null for a visitor. isLoading is true
 * until the first answer; a failed read counts as signed out.
 */
export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const me = useMe();
  return { user: me.data ?? null, isLoading: me.isPending };
}
