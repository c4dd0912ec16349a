import { sql } from 'kysely';
import type { Db } from '../../db/database';

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

export async function productExists(db: Db, id: number): Promise<boolean> {
  return idTaken(db, 'products', id);
}

export async function productImage(db: Db, id: number) {
  return db.selectFrom('product_images').select('path').where('id', '=', id).executeTakeFirst();
}

export async function advertImage(db: Db, id: number) {
  return db.selectFrom('advert_images').select('path').where('id', '=', id).executeTakeFirst();
}

export async function productTitles(db: Db, ids: number[]): Promise<Map<number, { title: string; image: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select([
      'id',
      'title',
      (eb) => eb.selectFrom('product_images').select('path').whereRef('product_id', '=', 'products.id').orderBy('position').limit(1).as('image'),
    ])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { title: r.title, image: r.image ?? null }]));
}

export async function userIdsByEmail(db: Db, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom('user')
    .select(['id', 'email'])
    .where(sql<string>`lower(email)`, 'in', emails)
    .execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

export async function orderCodeTaken(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').where('order_code', '=', code).executeTakeFirst()) !== undefined;
}

export async function orderExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function productImageIds(db: Db, productId: number): Promise<number[]> {
  return (await db.selectFrom('product_images').select('id').where('product_id', '=', productId).execute()).map((r) => r.id);
}
