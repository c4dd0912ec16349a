import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';

/** A session row with the account it belongs to: what a request's session cookie proves. */
export interface SessionWithAccount {
  expiresAt: string | number | Date;
  id: string;
  email: string;
  emailVerified: boolean | number;
  name: string;
}

const sessionQuery = compiledOnce((db, token: string) =>
  db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select(['session.expiresAt', 'user.id', 'user.email', 'user.emailVerified', 'user.name'])
    .where('session.token', '=', token),
);

/** The session with this token and its account, in one query compiled once: this read is on every signed-in request. */
export async function sessionByToken(db: Db, token: string): Promise<SessionWithAccount | undefined> {
  return (await sessionQuery(db, token)).rows[0];
}
