import type { Db } from '../../db/database';

export interface NewMail {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  transport: string;
}

export async function insertMail(db: Db, mail: NewMail): Promise<void> {
  await db.insertInto('outbox').values(mail).execute();
}

export async function listMail(db: Db, page: { limit: number; offset: number }) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countMail(db: Db): Promise<number> {
  const row = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
