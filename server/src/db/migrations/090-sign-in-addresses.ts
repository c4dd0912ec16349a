import type { Kysely } from 'kysely';
import { dropTables, required } from '../columns';

/**
 * The client addresses each account last signed in from successfully (a few per account, for 30
 * days): a lockout caused by failures from elsewhere does not extend to them (decision 036).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_addresses')
    .$call(required('text', ['user_id', 'address', 'last_success_at']))
    .addPrimaryKeyConstraint('sign_in_addresses_pk', ['user_id', 'address'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['sign_in_addresses']);
}
