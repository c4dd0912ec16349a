import type { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database';

/** A session row with the account it belongs to: what a request's session cookie proves. */
export interface SessionWithAccount {
  expiresAt: string | number | Date;
  id: string;
  email: string;
  emailVerified: boolean | number;
  name: string;
}

const compiled = new WeakMap<Db, CompiledQuery>();

/**
 * The session with this token and its account, in one query compiled once per database (the
 * token is the only parameter): this read is on every signed-in request.
 */
export async function sessionByToken(db: Db, token: string): Promise<SessionWithAccount | undefined> {
  let query = compiled.get(db);
  if (!query) {
    query = db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['session.expiresAt', 'user.id', 'user.email', 'user.emailVerified', 'user.name'])
      .where('session.token', '=', '')
      .compile();
    compiled.set(db, query);
  }
  const { rows } = await db.executeQuery<SessionWithAccount>({ ...query, parameters: [token] });
  return rows[0];
}
