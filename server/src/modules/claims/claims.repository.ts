import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { FreeClaimTable } from '../../db/schema';

/** A claim as stored: every column but the generated ones. */
export type NewClaim = Omit<Insertable<FreeClaimTable>, 'id' | 'status' | 'created_at'>;

/** Stores a claim unless this address already claimed this product; true when stored. */
export async function insertClaim(db: Db, claim: NewClaim): Promise<boolean> {
  const res = await db
    .insertInto('free_claims')
    .values(claim)
    .onConflict((oc) => oc.columns(['product_id', 'email_key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function listClaims(db: Db, status: string | null, page: { limit: number; offset: number }) {
  let q = db.selectFrom('free_claims').selectAll();
  if (status) q = q.where('status', '=', status);
  return q.orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countClaims(db: Db, status: string | null): Promise<number> {
  let q = db.selectFrom('free_claims').select((eb) => eb.fn.countAll<number>().as('n'));
  if (status) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function setClaimStatus(db: Db, id: number, status: string): Promise<boolean> {
  const res = await db.updateTable('free_claims').set({ status }).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
