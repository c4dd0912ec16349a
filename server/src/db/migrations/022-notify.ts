import type { Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';
import { dropTables, uniqueByKey } from '../columns';

/** Addresses left on the coming-soon page's Notify Me form, once each. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notify_signups')).$call(uniqueByKey('email')).addColumn('created_at', 'text', timestampColumn).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['notify_signups']);
}
