import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import * as repo from './sign-in-guard.repository';

/** This many failed sign-ins of one account within the window make it wait out the window. */
export const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;
/** An address an account signed in from successfully within this long is its owner's (decision 036)... */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;
/** ...among its last few such addresses. */
const KNOWN_ADDRESSES_KEPT = 5;

export const signInGuardMessage = 'Too many failed sign-ins for this account. Please wait 15 minutes and try again, or reset your password.';

/** What a sign-in attempt counts against: the account, and the account at a known address once the account is locked. */
export interface SignInTicket {
  key: string;
  userId: string | null;
  address: string;
  /** set when the account is locked and the attempt comes from one of its known addresses, which keep their own count */
  addressKey: string | null;
}

/** The counter of one known address of an account (in the same table as the account's). */
const addressKeyOf = (userId: string, address: string) => `${userId}|${address}`;

/**
 * Per-account sign-in limits, whatever the client address (the per-address
 * limits are better-auth's and the rate limiter's). Every way into an account
 * (e-mail or username, shopper sign-in or /api/adminlogin) counts on one key:
 * the user's id. Kept in the database, so every app server sees the same count.
 *
 * The lockout does not reach the addresses the account signed in from
 * successfully in the last 30 days (its last 5): there, attempts count on a
 * counter of their own with the same limit, so failures from elsewhere cannot
 * lock the owner out, and a known address gets no more tries than anyone.
 */
export function signInGuard(db: Db, now: () => number = Date.now) {
  const windowStart = () => new Date(now() - FAILURE_WINDOW_MS).toISOString();
  async function locked(key: string): Promise<boolean> {
    const row = await repo.failuresOf(db, key);
    return row !== undefined && row.failures >= MAX_FAILURES && row.window_start >= windowStart();
  }
  return {
    /** Throws 429 while the account has had too many failures in the window (unless `address` is a known one of it that has not); answers the ticket to count the attempt on. */
    async check(identifier: string, address: string): Promise<SignInTicket> {
      const userId = await repo.userIdFor(db, identifier);
      const key = userId ?? `unknown:${identifier.trim().toLowerCase().slice(0, 200)}`;
      const ticket: SignInTicket = { key, userId, address, addressKey: null };
      if (!(await locked(key))) return ticket;
      const since = new Date(now() - KNOWN_ADDRESS_MS).toISOString();
      if (userId && (await repo.isKnownAddress(db, userId, address, since))) {
        ticket.addressKey = addressKeyOf(userId, address);
        if (!(await locked(ticket.addressKey))) return ticket;
      }
      throw new AppError('account_locked', 429, signInGuardMessage);
    },
    async failed(ticket: SignInTicket): Promise<void> {
      const at = now();
      for (const key of [ticket.key, ticket.addressKey]) {
        if (key) await repo.addFailure(db, key, new Date(at).toISOString(), windowStart());
      }
    },
    /** A success clears the count it was let in on (a known address's own one leaves the account's lock for the rest) and remembers the address. */
    async succeeded(ticket: SignInTicket): Promise<void> {
      await repo.clearFailures(db, ticket.addressKey ?? ticket.key);
      if (ticket.userId) {
        const at = now();
        await repo.rememberAddress(
          db,
          ticket.userId,
          ticket.address,
          new Date(at).toISOString(),
          new Date(at - KNOWN_ADDRESS_MS).toISOString(),
          KNOWN_ADDRESSES_KEPT,
        );
      }
    },
  };
}

/** Lifts an account's sign-in lock (`npm run admin -- unlock`); false when no account has this username or e-mail address. */
export async function unlockAccount(db: Db, identifier: string): Promise<boolean> {
  const userId = await repo.userIdFor(db, identifier);
  if (!userId) return false;
  await repo.clearAllFailures(db, userId, addressKeyOf(userId, ''));
  return true;
}
