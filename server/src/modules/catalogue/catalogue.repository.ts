import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { compiledPerLength } from '../../db/compiled-once';
import { escapeLike, isPostgres } from '../../db/dialect';
import { lockRows, rowsOfProducts } from '../../db/rows';

export interface ProductRow {
  id: number;
  title: string;
  description: string;
  price_paise: number;
  category_id: number;
  category: string;
  stock: number | null;
  weight_grams: number | null;
  low_stock_threshold: number;
}

function productQuery(db: Db) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.title', 'p.description', 'p.price_paise', 'p.category_id', 'c.type as category', 'p.stock', 'p.weight_grams', 'p.low_stock_threshold']);
}

export async function findProductsByIds(db: Db, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return productQuery(db).where('p.id', 'in', ids).execute();
}

/** A product as the public reads show it: its row, whether it has options, variants or kit parts, and its pictures in order. */
export type ShownProductRow = ProductRow & { structured: boolean; images: string[] };

/**
 * findProductsByIds, with whether each product has options, variants or kit parts (only those need
 * their structure read: variants.structuresOf, three more queries; most products have none) and its
 * images. On PostgreSQL each query is a round trip of its own, parsed and planned by a backend: the
 * images come in the same query (a JSON array per product), one round trip per page of results
 * instead of two. SQLite answers in microseconds without one: its images stay a query of their own.
 */
export async function findShownProductsByIds(db: Db, ids: number[]): Promise<ShownProductRow[]> {
  if (ids.length === 0) return [];
  if (isPostgres(db)) {
    const rows = (await shownProductsWithImages(db, ids)).rows;
    return rows.map((r) => Object.assign(r, { structured: Boolean(r.structured) }));
  }
  const rows = (await shownProducts(db, ids)).rows;
  const imagesOf = new Map<number, string[]>();
  for (const img of await findImages(db, ids)) imagesOf.set(img.product_id, [...(imagesOf.get(img.product_id) ?? []), img.path]);
  // SQLite answers 0 or 1 for a boolean.
  return rows.map((r) => Object.assign(r, { structured: Boolean(r.structured), images: imagesOf.get(r.id) ?? [] }));
}

function shownProductQuery(db: Db, ids: number[]) {
  return productQuery(db)
    .select((eb) =>
      eb
        .or([
          eb.exists(eb.selectFrom('product_options as o').select('o.id').whereRef('o.product_id', '=', 'p.id')),
          eb.exists(eb.selectFrom('product_variants as v').select('v.id').whereRef('v.product_id', '=', 'p.id')),
          eb.exists(eb.selectFrom('kit_parts as k').select('k.id').whereRef('k.kit_id', '=', 'p.id')),
        ])
        .as('structured'),
    )
    .where('p.id', 'in', ids);
}

// Compiled once per number of products (decision 089): every cart and every checkout reads its
// products with these, and Kysely building the query with its three subqueries cost more CPU than
// SQLite answering it.
const shownProducts = compiledPerLength((db, ids: number[]) => shownProductQuery(db, ids));
const shownProductsWithImages = compiledPerLength((db, ids: number[]) =>
  shownProductQuery(db, ids).select(
    sql<string[]>`coalesce((SELECT json_agg(i.path ORDER BY i.position) FROM product_images i WHERE i.product_id = p.id), '[]'::json)`.as('images'),
  ),
);

export interface ProductFilter {
  categoryId?: number;
  titleContains?: string;
}

function filtered(db: Db, f: ProductFilter) {
  let q = db.selectFrom('products as p');
  if (f.categoryId !== undefined) q = q.where('p.category_id', '=', f.categoryId);
  if (f.titleContains) {
    const pattern = `%${escapeLike(f.titleContains.toLowerCase())}%`;
    q = q.where(sql<boolean>`lower(p.title) LIKE ${pattern} ESCAPE '\\'`);
  }
  return q;
}

export async function listProductIds(db: Db, f: ProductFilter, page: { limit: number; offset: number }): Promise<number[]> {
  const rows = await filtered(db, f).select('p.id').orderBy('p.id').limit(page.limit).offset(page.offset).execute();
  return rows.map((r) => r.id);
}

