import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { LOW_STOCK_THRESHOLD, stockMessages } from '@shared/stock';
import { AppError } from '../../errors';
import { lowStockMail } from '../mail/mail.templates';
import type { Mailer } from '../mail/mailer';
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
export async function holdUnits(trx: Db, lines: { productId: number; quantity: number; title: string; stock: number | null }[], alerts?: LowStockAlerts): Promise<boolean> {
  const taken: number[] = [];
  // A fixed order of rows keeps two checkouts of the same products from deadlocking on PostgreSQL.
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    const outcome = await repo.takeUnits(trx, line.productId, line.quantity, line.stock !== null);
    if (!outcome) throw notEnoughStock(line.title, (await repo.stockOf(trx, line.productId)) ?? 0);
    if (outcome === 'taken') taken.push(line.productId);
  }
  if (alerts) await checkLowStock(trx, alerts, taken);
  return taken.length > 0;
}

/** What a low-stock alert needs: the mailer (its outbox) and where the shop reads its mail. */
export interface LowStockAlerts {
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'public' | 'mail'>;
}

/** The most products one alert lists. */
const ALERT_LIST_MAX = 50;

/**
 * Low-stock alerts (decision 047). Call it inside the transaction that changed these products'
 * stock (a sale, an admin's edit, a variant or kit part when they come): products back above their
 * threshold may alert again; products that just fell to or below it are marked in the same
 * transaction and the shop is mailed once, through the outbox, with everything that is low now.
 * The row lock of the stock change orders concurrent sales, so one crossing sends one mail.
 * Answers whether a mail was queued (then `mailer.deliverSoon()` after commit, or let the job send it).
 */
export async function checkLowStock(trx: Db, alerts: LowStockAlerts, productIds: number[]): Promise<boolean> {
  if (productIds.length === 0) return false;
  await repo.rearmLowStock(trx, productIds);
  const crossed = await repo.markLowStockCrossed(trx, productIds);
  if (crossed.length === 0) return false;
  const low = await repo.listBelowThreshold(trx, ALERT_LIST_MAX);
  const { config } = alerts;
  await alerts.mailer.queue(trx, [
    {
      to: config.mail.shopEmail,
      kind: 'low-stock',
      ...lowStockMail(
        config.public.shopName,
        crossed.map((c) => ({ title: c.title, stock: Number(c.stock) })),
        low.map((l) => ({ title: l.title, stock: Number(l.stock), threshold: Number(l.low_stock_threshold) })),
        `${config.publicUrl}/admin`,
      ),
    },
  ]);
  return true;
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
  const restocked: number[] = [];
  for (const line of await repo.linesOf(trx, orderId)) {
    const wanted = only ? (only.get(line.id) ?? 0) : line.quantity;
    const units = await repo.markRestocked(trx, line.id, wanted);
    if (units > 0 && line.product_id !== null && (await repo.returnUnits(trx, line.product_id, units))) {
      changed = true;
      restocked.push(line.product_id);
    }
  }
  // Back above the threshold: the next fall to it alerts again (decision 047).
  await repo.rearmLowStock(trx, restocked);
  return changed;
}

/** Products at or below the low-stock threshold, for the admin overview. */
export async function lowStock(db: Db, limit = 20) {
  const rows = await repo.listLowStock(db, LOW_STOCK_THRESHOLD, limit);
  return rows.map((r) => ({ id: r.id, title: r.title, stock: Number(r.stock) }));
}
