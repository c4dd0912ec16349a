import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { linesOfOrder } from '../orders/order-lines';

/**
 * Takes `quantity` units of a tracked product in one statement, so that two
 * checkouts racing for the last units cannot both succeed: the row lock
 * (PostgreSQL) or the write lock (SQLite) orders them, and the condition is
 * checked again by the second. Untracked products (stock NULL) always succeed.
 * `tracked`: whether the product tracked its stock when the cart was priced; an
 * untracked one is looked at first (one read, where taking from it first would
 * cost a write that changes nothing and then the read), unless `stockNow` holds
 * what a statement of the same transaction just read of it (decision 097).
 * A taken product answers whether its low-stock mark must change now (`settleLowStockMarks`):
 * the update holds the row until commit, so the answer stays true.
 */
export async function takeUnits(
  db: Db,
  productId: number,
  quantity: number,
  tracked: boolean,
  stockNow?: Map<number, number | null | undefined>,
): Promise<{ markChanges: boolean } | 'untracked' | false> {
  if (!tracked) {
    const stock = stockNow?.has(productId) ? stockNow.get(productId) : await stockOf(db, productId);
    if (stock === null) return 'untracked';
  }
  const row = await takingProductUnits(db, productId, quantity);
  if (row) return { markChanges: lowNowOf(row) !== Number(row.low_stock_alerted) };
  return (await stockIn(db, 'products', productId)) === null ? 'untracked' : false;
}

const takingProductUnits = (db: Db, productId: number, quantity: number) =>
  db
    .updateTable('products')
    .set({ stock: sql`stock - ${quantity}` })
    .where('id', '=', productId)
    .where('stock', '>=', quantity)
    .returning(['stock', 'low_stock_threshold', 'low_stock_alerted'])
    .executeTakeFirst();

/** `lowNow` (below) of a row in JavaScript. */
const lowNowOf = (r: { stock: number | null; low_stock_threshold: number }) => (r.stock !== null && Number(r.stock) <= Number(r.low_stock_threshold) ? 1 : 0);

/** A product's units for sale: null when it does not track them, undefined when there is no such product. */
export function stockOf(db: Db, productId: number): Promise<number | null | undefined> {
  return stockIn(db, 'products', productId);
}

/** Gives units back to a tracked product (a deleted or untracked product takes nothing back). */
export function returnUnits(db: Db, productId: number, quantity: number): Promise<boolean> {
  return giveBackTo(db, 'products', productId, quantity);
}

/** Marks up to `quantity` units of an order line as given back; answers how many were newly marked. */
export async function markRestocked(db: Db, lineId: number, quantity: number): Promise<number> {
  const line = await db.selectFrom('order_lines').select(['quantity', 'restocked_quantity']).where('id', '=', lineId).executeTakeFirst();
  if (!line) return 0;
  const units = Math.min(quantity, line.quantity - line.restocked_quantity);
  if (units <= 0) return 0;
  const res = await db
    .updateTable('order_lines')
    .set({ restocked_quantity: line.restocked_quantity + units })
    .where('id', '=', lineId)
    .where('restocked_quantity', '=', line.restocked_quantity)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0 ? units : 0;
}

export async function linesOf(db: Db, orderId: number) {
  return linesOfOrder(db, orderId, ['id', 'product_id', 'variant_id', 'quantity', 'restocked_quantity']);
}

/** The parts a kit line took per kit (none for a line that is not a kit). */
export async function partsOfLines(db: Db, lineIds: number[]) {
  if (lineIds.length === 0) return [];
  return db
    .selectFrom('order_line_parts')
    .select(['order_line_id', 'product_id', 'variant_id', 'quantity'])
    .where('order_line_id', 'in', lineIds)
    .orderBy('id')
    .execute();
}

/** Takes units of a tracked variant as `takeUnits` does for a product; an untracked variant always succeeds. */
export function takeVariantUnits(db: Db, variantId: number, quantity: number): Promise<'taken' | 'untracked' | false> {
  return takeFrom(db, 'product_variants', variantId, quantity);
}

export function variantStockOf(db: Db, variantId: number): Promise<number | null | undefined> {
  return stockIn(db, 'product_variants', variantId);
}

