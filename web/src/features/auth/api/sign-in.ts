import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { meQueryKey } from './get-me';

type SignInInput = { email: string; password: string };

/** POST /api/auth/sign-in/email: sets the session cookie; refused (403) until the email is verified. */
function signIn(input: SignInInput): Promise<unknown> {
  return apiSend('POST', '/api/auth/sign-in/email', { email: input.email, password: input.password });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
