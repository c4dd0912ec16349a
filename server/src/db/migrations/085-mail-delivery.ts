import { sql, type Kysely } from 'kysely';

/**
 * Every mail is a row of the outbox, written with the change that causes it and delivered later by
 * the scheduled jobs (decision 035): its state (kept without SMTP; queued, sending, sent or failed
 * with it), the attempts made, the last error, when to try again, and its attachments as references
 * (an invoice, a credit note, a stored file) whose bytes are made when it is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column a statement: SQLite adds a single column per ALTER TABLE.
  const outbox = () => db.schema.alterTable('outbox');
  await outbox()
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('kept'))
    .execute();
  await outbox()
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await outbox()
    .addColumn('resends', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await outbox().addColumn('last_error', 'text').execute();
  await outbox().addColumn('next_attempt_at', 'text').execute();
  await outbox().addColumn('claimed_at', 'text').execute();
  await outbox().addColumn('sent_at', 'text').execute();
  await outbox().addColumn('attachments', 'text').execute();
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
