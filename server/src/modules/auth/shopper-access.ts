import type { IncomingHttpHeaders } from 'node:http';
import { accountMessages } from '@shared/account-messages';
import { AppError } from '../../errors';

/**
 * Who may use the shopper routes, decided without Fastify so that it can be
 * unit tested (and mutation tested): the guards in auth.guards.ts only look the
 * session up.
 */

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** The account of a session, as the auth library answers it. */
export interface SessionAccount {
  id: string;
  email: string;
  emailVerified?: boolean | null;
  name: string;
}

/** What a request may prove a session with: its cookie and its Authorization header (each only when sent once). */
export function sessionHeaders(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const name of ['cookie', 'authorization']) {
    const value = headers[name];
    if (typeof value === 'string') out.set(name, value);
  }
  return out;
}

/** The shopper of a session's account, or null without a session. */
export function shopperOfSession(account: SessionAccount | null | undefined): SessionUser | null {
  if (!account) return null;
  const { id, email, emailVerified, name } = account;
  return { id, email, emailVerified: Boolean(emailVerified), name };
}

/** A signed-in shopper, else 401. */
export function signedInShopper(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError('unauthenticated', 401, accountMessages.notSignedIn);
  return user;
}

/** A shopper whose e-mail address is verified, else 403. */
export function verifiedShopper(user: SessionUser): SessionUser {
  if (!user.emailVerified) throw new AppError('email_not_verified', 403, accountMessages.verifyFirst);
  return user;
}
