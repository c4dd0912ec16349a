import type { Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';

/** Addresses left on the coming-soon page's Notify Me form, once each. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notify_signups'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', timestampColumn)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notify_signups').execute();
}
