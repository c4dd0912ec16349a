import { adminMessages } from '@shared/admin-messages';
import { ApiError, apiFetch } from '../../../lib/api-client';
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

/** apiFetch with the admin token. */
export async function adminFetch(path: string, init?: RequestInit): Promise<Response> {
  try {
    return await apiFetch(path, { ...init, headers: { ...authHeader(), ...init?.headers } });
  } catch (error) {
    handleUnauthorized(error);
    throw error;
  }
}

export async function adminGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await adminFetch(path, { signal });
  return (await res.json()) as T;
}

/** Sends a JSON body with the admin token; the JSON answer, or null for an empty one. */
export async function adminSend<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: object): Promise<T> {
  const res = await adminFetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Sends multipart form data with the admin token (no progress; see upload.ts for that). */
export async function adminSendForm<T>(method: 'POST' | 'PATCH', path: string, form: FormData): Promise<T> {
  const res = await adminFetch(path, { method, body: form });
  return (await res.json()) as T;
}

/** The server's message of a failed call, or null when it gave none (a network failure). */
export function reasonOf(error: unknown): string | null {
  return error instanceof ApiError && error.message && !error.message.startsWith('Request failed with status')
    ? error.message
    : null;
}

/** The server's per-field messages of a 400, if any. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}
