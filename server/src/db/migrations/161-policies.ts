import type { Kysely } from 'kysely';
import { createKeyedTable, dropTables, required } from '../columns';

/** The owner's texts of the policy pages (Markdown), by slug; a page without a row shows its default text (decision 049). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'policies', 'slug')
    .$call(required('text', ['markdown', 'updated_at']))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['policies']);
}
