import type { Kysely } from 'kysely';

/**
 * The client addresses each account last signed in from successfully (a few per account, for 30
 * days): a lockout caused by failures from elsewhere does not extend to them (decision 036).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_addresses')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_addresses_pk', ['user_id', 'address'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_addresses').execute();
}
