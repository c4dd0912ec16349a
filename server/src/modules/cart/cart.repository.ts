import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';

export interface CartRow {
  product_id: number;
  /** 0: the product has no variants */
  variant_id: number;
  quantity: number;
  added_price_paise: number;
}

// Compiled once: read twice by every checkout.
const cartOf = compiledOnce((db, userId: string) =>
  db
    .selectFrom('cart_items')
    .select(['product_id', 'variant_id', 'quantity', 'added_price_paise'])
    .where('user_id', '=', userId)
    .orderBy('added_at')
    .orderBy('product_id')
    .orderBy('variant_id'),
);

const cartRow = (r: CartRow): CartRow => ({ ...r, variant_id: Number(r.variant_id), added_price_paise: Number(r.added_price_paise) });

export async function listCart(db: Db, userId: string): Promise<CartRow[]> {
  return (await cartOf(db, userId)).rows.map(cartRow);
}

/**
 * Adds a line unless the product (the variant) is already in the cart, and answers whether it was
 * added and the cart's lines with it. On PostgreSQL one statement (decision 088): the insert's row
 * and the lines the cart had before it (the statement's snapshot does not see its own insert).
 */
export async function addLine(
  db: Db,
  userId: string,
  line: { productId: number; variantId: number; quantity: number; pricePaise: number },
): Promise<{ added: boolean; rows: CartRow[] }> {
  const args = [userId, line.productId, line.variantId, line.quantity, line.pricePaise] as const;
  if (!isPostgres(db)) {
    const added = Number((await addingLine(db, ...args)).numAffectedRows ?? 0) > 0;
    return { added, rows: added ? await listCart(db, userId) : [] };
  }
  const rows = (await addingLineToCart(db, ...args)).rows;
  return {
    added: rows.some((r) => r.added),
    rows: rows.map(({ product_id, variant_id, quantity, added_price_paise }) => cartRow({ product_id, variant_id, quantity, added_price_paise })),
  };
}

const insertingLine = (db: Db, userId: string, productId: number, variantId: number, quantity: number, pricePaise: number) =>
  db
    .insertInto('cart_items')
    .values({ user_id: userId, product_id: productId, variant_id: variantId, quantity, added_price_paise: pricePaise })
    .onConflict((oc) => oc.columns(['user_id', 'product_id', 'variant_id']).doNothing());
const addingLine = compiledOnce(insertingLine);

const lineColumns = ['product_id', 'variant_id', 'quantity', 'added_price_paise', 'added_at'] as const;
const addingLineToCart = compiledOnce((db, userId: string, productId: number, variantId: number, quantity: number, pricePaise: number) =>
  db
    .with('added', () => insertingLine(db, userId, productId, variantId, quantity, pricePaise).returning(lineColumns))
    .selectFrom('added')
    .select([...lineColumns, sql<boolean>`true`.as('added')])
    .unionAll(
      db
        .selectFrom('cart_items')
        .select([...lineColumns, sql<boolean>`false`.as('added')])
        .where('user_id', '=', userId),
    )
    .orderBy('added_at')
    .orderBy('product_id')
    .orderBy('variant_id'),
);

export async function setQuantity(db: Db, userId: string, productId: number, variantId: number, quantity: number): Promise<boolean> {
  const res = await db
    .updateTable('cart_items')
    .set({ quantity })
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function removeLine(db: Db, userId: string, productId: number, variantId: number | null): Promise<void> {
  let q = db.deleteFrom('cart_items').where('user_id', '=', userId).where('product_id', '=', productId);
  // Without a variant named, every line of the product goes (the original web app knows no variants).
  if (variantId !== null) q = q.where('variant_id', '=', variantId);
  await q.execute();
}

const clearing = compiledOnce((db, userId: string) => db.deleteFrom('cart_items').where('user_id', '=', userId));

export async function clearCart(db: Db, userId: string): Promise<void> {
  await clearing(db, userId);
}
