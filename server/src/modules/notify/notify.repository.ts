import type { Db } from '../../db/database';
import { countRows } from '../../db/rows';

/** Adds an address once (an address already listed is left as it is). */
export async function addSignup(db: Db, email: string): Promise<void> {
  await db
    .insertInto('notify_signups')
    .values({ email, email_key: email.toLowerCase() })
    .onConflict((oc) => oc.column('email_key').doNothing())
    .execute();
}

export async function listSignups(db: Db, page: { limit: number; offset: number }) {
  return db.selectFrom('notify_signups').select(['id', 'email', 'created_at']).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export const countSignups = (db: Db): Promise<number> => countRows(db, 'notify_signups');
