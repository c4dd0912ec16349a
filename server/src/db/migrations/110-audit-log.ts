import type { Kysely } from 'kysely';
import { withId } from '../dialect';
import { dropTables, optional, required } from '../columns';

/** The admin audit log (issue 28): appended to, never changed or deleted by a route. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('audit_log'))
    .$call(required('text', ['at', 'action', 'actor']))
    .$call(optional('text', ['actor_role', 'ip', 'method', 'route']))
    .addColumn('status', 'integer')
    .$call(optional('text', ['entity_type', 'entity_id', 'changes']))
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['audit_log']);
}
