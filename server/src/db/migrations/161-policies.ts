import type { Kysely } from 'kysely';
import { required } from '../columns';

/** The owner's texts of the policy pages (Markdown), by slug; a page without a row shows its default text (decision 049). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('policies')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .$call(required('text', ['markdown', 'updated_at']))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('policies').execute();
}
