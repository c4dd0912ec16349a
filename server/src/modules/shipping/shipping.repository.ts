import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import type { PincodeRow } from './pincode-csv';

/** Rows per INSERT: 4 parameters each, far below SQLite's and PostgreSQL's limits. */
const BATCH = 500;

/**
 * The owner's rules (null: none saved) and whether the pincode list holds any pincode (an empty list
 * serves every pincode), in one statement: every cart and checkout asks for both (decision 088).
 */
export async function findRulesAndListed(db: Db): Promise<{ rules: string | null; listed: boolean }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('shipping_settings').select('rules').where('id', '=', 1).as('rules'),
      eb.exists(eb.selectFrom('shipping_pincodes').select('pincode')).as('listed'),
    ])
    .executeTakeFirstOrThrow();
  // SQLite answers 0 or 1 for a boolean.
  return { rules: row.rules ?? null, listed: Boolean(row.listed) };
}

export async function saveRules(db: Db, rules: string): Promise<void> {
  const updated_at = new Date().toISOString();
  await db
    .insertInto('shipping_settings')
    .values({ id: 1, rules, updated_at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ rules, updated_at }))
    .execute();
}

export async function findPincode(db: Db, pincode: string) {
  return db.selectFrom('shipping_pincodes').select(['pincode', 'zone', 'cod', 'days']).where('pincode', '=', pincode).executeTakeFirst();
}

export async function countByZone(db: Db): Promise<{ zone: string; count: number }[]> {
  const rows = await db
    .selectFrom('shipping_pincodes')
    .select(['zone', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('zone')
    .orderBy('zone')
    .execute();
  return rows.map((r) => ({ zone: r.zone, count: Number(r.count) }));
}

/**
 * Replaces the whole list (call inside a transaction). Two replacements at once take turns: on
 * PostgreSQL the table is first locked against other writers (readers go on), so the second deletes
 * what the first inserted; before, its delete did not see those rows and the list became the union
 * of both files (decision 113). SQLite serialises writers already.
 */
export async function replacePincodes(trx: Db, rows: PincodeRow[]): Promise<void> {
  if (isPostgres(trx)) await sql`lock table shipping_pincodes in share row exclusive mode`.execute(trx);
  await trx.deleteFrom('shipping_pincodes').execute();
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto('shipping_pincodes')
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}
