import type { Db } from '../../db/database';
import { sessionOfToken } from './sessions-with-accounts';

// The account's whole row comes with the session: the request that needs the shopper's profile
// (the cart's pincode, the order's address, /api/me) then reads it no second time (decision 089).
const sessionQuery = sessionOfToken([
  'session.expiresAt',
  'user.id',
  'user.email',
  'user.emailVerified',
  'user.name',
  'user.username',
  'user.displayUsername',
  'user.phone',
  'user.address',
  'user.city',
  'user.state',
  'user.zipCode',
  'user.banned',
]);

/** A session row with the account it belongs to: what a request's session cookie proves, and the shopper's profile. */
export type SessionWithAccount = Awaited<ReturnType<typeof sessionQuery>>['rows'][number];

/** The session with this token and its account, in one query compiled once: this read is on every signed-in request. */
export async function sessionByToken(db: Db, token: string): Promise<SessionWithAccount | undefined> {
  return (await sessionQuery(db, token)).rows[0];
}
