import type { Kysely } from 'kysely';
import { withId } from '../dialect';

/** The admin audit log (issue 28): appended to, never changed or deleted by a route. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text')
    .addColumn('ip', 'text')
    .addColumn('method', 'text')
    .addColumn('route', 'text')
    .addColumn('status', 'integer')
    .addColumn('entity_type', 'text')
    .addColumn('entity_id', 'text')
    .addColumn('changes', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
