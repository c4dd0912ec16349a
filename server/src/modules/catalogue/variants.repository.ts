import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { lockRows, rowsOfProducts } from '../../db/rows';
import type { Database } from '../../db/schema';

/** Options, variants and kit parts of products (decision 045). */

interface OptionRow {
  product_id: number;
  name: string;
  values_json: string;
}

export const findOptions: (db: Db, productIds: number[]) => Promise<OptionRow[]> = rowsOfProducts('product_options', ['product_id', 'name', 'values_json']);

export type VariantRow = Omit<Selectable<Database['product_variants']>, 'position'>;

const variantColumns = ['id', 'product_id', 'options_json', 'sku', 'price_paise', 'stock', 'weight_grams', 'hsn_code', 'gst_rate_bp', 'image_path'] as const;

export const findVariants: (db: Db, productIds: number[]) => Promise<VariantRow[]> = rowsOfProducts('product_variants', variantColumns, ['id']);

interface PartRow {
  kit_id: number;
  part_product_id: number;
  part_variant_id: number | null;
  quantity: number;
  title: string;
  options_json: string | null;
  /** the part's stock: the variant's when it is one, else the product's */
  product_stock: number | null;
  variant_stock: number | null;
}

export async function findParts(db: Db, kitIds: number[]): Promise<PartRow[]> {
  if (kitIds.length === 0) return [];
  return db
    .selectFrom('kit_parts as k')
    .innerJoin('products as p', 'p.id', 'k.part_product_id')
    .leftJoin('product_variants as v', 'v.id', 'k.part_variant_id')
    .select([
      'k.kit_id',
      'k.part_product_id',
      'k.part_variant_id',
      'k.quantity',
      'p.title',
      'v.options_json',
      'p.stock as product_stock',
      'v.stock as variant_stock',
    ])
    .where('k.kit_id', 'in', kitIds)
    .orderBy('k.kit_id')
    .orderBy('k.id')
    .execute();
}

/** The kits a product (or any of its variants) is a part of. */
export async function kitsUsing(db: Db, productId: number): Promise<{ id: number; title: string }[]> {
  return db
    .selectFrom('kit_parts as k')
    .innerJoin('products as p', 'p.id', 'k.kit_id')
    .select(['p.id', 'p.title'])
    .distinct()
    .where('k.part_product_id', '=', productId)
    .orderBy('p.id')
    .execute();
}

/** Whether a product is a kit (has parts). */
export async function isKit(db: Db, productId: number): Promise<boolean> {
  return (await db.selectFrom('kit_parts').select('id').where('kit_id', '=', productId).executeTakeFirst()) !== undefined;
}

/** The titles of the kits whose parts match (named once each). */
const kitTitles = (db: Db) => db.selectFrom('kit_parts as k').innerJoin('products as p', 'p.id', 'k.kit_id').select('p.title').distinct();

export async function kitsUsingVariants(db: Db, variantIds: number[]): Promise<{ title: string }[]> {
  if (variantIds.length === 0) return [];
  return kitTitles(db).where('k.part_variant_id', 'in', variantIds).execute();
}

export async function replaceOptions(db: Db, productId: number, options: { name: string; values: string[] }[]): Promise<void> {
  await db.deleteFrom('product_options').where('product_id', '=', productId).execute();
  if (options.length === 0) return;
  await db
    .insertInto('product_options')
    .values(options.map((o, position) => ({ product_id: productId, position, name: o.name, values_json: JSON.stringify(o.values) })))
    .execute();
}

/** What the admin writes of a variant (`image_path` left out: kept as it is). */
export type VariantValues = Omit<Insertable<Database['product_variants']>, 'id' | 'product_id'>;

export async function insertVariant(db: Db, productId: number, v: VariantValues): Promise<void> {
  await db
    .insertInto('product_variants')
    .values({ ...v, product_id: productId })
    .execute();
}

export async function updateVariant(db: Db, id: number, v: VariantValues): Promise<void> {
  await db.updateTable('product_variants').set(v).where('id', '=', id).execute();
}

/** Clears SKUs first so that two variants may swap theirs in one save. */
export async function clearSkus(db: Db, productId: number): Promise<void> {
  await db.updateTable('product_variants').set({ sku: null }).where('product_id', '=', productId).execute();
}

export async function deleteVariants(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('product_variants').where('id', 'in', ids).execute();
}

/** A SKU's owner among the other products' variants (SKUs are unique across the shop). */
export async function skuOwners(db: Db, productId: number, skus: string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const rows = await db.selectFrom('product_variants').select('sku').where('sku', 'in', skus).where('product_id', '!=', productId).execute();
  return rows.flatMap((r) => (r.sku ? [r.sku] : []));
}

/**
 * Holds the rows of these products until the transaction ends (in the order of their ids), first thing
 * in a save of a product's variants or a kit's parts, before what the save checks is read. Each save
 * deletes the rows it replaces and inserts its own, so two at once on PostgreSQL kept both sets (the
 * second's delete did not see the first's new rows, decision 113); and a kit's rules span products (a
 * kit is no part, a part is no kit, a part used whole has no variants), so a save of kit A with part B
 * and one of kit B with part A, or of B's variants, each passed its checks before the other wrote
 * (decision 119). A save locks the product it changes and, for a kit, each of its parts: any two that
 * touch one product take turns, and the second checks what the first wrote.
 */
export function lockProducts(trx: Db, productIds: readonly number[]): Promise<void> {
  return lockRows(trx, 'products', productIds);
}

export async function replaceParts(db: Db, kitId: number, parts: { productId: number; variantId: number | null; quantity: number }[]): Promise<void> {
  await db.deleteFrom('kit_parts').where('kit_id', '=', kitId).execute();
  if (parts.length === 0) return;
  await db
    .insertInto('kit_parts')
    .values(parts.map((p) => ({ kit_id: kitId, part_product_id: p.productId, part_variant_id: p.variantId, quantity: p.quantity })))
    .execute();
}

/** The kits that use a product whole (not one of its variants). */
export async function kitsUsingWhole(db: Db, productId: number): Promise<{ title: string }[]> {
  return kitTitles(db).where('k.part_product_id', '=', productId).where('k.part_variant_id', 'is', null).execute();
}

export async function existingProducts(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('products').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

/** A kit keeps no stock of its own (decision 045). */
export async function untrackStock(db: Db, productId: number): Promise<void> {
  await db.updateTable('products').set({ stock: null }).where('id', '=', productId).execute();
}

export async function allKitIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('kit_parts').select('kit_id').distinct().orderBy('kit_id').execute()).map((r) => r.kit_id);
}

export async function titlesOf(db: Db, ids: number[]): Promise<{ id: number; title: string }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('products').select(['id', 'title']).where('id', 'in', ids).execute();
}
