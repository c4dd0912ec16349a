import { useSyncExternalStore } from 'react';

/** SPEC.md §6: the admin token lives in session storage under the key `token`. */
const TOKEN_KEY = 'token';

export type AdminSession = {
  token: string | null;
  /** Why the login form shows again, e.g. an expired session. */
  notice: string | null;
};

function readToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeToken(token: string | null): void {
  try {
    if (token === null) window.sessionStorage.removeItem(TOKEN_KEY);
    else window.sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Without storage the session lasts as long as the page.
  }
}

let session: AdminSession = { token: typeof window === 'undefined' ? null : readToken(), notice: null };
const listeners = new Set<() => void>();

function update(next: AdminSession): void {
  session = next;
  for (const listener of listeners) listener();
}

export function getAdminToken(): string | null {
  return session.token;
}

export function startAdminSession(token: string): void {
  writeToken(token);
  update({ token, notice: null });
}

/** Forgets the token; the page shows the login form, with `notice` above it when given. */
export function endAdminSession(notice: string | null = null): void {
  writeToken(null);
  update({ token: null, notice });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAdminSession(): AdminSession {
  return useSyncExternalStore(subscribe, () => session);
}
