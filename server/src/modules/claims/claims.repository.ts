import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { FreeClaimTable } from '../../db/schema';
import { pageByStatus, setStatus } from '../../db/status-lists';

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

export const pageOfClaims = (db: Db, status: string | null, page: number) => pageByStatus(db, 'free_claims', status, page);

export const setClaimStatus = (db: Db, id: number, status: string) => setStatus(db, 'free_claims', id, status);
