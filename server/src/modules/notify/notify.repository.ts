import type { Db } from '../../db/database';

/** Adds an address once; false when it was on the list already. */
export async function addSignup(db: Db, email: string): Promise<boolean> {
  const row = await db
    .insertInto('notify_signups')
    .values({ email, email_key: email.toLowerCase() })
    .onConflict((oc) => oc.column('email_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function listSignups(db: Db, page: { limit: number; offset: number }) {
  return db.selectFrom('notify_signups').select(['id', 'email', 'created_at']).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countSignups(db: Db): Promise<number> {
  const row = await db.selectFrom('notify_signups').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
