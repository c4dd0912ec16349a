import { accountMessages } from '@shared/account-messages';
import { ApiError } from '@/lib/api-client';

/** What the shopper reads when a request fails without an answer (offline, server down). */
const NETWORK_ERROR = 'Could not reach the shop. Check your connection and try again.';

function codeOf(error: unknown): string {
  return error instanceof ApiError ? error.code.toUpperCase() : '';
}

/** Login (SPEC.md §8): wrong credentials and unverified email have fixed texts; anything else shows its own message. */
export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return NETWORK_ERROR;
  const code = codeOf(error);
  // An account the shop blocked: the server's message says so (decision 047).
  if (code === 'BANNED_USER') return error.message;
  if (code === 'EMAIL_NOT_VERIFIED' || error.status === 403) return accountMessages.emailNotVerified;
  if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'USER_NOT_FOUND' || code === 'INVALID_EMAIL' || error.status === 401) {
    return accountMessages.invalidCredentials;
  }
  return error.message;
}

export type SignUpFailure = {
  message: string;
  /** A form field the server named, with its own message (e.g. a taken username). */
  field?: { name: string; message: string };
};

/** Sign-up (SPEC.md §8): 'Email already in use' on conflict, a field's own message when the server names one, else 'Error signing up'. */
export function signUpFailure(error: unknown): SignUpFailure {
  if (!(error instanceof ApiError)) return { message: accountMessages.signUpError };
  const code = codeOf(error);
  if (code.startsWith('USER_ALREADY_EXISTS')) {
    return { message: accountMessages.emailInUse, field: { name: 'email', message: accountMessages.emailInUse } };
  }
  if (code === 'USERNAME_IS_ALREADY_TAKEN' || code === 'USERNAME_TAKEN') {
    return { message: accountMessages.usernameTaken, field: { name: 'username', message: accountMessages.usernameTaken } };
  }
  const first = error.fields ? Object.entries(error.fields)[0] : undefined;
  if (first) return { message: first[1], field: { name: first[0], message: first[1] } };
  return { message: accountMessages.signUpError };
}

/** Forgot password (SPEC.md §8): 'User not found' or 'Error sending reset email'. */
export function resetRequestErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (codeOf(error) === 'USER_NOT_FOUND' || error.status === 404)) return accountMessages.userNotFound;
  return accountMessages.resetError;
}

/** Edit profile and reset pages: the server's own message (SPEC.md §8 "the backend error message"). */
export function serverMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : NETWORK_ERROR;
}

export function isInvalidPassword(error: unknown): boolean {
  return codeOf(error) === 'INVALID_PASSWORD';
}
