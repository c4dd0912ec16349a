import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import { takeBack } from '../../db/rows';
import type { CouponTable } from '../../db/schema';

export async function findByKey(db: Db, codeKey: string) {
  const row = await db.selectFrom('coupons').selectAll().where('code_key', '=', codeKey).executeTakeFirst();
  return row && normalise(row);
}

function normalise<T extends { discount_paise: unknown; min_purchase_paise: unknown; used_count: unknown; reserved_count: unknown }>(row: T) {
  return {
    ...row,
    discount_paise: row.discount_paise === null ? null : Number(row.discount_paise),
    min_purchase_paise: row.min_purchase_paise === null ? null : Number(row.min_purchase_paise),
    used_count: Number(row.used_count),
    reserved_count: Number(row.reserved_count),
  };
}

export async function shopperHasRedeemed(db: Db, couponId: number, userId: string): Promise<boolean> {
  const row = await db.selectFrom('coupon_redemptions').select('order_id').where('coupon_id', '=', couponId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Holds one use of the coupon for an order awaiting payment, in one atomic
 * statement, only while uses (paid + held) stay under the limit. True when held.
 */
export async function reserveUse(db: Db, couponId: number): Promise<boolean> {
  const res = await db
    .updateTable('coupons')
    .set({ reserved_count: sql`reserved_count + 1` })
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb(sql`used_count + reserved_count`, '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Turns a held use into a paid one. */
export async function commitUse(db: Db, couponId: number): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ used_count: sql`used_count + 1`, reserved_count: sql`reserved_count - 1` })
    .where('id', '=', couponId)
    .execute();
}

/** Gives a held use back (the order was not paid). */
export async function releaseUse(db: Db, couponId: number): Promise<void> {
  await takeBack(db, 'coupons', { id: couponId }, 'reserved_count', 1);
}

export async function insertRedemption(db: Db, r: { order_id: number; coupon_id: number; user_id: string; once_key: string | null }): Promise<void> {
  await db
    .insertInto('coupon_redemptions')
    .values({ ...r, state: 'reserved' })
    .execute();
}

export async function setRedemptionState(db: Db, orderId: number, state: 'used'): Promise<void> {
  await db.updateTable('coupon_redemptions').set({ state }).where('order_id', '=', orderId).execute();
}

export async function deleteRedemption(db: Db, orderId: number): Promise<void> {
  await db.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).execute();
}

/** Removes a paid order's redemption; true when there was one (then its use is given back once). */
export async function deleteUsedRedemption(db: Db, orderId: number): Promise<boolean> {
  const res = await db.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).where('state', '=', 'used').executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Gives a paid use back (the paid order was canceled). */
export async function giveBackUse(db: Db, couponId: number): Promise<void> {
  await takeBack(db, 'coupons', { id: couponId }, 'used_count', 1);
}

/** A coupon as the admin writes it: its terms, not its counters. */
export type CouponWrite = Required<Omit<Insertable<CouponTable>, 'id' | 'used_count' | 'reserved_count' | 'created_at'>>;

export async function insertCoupon(db: Db, c: CouponWrite): Promise<number> {
  const row = await db.insertInto('coupons').values(c).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findById(db: Db, id: number) {
  const row = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  return row && normalise(row);
}

export async function listCoupons(db: Db) {
  const rows = await db.selectFrom('coupons').selectAll().orderBy('id').execute();
  return rows.map(normalise);
}

export async function updateCoupon(db: Db, id: number, c: CouponWrite): Promise<void> {
  await db.updateTable('coupons').set(c).where('id', '=', id).execute();
}

export async function deleteCoupon(db: Db, id: number): Promise<void> {
  await db.deleteFrom('coupons').where('id', '=', id).execute();
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
