import type { Db } from '../../db/database';
import { LOW_STOCK_THRESHOLD, stockMessages } from '@shared/stock';
import { AppError } from '../../errors';
import { bumpPublicCacheVersion } from '../../plugins/public-cache';
import * as repo from './stock.repository';

export function notEnoughStock(title: string, units: number): AppError {
  return new AppError('insufficient_stock', 409, stockMessages.notEnough(title, units));
}

/**
 * Holds the units of a new order (inside its transaction): each tracked product
 * loses the units at once, so a pending order keeps them from other shoppers.
 * When one product has too few, the whole transaction is abandoned. Answers
 * whether a tracked count changed (then `stockChanged` must run after commit).
 */
export async function holdUnits(trx: Db, lines: { productId: number; quantity: number; title: string; stock: number | null }[]): Promise<boolean> {
  let changed = false;
  // A fixed order of rows keeps two checkouts of the same products from deadlocking on PostgreSQL.
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    const taken = await repo.takeUnits(trx, line.productId, line.quantity, line.stock !== null);
    if (!taken) throw notEnoughStock(line.title, (await repo.stockOf(trx, line.productId)) ?? 0);
    changed ||= taken === 'taken';
  }
  return changed;
}

/**
 * Product answers carry the stock and are cached (plugins/public-cache): after a
 * transaction that changed a tracked count commits, every node must read afresh.
 */
export async function stockChanged(db: Db, changed: boolean): Promise<void> {
  if (changed) await bumpPublicCacheVersion(db);
}

/**
 * Gives back the units of an order's lines that were not given back yet (all
 * lines, or only `only`: line id → units), inside the caller's transaction.
 * Safe to call again: a unit is returned at most once. Answers whether a
 * tracked count changed (then `stockChanged` must run after commit).
 */
export async function returnUnits(trx: Db, orderId: number, only?: Map<number, number>): Promise<boolean> {
  let changed = false;
  for (const line of await repo.linesOf(trx, orderId)) {
    const wanted = only ? (only.get(line.id) ?? 0) : line.quantity;
    const units = await repo.markRestocked(trx, line.id, wanted);
    if (units > 0 && line.product_id !== null) changed = (await repo.returnUnits(trx, line.product_id, units)) || changed;
  }
  return changed;
}

/** Products at or below the low-stock threshold, for the admin overview. */
export async function lowStock(db: Db, limit = 20) {
  const rows = await repo.listLowStock(db, LOW_STOCK_THRESHOLD, limit);
  return rows.map((r) => ({ id: r.id, title: r.title, stock: Number(r.stock) }));
}
