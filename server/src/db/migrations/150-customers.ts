import { sql, type Kysely } from 'kysely';
import { createKeyedTable, required } from '../columns';

/**
 * The admin's Customers section (decision 047): the shop's private note on a customer, and the
 * customer's free claims and 3D-print requests found by e-mail. The indexes on better-auth's user table are made
 * after better-auth creates it (modules/customers/customers.indexes.ts): it does not exist yet when a
 * new database runs its migrations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'customer_notes', 'user_id')
    .$call(required('text', ['note', 'updated_by', 'updated_at']))
    .execute();
  await sql`CREATE INDEX print_requests_email_idx ON print_requests ((lower(email)))`.execute(db);
  await db.schema.createIndex('free_claims_email_idx').on('free_claims').columns(['email_key', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('150-customers cannot be reverted');
}
