import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import * as repo from './sign-in-guard.repository';

/** This many failed sign-ins of one account within the window make it wait out the window. */
export const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;

export const signInGuardMessage = 'Too many failed sign-ins for this account. Please wait 15 minutes and try again, or reset your password.';

/**
 * Per-account sign-in limits, whatever the client address (the per-address
 * limits are better-auth's and the rate limiter's). Every way into an account
 * (e-mail or username, shopper sign-in or /api/adminlogin) counts on one key:
 * the user's id. Kept in the database, so every app server sees the same count.
 */
export function signInGuard(db: Db, now: () => number = Date.now) {
  async function keyFor(identifier: string): Promise<string> {
    return (await repo.userIdFor(db, identifier)) ?? `unknown:${identifier.trim().toLowerCase().slice(0, 200)}`;
  }
  return {
    /** Throws 429 while the account has had too many failures in the window; answers its key. */
    async check(identifier: string): Promise<string> {
      const key = await keyFor(identifier);
      const row = await repo.failuresOf(db, key);
      const windowStart = new Date(now() - FAILURE_WINDOW_MS).toISOString();
      if (row && row.failures >= MAX_FAILURES && row.window_start >= windowStart) {
        throw new AppError('account_locked', 429, signInGuardMessage);
      }
      return key;
    },
    async failed(key: string): Promise<void> {
      const at = now();
      await repo.addFailure(db, key, new Date(at).toISOString(), new Date(at - FAILURE_WINDOW_MS).toISOString());
    },
    async succeeded(key: string): Promise<void> {
      await repo.clearFailures(db, key);
    },
  };
}