/** Gives units back to a tracked variant (a deleted or untracked one takes nothing back). */
export function returnVariantUnits(db: Db, variantId: number, quantity: number): Promise<boolean> {
  return giveBackTo(db, 'product_variants', variantId, quantity);
}

/** The rows that hold units for sale: a product without variants, and each variant (NULL stock: not tracked). */
type StockTable = 'products' | 'product_variants';

/** Takes units from a row in one conditional update (see `takeUnits`); an untracked row always succeeds. */
async function takeFrom(db: Db, table: StockTable, id: number, quantity: number): Promise<'taken' | 'untracked' | false> {
  const res = await db
    .updateTable(table)
    .set({ stock: sql`stock - ${quantity}` })
    .where('id', '=', id)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) return 'taken';
  return (await stockIn(db, table, id)) === null ? 'untracked' : false;
}

async function stockIn(db: Db, table: StockTable, id: number): Promise<number | null | undefined> {
  const row = await db.selectFrom(table).select('stock').where('id', '=', id).executeTakeFirst();
  return row?.stock;
}

async function giveBackTo(db: Db, table: StockTable, id: number, quantity: number): Promise<boolean> {
  const res = await db
    .updateTable(table)
    .set({ stock: sql`stock + ${quantity}` })
    .where('id', '=', id)
    .where('stock', 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A product with variants sells its variants' stock, not its own row's (decision 045). */
const noVariants = (eb: ExpressionBuilder<Database, 'products'>) =>
  eb.not(eb.exists(eb.selectFrom('product_variants as pv').select('pv.id').whereRef('pv.product_id', '=', 'products.id')));

/** Tracked products (without variants) at or below `threshold` units, fewest first. */
export async function listLowStock(db: Db, threshold: number, limit: number) {
  return db
    .selectFrom('products')
    .select(['id', 'title', 'stock'])
    .where('stock', 'is not', null)
    .where('stock', '<=', threshold)
    .where(noVariants)
    .orderBy('stock')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Tracked variants at or below `threshold` units, fewest first, with their product's title. */
export async function listLowStockVariants(db: Db, threshold: number, limit: number) {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['p.id', 'p.title', 'v.id as variant_id', 'v.options_json', 'v.stock'])
    .where('v.stock', 'is not', null)
    .where('v.stock', '<=', threshold)
    .orderBy('v.stock')
    .orderBy('v.id')
    .limit(limit)
    .execute();
}

/** 1 when a product is tracked and at or below its own threshold, else 0: what its low-stock mark should be. */
const lowNow = sql<number>`case when stock is not null and stock <= low_stock_threshold then 1 else 0 end`;

/**
 * Low-stock marks (decision 047), in the transaction that changed these products' stock, in one
 * statement (decision 088): a product back above its threshold (or no longer tracked) is unmarked,
 * so its next fall alerts again; one now at or below it whose crossing the shop was not told of is
 * marked told. Answers the rows it changed with their new mark: those marked 1 just crossed. A
 * concurrent sale of the same product waits on the row (it changed its stock in the same
 * transaction) and then finds it marked: one crossing, one mail.
 */
export async function settleLowStockMarks(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  const rows = await db
    .updateTable('products')
    .set({ low_stock_alerted: lowNow })
    .where('id', 'in', productIds)
    .where('low_stock_alerted', '<>', lowNow)
    .returning(['id', 'title', 'stock', 'low_stock_threshold', 'low_stock_alerted'])
    .execute();
  return rows.map((r) => ({ ...r, crossed: Number(r.low_stock_alerted) === 1 }));
}

/** Products back above their threshold (or no longer tracked) may alert again when they next fall to it. */
export async function rearmLowStock(db: Db, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .updateTable('products')
    .set({ low_stock_alerted: 0 })
    .where('id', 'in', productIds)
    .where('low_stock_alerted', '=', 1)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', sql<number>`low_stock_threshold`)]))
    .execute();
}

/** Tracked products at or below their own threshold, fewest first: the alert's list of what is low. */
export async function listBelowThreshold(db: Db, limit: number) {
  return db
    .selectFrom('products')
    .select(['id', 'title', 'stock', 'low_stock_threshold'])
    .where('stock', 'is not', null)
    .where('stock', '<=', sql<number>`low_stock_threshold`)
    .where(noVariants)
    .orderBy('stock')
    .orderBy('id')
    .limit(limit)
    .execute();
}