export async function countProducts(db: Db, f: ProductFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ImageRow {
  product_id: number;
  path: string;
}

export const findImages: (db: Db, productIds: number[]) => Promise<ImageRow[]> = rowsOfProducts('product_images', ['product_id', 'path']);

export async function listCategories(db: Db) {
  return db.selectFrom('categories').select(['id', 'type']).orderBy('id').execute();
}

export async function findCategoryById(db: Db, id: number) {
  return db.selectFrom('categories').select(['id', 'type']).where('id', '=', id).executeTakeFirst();
}

export async function findCategoryByType(db: Db, type: string) {
  return db.selectFrom('categories').select(['id', 'type']).where('type_key', '=', type.trim().toLowerCase()).executeTakeFirst();
}

export async function countProductsByCategory(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('products')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

export async function insertCategory(db: Db, type: string): Promise<number> {
  const row = await db.insertInto('categories').values({ type, type_key: type.trim().toLowerCase() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface NewProduct {
  title: string;
  description: string;
  price_paise: number;
  category_id: number;
  stock?: number | null;
  low_stock_threshold?: number;
  hsn_code?: string;
  gst_rate_bp?: number;
  weight_grams?: number | null;
}

export async function insertProduct(db: Db, p: NewProduct): Promise<number> {
  const row = await db.insertInto('products').values(p).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertProductImages(db: Db, productId: number, images: { path: string; width: number; height: number }[]): Promise<void> {
  if (images.length === 0) return;
  await db
    .insertInto('product_images')
    .values(images.map((img, position) => ({ product_id: productId, position, ...img })))
    .execute();
}

/** Whether the product was there to change. */
export async function updateProduct(db: Db, id: number, p: Partial<NewProduct>): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...p, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Holds the product's row as its delete does (PostgreSQL), before what the delete checks is read (decision 119). */
export function lockProductForDelete(trx: Db, id: number): Promise<void> {
  return lockRows(trx, 'products', [id], true);
}

export async function deleteProduct(db: Db, id: number): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}

export async function deleteProductImages(db: Db, productId: number): Promise<string[]> {
  const rows = await db.selectFrom('product_images').select('path').where('product_id', '=', productId).execute();
  await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
  // A variant's image is one of these (decision 045): gone with them.
  await db.updateTable('product_variants').set({ image_path: null }).where('product_id', '=', productId).execute();
  return rows.map((r) => r.path);
}

export async function productIdsInCategory(db: Db, categoryId: number): Promise<number[]> {
  const rows = await db.selectFrom('products').select('id').where('category_id', '=', categoryId).execute();
  return rows.map((r) => r.id);
}

export async function renameCategory(db: Db, id: number, type: string): Promise<void> {
  await db.updateTable('categories').set({ type, type_key: type.trim().toLowerCase() }).where('id', '=', id).execute();
}

export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

export async function couponCodesForProduct(db: Db, productId: number): Promise<string[]> {
  const rows = await db.selectFrom('coupons').select('code').where('product_id', '=', productId).execute();
  return rows.map((r) => r.code);
}

/**
 * A category or product brought across by the legacy importer, with its original id when that id
 * is free here. Rows written with their original id move PostgreSQL's identity past them, so later
 * rows never collide.
 */
export async function insertImportedCategory(db: Db, c: { id?: number; type: string; type_key: string }): Promise<number> {
  const { id } = await db.insertInto('categories').values(c).returning('id').executeTakeFirstOrThrow();
  if (c.id !== undefined) await continueIdsAfterMax(db, 'categories');
  return id;
}

export async function insertImportedProduct(
  db: Db,
  p: { id?: number; title: string; description: string; price_paise: number; category_id: number },
): Promise<number> {
  const { id } = await db.insertInto('products').values(p).returning('id').executeTakeFirstOrThrow();
  if (p.id !== undefined) await continueIdsAfterMax(db, 'products');
  return id;
}

export async function insertProductImage(db: Db, img: { product_id: number; path: string; width: number; height: number; position: number }): Promise<number> {
  return (await db.insertInto('product_images').values(img).returning('id').executeTakeFirstOrThrow()).id;
}

/** After rows were written with their original ids, PostgreSQL's identity must continue after the largest. */
async function continueIdsAfterMax(db: Db, table: 'categories' | 'products'): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${sql.table(table)}), 1))`.execute(db);
}
