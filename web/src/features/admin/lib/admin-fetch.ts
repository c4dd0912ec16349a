import { adminMessages, withReason } from '@shared/admin-messages';
import { ApiError, createApiClient } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { endAdminSession, getAdminToken } from './admin-session';

export function authHeader(): Record<string, string> {
  const token = getAdminToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * A 401 means the token is missing, invalid or expired (DESIGN.md §6 item 7):
 * forget it so the page returns to the login form with a message.
 */
export function handleUnauthorized(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) endAdminSession(adminMessages.sessionExpired);
}

/** The web app's API client with the admin token; a 401 ends the admin session. */
const adminClient = createApiClient({
  headers: authHeader,
  onError: (error) => {
    if (error.status === 401) endAdminSession(adminMessages.sessionExpired);
  },
});

export const adminFetch = adminClient.fetch;
export const adminGet = adminClient.get;
export const adminSend = adminClient.send;
/** Sends multipart form data with the admin token (no progress; see upload.ts for that). */
export const adminSendForm = adminClient.sendForm;

/** The server's message of a failed call, or null when it gave none (a network failure). */
export function reasonOf(error: unknown): string | null {
  return error instanceof ApiError && error.message && !error.message.startsWith('Request failed with status') ? error.message : null;
}

/** The server's per-field messages of a 400, if any. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}

/**
 * Runs an admin action with its toasts: `done` when it worked, else `failed` with the server's
 * reason. Resolves whether it worked.
 */
export async function withToasts(action: () => Promise<unknown>, done: string, failed: string): Promise<boolean> {
  try {
    await action();
    notify('success', done);
    return true;
  } catch (error) {
    notify('error', withReason(failed, reasonOf(error)));
    return false;
  }
}

/** A failed save: the toast (`message` and the server's reason), and the server's field errors under these fields. */
export function reportSaveFailure<K extends string>(
  error: unknown,
  message: string,
  fields: readonly K[],
  setError: (name: K, error: { message: string }) => void,
): void {
  notify('error', withReason(message, reasonOf(error)));
  const found = fieldErrorsOf(error);
  for (const name of fields) if (found[name]) setError(name, { message: found[name] });
}
