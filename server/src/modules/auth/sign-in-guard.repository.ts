import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The user id behind an e-mail address or a username (either may be given). */
export async function userIdFor(db: Db, identifier: string): Promise<string | null> {
  const key = identifier.trim().toLowerCase();
  const row = await db
    .selectFrom('user')
    .select('id')
    .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', key), eb(sql<string>`lower(username)`, '=', key)]))
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function failuresOf(db: Db, accountKey: string) {
  return db.selectFrom('sign_in_failures').select(['failures', 'window_start']).where('account_key', '=', accountKey).executeTakeFirst();
}

/** Counts one failure in one statement: a window older than `windowStart` starts again at 1. */
export async function addFailure(db: Db, accountKey: string, now: string, windowStart: string): Promise<void> {
  await db
    .insertInto('sign_in_failures')
    .values({ account_key: accountKey, failures: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('account_key').doUpdateSet({
        failures: sql`CASE WHEN sign_in_failures.window_start < ${windowStart} THEN 1 ELSE sign_in_failures.failures + 1 END`,
        window_start: sql`CASE WHEN sign_in_failures.window_start < ${windowStart} THEN ${now} ELSE sign_in_failures.window_start END`,
      }),
    )
    .execute();
}

export async function clearFailures(db: Db, accountKey: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('account_key', '=', accountKey).execute();
}
