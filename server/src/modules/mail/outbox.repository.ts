import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { OutboxTable } from '../../db/schema';

/** A mail as kept in the outbox. */
export type NewMail = Required<Omit<Insertable<OutboxTable>, 'id' | 'created_at'>>;

/** Keeps mails in the outbox, all in one statement. */
export async function insertMails(db: Db, mails: NewMail[]): Promise<void> {
  if (mails.length > 0) await db.insertInto('outbox').values(mails).execute();
}

export async function listMail(db: Db, page: { limit: number; offset: number }) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countMail(db: Db): Promise<number> {
  const row = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
