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

/** Clears every failure count of an account: the account's own and those of its known addresses. */
export async function clearAllFailures(db: Db, userId: string, addressKeyPrefix: string): Promise<void> {
  await db
    .deleteFrom('sign_in_failures')
    .where((eb) => eb.or([eb('account_key', '=', userId), eb(sql<string>`substr(account_key, 1, ${addressKeyPrefix.length})`, '=', addressKeyPrefix)]))
    .execute();
}

/** True when the account signed in successfully from this address since `since`. */
export async function isKnownAddress(db: Db, userId: string, address: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_addresses')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .where('last_success_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Remembers a successful sign-in's address, keeping the account's `keep` most recent ones newer than `since`. */
export async function rememberAddress(db: Db, userId: string, address: string, now: string, since: string, keep: number): Promise<void> {
  await db
    .insertInto('sign_in_addresses')
    .values({ user_id: userId, address, last_success_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_success_at: now }))
    .execute();
  await db
    .deleteFrom('sign_in_addresses')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('last_success_at', '<', since),
        eb(
          'address',
          'not in',
          eb.selectFrom('sign_in_addresses').select('address').where('user_id', '=', userId).orderBy('last_success_at', 'desc').orderBy('address').limit(keep),
        ),
      ]),
    )
    .execute();
}
