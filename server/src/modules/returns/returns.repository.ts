import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { countUpTo, estimatedMatches, estimatedRows } from '../../db/row-estimate';
import { addUpTo, moveStatus, takeBack } from '../../db/rows';
import { withOrderAmounts } from '../orders/order-amounts';
import { linesOfOrder } from '../orders/order-lines';

const orderColumns = [
  'id',
  'order_code',
  'user_id',
  'status',
  'name',
  'email',
  'paid_at',
  'delivered_at',
  'subtotal_paise',
  'total_paise',
  'shipping_paise',
  'cod_fee_paise',
  'payment_method',
] as const;

/** The order a return is about, with what the return window and the refund need. */
export async function findOrderByCode(db: Db, code: string) {
  const row = await db.selectFrom('orders').select(orderColumns).where('order_code', '=', code).executeTakeFirst();
  return row && withOrderAmounts(row);
}
export type ReturnOrder = NonNullable<Awaited<ReturnType<typeof findOrderByCode>>>;

/** The orders of a page of returns, in one query by primary key. */
export async function findOrdersByIds(db: Db, ids: number[]): Promise<ReturnOrder[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('orders').select(orderColumns).where('id', 'in', ids).execute()).map(withOrderAmounts);
}

export async function findOrderById(db: Db, id: number) {
  const row = await db.selectFrom('orders').select('order_code').where('id', '=', id).executeTakeFirst();
  return row ? findOrderByCode(db, row.order_code) : undefined;
}

export async function linesOf(db: Db, orderId: number) {
  return linesOfOrder(db, orderId, ['id', 'title', 'quantity', 'unit_price_paise', 'return_held_quantity']);
}

/**
 * Holds `units` of an order line for a return, in one conditional statement: never beyond what was
 * bought, however many requests race (the CHECK-free guard is the WHERE). True when held.
 */
export async function holdReturnUnits(db: Db, orderId: number, lineId: number, units: number): Promise<boolean> {
  return addUpTo(db, 'order_lines', { id: lineId, order_id: orderId }, 'return_held_quantity', units, 'quantity');
}

/**
 * Takes every unit of a line out of reach of returns, because an admin refunds the whole line: only
 * while none is held by a return (one conditional statement, so a return racing in loses or wins
 * whole). True when taken.
 */
export async function holdWholeLine(db: Db, orderId: number, lineId: number): Promise<boolean> {
  const res = await db
    .updateTable('order_lines')
    .set({ return_held_quantity: sql.ref('quantity') })
    .where('id', '=', lineId)
    .where('order_id', '=', orderId)
    .where('return_held_quantity', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives held units back (the return was rejected). */
export async function releaseReturnUnits(db: Db, lineId: number, units: number): Promise<void> {
  await takeBack(db, 'order_lines', { id: lineId }, 'return_held_quantity', units);
}

export async function insertReturn(db: Db, r: { order_id: number; user_id: string; reason: string }): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('return_requests')
    .values({ ...r, status: 'requested', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertLines(db: Db, returnId: number, lines: { lineId: number; quantity: number }[]): Promise<void> {
  await db
    .insertInto('return_lines')
    .values(lines.map((l) => ({ return_id: returnId, order_line_id: l.lineId, quantity: l.quantity })))
    .execute();
}

export async function insertPhotos(db: Db, returnId: number, photos: { key: string; contentType: string; size: number }[]): Promise<void> {
  if (photos.length === 0) return;
  await db
    .insertInto('return_photos')
    .values(photos.map((p) => ({ return_id: returnId, storage_key: p.key, content_type: p.contentType, size_bytes: p.size })))
    .execute();
}

const returnColumns = ['id', 'order_id', 'user_id', 'status', 'reason', 'admin_message', 'restocked', 'refund_id', 'created_at', 'updated_at'] as const;

export async function findReturn(db: Db, id: number) {
  return db.selectFrom('return_requests').select(returnColumns).where('id', '=', id).executeTakeFirst();
}
export type ReturnRow = NonNullable<Awaited<ReturnType<typeof findReturn>>>;

export async function returnsOfOrders(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom('return_requests').select(returnColumns).where('order_id', 'in', orderIds).orderBy('id').execute();
}

export async function listReturns(db: Db, status: string | undefined, page: { limit: number; offset: number }) {
  let q = db.selectFrom('return_requests').select(returnColumns);
  if (status) q = q.where('status', '=', status);
  return q.orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

/** Counted exactly up to this many; past it the count says "at least this many" (decision 043's convention). */
export const RETURNS_COUNT_CAP = 10_000;

/**
 * The returns (of a status) counted, at most RETURNS_COUNT_CAP + 1 of them: by the primary key, or
 * by return_requests_status_idx (status, id) for a status, and never more than the cap's entries.
 * On PostgreSQL, when the planner estimates five times the cap or more (all returns: the primary
 * key's rows; a status: its share), they are over it without counting (decisions 054 and 109).
 */
export async function countReturns(db: Db, status: string | undefined): Promise<number> {
  let listed = db.selectFrom('return_requests').select(sql<number>`1`.as('one'));
  if (status) listed = listed.where('status', '=', status);
  const estimate = status ? await estimatedMatches(db, listed) : await estimatedRows(db, 'return_requests_pkey');
  return countUpTo(db, listed, RETURNS_COUNT_CAP, estimate);
}

/** The lines of returns, with the order line's title and price. */
export async function linesOfReturns(db: Db, returnIds: number[]) {
  if (returnIds.length === 0) return [];
  const rows = await db
    .selectFrom('return_lines')
    .innerJoin('order_lines', 'order_lines.id', 'return_lines.order_line_id')
    .select(['return_lines.return_id', 'return_lines.order_line_id', 'return_lines.quantity', 'order_lines.title', 'order_lines.unit_price_paise'])
    .where('return_lines.return_id', 'in', returnIds)
    .orderBy('return_lines.id')
    .execute();
  return rows.map((r) => ({ ...r, unit_price_paise: Number(r.unit_price_paise) }));
}

export async function photosOf(db: Db, returnIds: number[]) {
  if (returnIds.length === 0) return [];
  return db.selectFrom('return_photos').select(['id', 'return_id']).where('return_id', 'in', returnIds).orderBy('id').execute();
}

export async function findPhoto(db: Db, returnId: number, photoId: number) {
  return db.selectFrom('return_photos').select(['storage_key', 'content_type']).where('return_id', '=', returnId).where('id', '=', photoId).executeTakeFirst();
}

/** Moves a return from one status to another, only if it is still in the first. */
export async function moveReturn(
  db: Db,
  id: number,
  from: string,
  to: string,
  set: { admin_message?: string | null; restocked?: number } = {},
): Promise<boolean> {
  return moveStatus(db, 'return_requests', id, from, to, set);
}

export async function setRefund(db: Db, id: number, refundId: number): Promise<void> {
  await db.updateTable('return_requests').set({ refund_id: refundId }).where('id', '=', id).execute();
}
