import type { SelectExpression } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/**
 * better-auth's sessions joined to the accounts they belong to (`session.userId`): select the columns
 * of both. The shopper's session, the admin's bearer token and the admin's list of sessions read them.
 */
export const sessionsWithAccounts = (db: Db) => db.selectFrom('session').innerJoin('user', 'user.id', 'session.userId');

/**
 * A reader of the session whose token is given, with `columns` of it and of its account (none when
 * no session has that token): one query compiled once, as it runs on every signed-in request.
 */
export function sessionOfToken<C extends SelectExpression<Database, 'session' | 'user'>>(columns: readonly C[]) {
  return compiledOnce((db, token: string) => sessionsWithAccounts(db).select(columns).where('session.token', '=', token));
}
