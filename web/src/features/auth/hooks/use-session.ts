export type SessionUser = { id: string; username: string; email: string };

/**
 * The signed-in shopper, if any. Accounts arrive with the accounts issue;
 * until then every visitor is signed out.
 */
export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  return { user: null, isLoading: false };
}
