import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Indexes for the admin orders list (decision 043), on expressions and partial, so there is no
 * column for any code path to keep right: the rows the list shows (paid, or flagged) in its order
 * (coalesce(paid_at, created_at), id), the same per status, and the lower-cased e-mail for a prefix
 * search (byte order on PostgreSQL, as on SQLite, so a prefix is a range of the index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const listed = sql`paid_at IS NOT NULL OR flag IS NOT NULL`;
  await sql`CREATE INDEX orders_admin_list_idx ON orders ((coalesce(paid_at, created_at)), id) WHERE ${listed}`.execute(db);
  await sql`CREATE INDEX orders_admin_status_idx ON orders (status, (coalesce(paid_at, created_at)), id) WHERE ${listed}`.execute(db);
  if (isPostgres(db)) await sql`CREATE INDEX orders_email_prefix_idx ON orders ((lower(email)) COLLATE "C")`.execute(db);
  else await sql`CREATE INDEX orders_email_prefix_idx ON orders (lower(email))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('120-admin-order-indexes cannot be reverted');
}
