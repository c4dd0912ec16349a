import { useMutation } from '@tanstack/react-query';
import { normalizePhone, type SignUpInput } from '@shared/account.schemas';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/auth/sign-up/email: creates the account and sends the verification
 * mail; no session starts until the email is verified.
 */
function signUp(input: SignUpInput): Promise<unknown> {
  return apiSend('POST', '/api/auth/sign-up/email', {
    email: input.email.trim(),
    password: input.password,
    name: input.username.trim(),
    username: input.username.trim(),
    phone: normalizePhone(input.phone) ?? input.phone,
    address: input.address.trim(),
    city: input.city.trim(),
    state: input.state.trim(),
    zipCode: input.zipCode.trim(),
    callbackURL: '/',
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
