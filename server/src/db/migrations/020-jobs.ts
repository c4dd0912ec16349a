import type { Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';
import { createKeyedTable, dropTables, notNullDefault, required } from '../columns';

/**
 * Work that must survive a node: the simulated provider's webhooks wait in a
 * table until delivered (any node delivers them), and periodic jobs run under a
 * lease that one node at a time holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('simulated_webhooks'))
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', notNullDefault(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', timestampColumn)
    .execute();
  await db.schema.createIndex('simulated_webhooks_due_idx').on('simulated_webhooks').columns(['delivered_at', 'next_attempt_at']).execute();

  await createKeyedTable(db, 'job_leases', 'name')
    .$call(required('text', ['holder', 'until']))
    .addColumn('last_run_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['job_leases', 'simulated_webhooks']);
}
