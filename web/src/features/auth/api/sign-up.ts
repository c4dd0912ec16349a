import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '@shared/account.schemas';
import { apiSend } from '@/lib/api-client';
import { profileBody } from '../lib/profile-body';

/**
 * POST /api/auth/sign-up/email: creates the account and sends the verification
 * mail; no session starts until the email is verified.
 */
function signUp(input: SignUpInput): Promise<unknown> {
  return apiSend('POST', '/api/auth/sign-up/email', {
    email: input.email.trim(),
    password: input.password,
    ...profileBody(input),
    callbackURL: '/',
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
