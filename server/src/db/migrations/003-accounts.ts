import type { Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';
import { createKeyedTable, dropTables, required } from '../columns';

/**
 * Mail kept by the shop when no SMTP server is configured (and a copy of what
 * was sent when one is), and settings the shop generates for itself, such as
 * the session-signing secret, kept in the database so that every app server
 * shares them. better-auth's own tables (user, session, account, verification,
 * rateLimit) are created by its migration planner at start (db/auth-migrations).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('outbox'))
    .$call(required('text', ['to_address', 'subject', 'text_body', 'html_body', 'kind', 'transport']))
    .addColumn('created_at', 'text', timestampColumn)
    .execute();
  await db.schema.createIndex('outbox_to_idx').on('outbox').columns(['to_address', 'id']).execute();

  await createKeyedTable(db, 'app_settings', 'name')
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['app_settings', 'outbox']);
}
