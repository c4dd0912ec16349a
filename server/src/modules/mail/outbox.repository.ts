import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import { compiledOnce, compiledPerLength } from '../../db/compiled-once';
import { countRows } from '../../db/rows';
import { isPostgres } from '../../db/dialect';
import type { OutboxTable } from '../../db/schema';

/** A mail as written to the outbox. */
export type NewMail = Required<
  Pick<Insertable<OutboxTable>, 'to_address' | 'subject' | 'text_body' | 'html_body' | 'kind' | 'transport' | 'state' | 'next_attempt_at' | 'attachments'>
>;

/** Writes mails to the outbox, all in one statement; answers their ids. */
export async function insertMails(db: Db, mails: NewMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await db.insertInto('outbox').values(mails).returning('id').execute();
  return rows.map((r) => r.id);
}

export async function listMail(db: Db, page: { limit: number; offset: number }) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export const countMail = (db: Db): Promise<number> => countRows(db, 'outbox');

export async function findMail(db: Db, id: number) {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export type MailRow = NonNullable<Awaited<ReturnType<typeof findMail>>>;

/** The most mails the delivery claims at once (mailer.ts): the marks and releases are compiled for lists up to this long. */
const CLAIM_LIMIT = 20;

/** What a delivery reads of a mail it claimed: what it sends, its attempts and resends, and what its log names. */
const CLAIMED = ['id', 'to_address', 'subject', 'text_body', 'html_body', 'kind', 'attempts', 'resends', 'attachments'] as const;
export type ClaimedMail = Pick<MailRow, (typeof CLAIMED)[number]>;

/**
 * Takes up to `limit` due mails for sending, oldest first, counting an attempt on each, in one
 * statement; answers what a delivery reads of them. Of any number of nodes and passes asking at
 * once, each mail goes to exactly one: on PostgreSQL the rows are locked as they are chosen and rows
 * another claim holds are skipped (`for update skip locked`), and the update checks again that each
 * is still queued; SQLite runs one write at a time. Built once per database, as are the marks below:
 * every paid order's mails go through them (issue 29).
 */
export async function claimDue(db: Db, now: string, limit: number): Promise<ClaimedMail[]> {
  const { rows } = await (isPostgres(db) ? claimingLocked : claiming)(db, now, limit);
  return rows.sort((a, b) => a.id - b.id);
}

const claimStatement = (db: Db, now: string, limit: number, locked: boolean) => {
  const due = db.selectFrom('outbox').select('id').where('state', '=', 'queued').where('next_attempt_at', '<=', now).orderBy('id').limit(limit);
  return db
    .updateTable('outbox')
    .set({ state: 'sending', claimed_at: now, attempts: sql`attempts + 1` })
    .where('id', 'in', locked ? due.forUpdate().skipLocked() : due)
    .where('state', '=', 'queued')
    .returning(CLAIMED);
};
const claiming = compiledOnce((db, now: string, limit: number) => claimStatement(db, now, limit, false));
const claimingLocked = compiledOnce((db, now: string, limit: number) => claimStatement(db, now, limit, true));

/** Claimed mails this pass did not try after all (it stopped): queued again as they were, the attempt not counted. */
export async function release(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await releasing(db, ids);
}

const releasing = compiledPerLength(
  (db, ids: number[]) =>
    db
      .updateTable('outbox')
      .set({ state: 'queued', claimed_at: null, attempts: sql`attempts - 1` })
      .where('id', 'in', ids)
      .where('state', '=', 'sending'),
  CLAIM_LIMIT,
);

/** Mails the server accepted, marked sent in one statement. */
export async function markSent(db: Db, ids: number[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await marking(db, [now, ...ids]);
}

// The time first, then the ids: one list, compiled per length.
const marking = compiledPerLength(
  (db, [now, ...ids]: (string | number)[]) =>
    db
      .updateTable('outbox')
      .set({ state: 'sent', sent_at: now as string, claimed_at: null, last_error: null, next_attempt_at: null })
      .where('id', 'in', ids as number[])
      .where('state', '=', 'sending'),
  CLAIM_LIMIT + 1,
);

/** A failed attempt: queued again for `nextAttemptAt`, or failed for good when it is null. */
export async function markAttemptFailed(db: Db, id: number, error: string, nextAttemptAt: string | null): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ state: nextAttemptAt ? 'queued' : 'failed', last_error: error, next_attempt_at: nextAttemptAt, claimed_at: null })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .execute();
}

/**
 * Mails claimed before `claimedBefore` and never marked: the node sending them stopped. They are
 * queued again (so they may go twice, never zero times; decision 035).
 */
export async function requeueAbandoned(db: Db, claimedBefore: string, now: string): Promise<number> {
  const res = await db
    .updateTable('outbox')
    .set({ state: 'queued', next_attempt_at: now, claimed_at: null, last_error: 'The delivery was interrupted (the node sending it stopped); sending again' })
    .where('state', '=', 'sending')
    .where('claimed_at', '<', claimedBefore)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Queued mails waiting out a back-off become due now (the mail server answered again). */
export async function retryWaitingNow(db: Db, now: string): Promise<number> {
  const res = await db.updateTable('outbox').set({ next_attempt_at: now }).where('state', '=', 'queued').where('next_attempt_at', '>', now).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Whether some queued mail waits out a back-off. */
export async function anyWaiting(db: Db, now: string): Promise<boolean> {
  return (
    (await db.selectFrom('outbox').select('id').where('state', '=', 'queued').where('next_attempt_at', '>', now).limit(1).executeTakeFirst()) !== undefined
  );
}

/** An admin's resend: the mail is queued again with a fresh count of attempts, unless it is being sent or kept. */
export async function requeueForResend(db: Db, id: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('outbox')
    .set({ state: 'queued', attempts: 0, next_attempt_at: now, resends: sql`resends + 1` })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'sent', 'failed'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
