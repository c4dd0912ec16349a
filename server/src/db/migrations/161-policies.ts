import type { Kysely } from 'kysely';

/** The owner's texts of the policy pages (Markdown), by slug; a page without a row shows its default text (decision 049). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('policies')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('policies').execute();
}
