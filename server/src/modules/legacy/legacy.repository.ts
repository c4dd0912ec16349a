import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import type { OrderLineTable, OrderTable } from '../../db/schema';

export type LegacyKind = 'category' | 'product' | 'product_image' | 'advert' | 'coupon' | 'order';

export interface Mapping {
  legacy_id: string;
  local_id: number;
  checksum: string;
}

export async function mappings(db: Db, kind: LegacyKind): Promise<Map<string, Mapping>> {
  const rows = await db.selectFrom('legacy_imports').select(['legacy_id', 'local_id', 'checksum']).where('kind', '=', kind).execute();
  return new Map(rows.map((r) => [r.legacy_id, { ...r, local_id: Number(r.local_id) }]));
}

export async function saveMapping(db: Db, kind: LegacyKind, legacyId: string | number, localId: number, sum: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('legacy_imports')
    .values({ kind, legacy_id: String(legacyId), local_id: localId, checksum: sum, imported_at: now })
    .onConflict((oc) => oc.columns(['kind', 'legacy_id']).doUpdateSet({ local_id: localId, checksum: sum, imported_at: now }))
    .execute();
}

export async function deleteMappings(db: Db, kind: LegacyKind, localIds: number[]): Promise<void> {
  if (localIds.length === 0) return;
  await db.deleteFrom('legacy_imports').where('kind', '=', kind).where('local_id', 'in', localIds).execute();
}

/** The local row an old image URL stands for. */
export async function findMapping(db: Db, kind: LegacyKind, legacyId: string) {
  return db.selectFrom('legacy_imports').select('local_id').where('kind', '=', kind).where('legacy_id', '=', legacyId).executeTakeFirst();
}

export async function categories(db: Db) {
  return db.selectFrom('categories').select(['id', 'type', 'type_key']).execute();
}

export async function idTaken(db: Db, table: 'categories' | 'products', id: number): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Rows written with their original id move PostgreSQL's identity past them, so later rows never collide. */
export async function insertCategory(db: Db, c: { id?: number; type: string; type_key: string }): Promise<number> {
  const { id } = await db.insertInto('categories').values(c).returning('id').executeTakeFirstOrThrow();
  if (c.id !== undefined) await continueIdsAfterMax(db, 'categories');
  return id;
}

export async function insertProduct(
  db: Db,
  p: { id?: number; title: string; description: string; price_paise: number; category_id: number },
): Promise<number> {
  const { id } = await db.insertInto('products').values(p).returning('id').executeTakeFirstOrThrow();
  if (p.id !== undefined) await continueIdsAfterMax(db, 'products');
  return id;
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  return idTaken(db, 'products', id);
}

export async function insertProductImage(db: Db, img: { product_id: number; path: string; width: number; height: number; position: number }): Promise<number> {
  return (await db.insertInto('product_images').values(img).returning('id').executeTakeFirstOrThrow()).id;
}

export async function productImage(db: Db, id: number) {
  return db.selectFrom('product_images').select('path').where('id', '=', id).executeTakeFirst();
}

export async function advertImage(db: Db, id: number) {
  return db.selectFrom('advert_images').select('path').where('id', '=', id).executeTakeFirst();
}

export async function replaceAdvertImage(db: Db, id: number, img: { path: string; width: number; height: number }): Promise<void> {
  await db.updateTable('advert_images').set(img).where('id', '=', id).execute();
}

export async function productTitles(db: Db, ids: number[]): Promise<Map<number, { title: string; image: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'title', (eb) => eb.selectFrom('product_images').select('path').whereRef('product_id', '=', 'products.id').orderBy('position').limit(1).as('image')])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { title: r.title, image: r.image ?? null }]));
}

export async function userIdsByEmail(db: Db, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db.selectFrom('user').select(['id', 'email']).where(sql<string>`lower(email)`, 'in', emails).execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

export async function orderCodeTaken(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').where('order_code', '=', code).executeTakeFirst()) !== undefined;
}

export async function orderExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** An order of the original as written here (every column set; none generated). */
export type ImportedOrder = Required<
  Pick<
    Insertable<OrderTable>,
    | 'order_code'
    | 'user_id'
    | 'status'
    | 'subtotal_paise'
    | 'discount_paise'
    | 'total_paise'
    | 'email'
    | 'name'
    | 'address'
    | 'phone'
    | 'provider'
    | 'provider_order_id'
    | 'provider_payment_id'
    | 'paid_at'
    | 'created_at'
    | 'updated_at'
  >
> & { paid_at: string; created_at: string; updated_at: string; flag: string | null };

export type ImportedLine = Required<Pick<Insertable<OrderLineTable>, 'product_id' | 'title' | 'unit_price_paise' | 'quantity' | 'image_path'>>;

export async function insertOrder(db: Db, o: ImportedOrder, lines: ImportedLine[]): Promise<number> {
  const { id } = await db.insertInto('orders').values(o).returning('id').executeTakeFirstOrThrow();
  await insertLines(db, id, lines);
  return id;
}

/** Brings an imported order up to date with the original (the user it belongs to here is kept). */
export async function updateOrder(db: Db, id: number, o: Omit<ImportedOrder, 'user_id'>, lines: ImportedLine[]): Promise<void> {
  await db.updateTable('orders').set(o).where('id', '=', id).execute();
  await db.deleteFrom('order_lines').where('order_id', '=', id).execute();
  await insertLines(db, id, lines);
}

/** An order of the original may have no lines (its processOrder wrote none). */
async function insertLines(db: Db, orderId: number, lines: ImportedLine[]): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('order_lines')
    .values(lines.map((l) => ({ ...l, order_id: orderId })))
    .execute();
}

/** Orders imported for an address that now has a verified account here become that account's. */
export async function claimOrders(db: Db, fromOwner: string, userId: string): Promise<number> {
  const res = await db.updateTable('orders').set({ user_id: userId }).where('user_id', '=', fromOwner).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** After rows were written with their original ids, PostgreSQL's identity must continue after the largest. */
async function continueIdsAfterMax(db: Db, table: 'categories' | 'products'): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${sql.table(table)}), 1))`.execute(db);
}

export async function productImageIds(db: Db, productId: number): Promise<number[]> {
  return (await db.selectFrom('product_images').select('id').where('product_id', '=', productId).execute()).map((r) => r.id);
}

/**
 * The payment that paid an imported order, so that cancelling it here refunds it like any other
 * (payment ids are unique: one already known here is not recorded twice).
 */
export async function recordPayment(db: Db, orderId: number, paymentId: string, amountPaise: number): Promise<void> {
  await db
    .insertInto('order_payments')
    .values({ order_id: orderId, provider_payment_id: paymentId, amount_paise: amountPaise })
    .onConflict((oc) => oc.column('provider_payment_id').doNothing())
    .execute();
}
