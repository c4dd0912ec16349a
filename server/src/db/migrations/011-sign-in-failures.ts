import type { Kysely } from 'kysely';
import { createKeyedTable, dropTables } from '../columns';

/** Failed sign-ins per account (whatever the client address), for the per-account slow-down. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'sign_in_failures', 'account_key')
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['sign_in_failures']);
}
