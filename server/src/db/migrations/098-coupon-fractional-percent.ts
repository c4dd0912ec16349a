import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * A coupon's percentage may have two decimals (12.5 %), as the original shop's
 * DECIMAL(5,2) allowed (decision 039). SQLite's INTEGER column already keeps
 * 12.5 as a real; PostgreSQL's integer column becomes double precision (which
 * the driver returns as a number).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`ALTER TABLE coupons ALTER COLUMN discount_percent TYPE double precision`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('098-coupon-fractional-percent cannot be reverted');
}
