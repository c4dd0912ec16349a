import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { meQueryKey } from './get-me';

/** POST /api/auth/sign-out: ends the session on the server and drops its cookie. */
function signOut(): Promise<unknown> {
  return apiSend('POST', '/api/auth/sign-out', {});
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      // Signed out at once on screen, then confirmed by the server.
      queryClient.setQueryData(meQueryKey, null);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
