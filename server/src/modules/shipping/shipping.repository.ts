import type { Db } from '../../db/database';
import type { PincodeRow } from './pincode-csv';

/** Rows per INSERT: 4 parameters each, far below SQLite's and PostgreSQL's limits. */
const BATCH = 500;

export async function findRules(db: Db): Promise<string | null> {
  const row = await db.selectFrom('shipping_settings').select('rules').where('id', '=', 1).executeTakeFirst();
  return row?.rules ?? null;
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

/** Whether the list holds any pincode (an empty list serves every pincode). */
export async function hasPincodes(db: Db): Promise<boolean> {
  return (await db.selectFrom('shipping_pincodes').select('pincode').limit(1).executeTakeFirst()) !== undefined;
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

/** Replaces the whole list (call inside a transaction). */
export async function replacePincodes(trx: Db, rows: PincodeRow[]): Promise<void> {
  await trx.deleteFrom('shipping_pincodes').execute();
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto('shipping_pincodes')
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}
