import { sql, type Kysely } from 'kysely';
import { addColumns, notNullDefault } from '../columns';

/**
 * Every mail is a row of the outbox, written with the change that causes it and delivered later by
 * the scheduled jobs (decision 035): its state (kept without SMTP; queued, sending, sent or failed
 * with it), the attempts made, the last error, when to try again, and its attachments as references
 * (an invoice, a credit note, a stored file) whose bytes are made when it is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'outbox', [
    ['state', 'text', notNullDefault('kept')],
    ['attempts', 'integer', notNullDefault(0)],
    ['resends', 'integer', notNullDefault(0)],
    ['last_error', 'text'],
    ['next_attempt_at', 'text'],
    ['claimed_at', 'text'],
    ['sent_at', 'text'],
    ['attachments', 'text'],
  ]);
  // Before, a row with transport 'smtp' was a copy of a mail already sent.
  await sql`UPDATE outbox SET state = 'sent' WHERE transport = 'smtp'`.execute(db);
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['state', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_due_idx').execute();
  for (const column of ['attachments', 'sent_at', 'claimed_at', 'next_attempt_at', 'last_error', 'resends', 'attempts', 'state']) {
    await db.schema.alterTable('outbox').dropColumn(column).execute();
  }
}
