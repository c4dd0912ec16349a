import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { rowsByParent } from '../../db/rows';
import { LOW_STOCK_THRESHOLD, stockMessages } from '@shared/stock';
import { variantLabel } from '@shared/variants.schemas';
import { AppError } from '../../errors';
import { lowStockMail } from '../mail/mail.templates';
import type { Mailer } from '../mail/mailer';
import { bumpPublicCacheVersion } from '../../plugins/public-cache';
import * as repo from './stock.repository';

export function notEnoughStock(title: string, units: number): AppError {
  return new AppError('insufficient_stock', 409, stockMessages.notEnough(title, units));
}

/** A line of a new order as the stock sees it: a product, one of its variants, or a kit of parts. */
interface StockLine {
  productId: number;
  variantId?: number | null;
  quantity: number;
  title: string;
  stock: number | null;
  /** a kit: the units of each part in one kit (decision 045) */
  parts?: { productId: number; variantId?: number | null; quantity: number }[];
}

interface Take {
  productId: number;
  variantId: number | null;
  units: number;
  /** whether it was tracked when priced (an untracked one is looked at before writing) */
  tracked: boolean;
  /** the line to name when there are too few, and how many of its units one take is */
  title: string;
  perUnit: number;
}

/** The units each product or variant must give, summed over the lines (two lines sharing a kit part take it once, in full). */
function takesOf(lines: StockLine[]): Take[] {
  const takes = new Map<string, Take>();
  const add = (productId: number, variantId: number | null, units: number, tracked: boolean, title: string, perUnit: number) => {
    const key = variantId !== null ? `v${variantId}` : `p${productId}`;
    const t = takes.get(key);
    if (t) {
      t.units += units;
      t.tracked ||= tracked;
    } else takes.set(key, { productId, variantId, units, tracked, title, perUnit });
  };
  for (const line of lines) {
    if (line.parts && line.parts.length > 0) {
      for (const p of line.parts) add(p.productId, p.variantId ?? null, p.quantity * line.quantity, true, line.title, p.quantity);
    } else add(line.productId, line.variantId ?? null, line.quantity, line.stock !== null, line.title, 1);
  }
  return inLockOrder([...takes.values()]);
}

/**
 * Stock rows in the one order every transaction writes them in: products by id, then variants by
 * id. Two checkouts, or a checkout and a cancellation giving units back, that lock the same rows in
 * different orders deadlock on PostgreSQL, which then fails one of them (decision 110).
 */
function inLockOrder<T extends { productId: number; variantId: number | null }>(rows: T[]): T[] {
  return rows.sort((a, b) => (a.variantId === null ? 0 : 1) - (b.variantId === null ? 0 : 1) || (a.variantId ?? a.productId) - (b.variantId ?? b.productId));
}

/**
 * Holds the units of a new order (inside its transaction): each tracked product
 * or variant loses the units at once, and a kit loses its parts' units, so a
 * pending order keeps them from other shoppers. When one has too few, the whole
 * transaction is abandoned. Answers whether a tracked count changed (then
 * `stockChanged` must run after commit). `stockNow`: products' stock as a statement of
 * this transaction just read it (the order lines' insert, decision 097); a product priced
 * untracked and still untracked there is not read again.
 */
export async function holdUnits(trx: Db, lines: StockLine[], alerts?: LowStockAlerts, stockNow?: Map<number, number | null | undefined>): Promise<boolean> {
  let changed = false;
  // Products (not variants) whose tracked count fell and whose low-stock mark must change (decision 047).
  const takenProducts: number[] = [];
  for (const take of takesOf(lines)) {
    const taken =
      take.variantId !== null
        ? await repo.takeVariantUnits(trx, take.variantId, take.units)
        : await repo.takeUnits(trx, take.productId, take.units, take.tracked, stockNow);
    if (!taken) {
      const left = (take.variantId !== null ? await repo.variantStockOf(trx, take.variantId) : await repo.stockOf(trx, take.productId)) ?? 0;
      throw notEnoughStock(take.title, Math.floor(left / take.perUnit));
    }
    if (taken === 'taken') {
      changed = true;
    } else if (taken !== 'untracked') {
      changed = true;
      // The take locked the row and answered its mark: a mark that is right as it is needs no statement (decision 097).
      if (taken.markChanges) takenProducts.push(take.productId);
    }
  }
  if (alerts) await checkLowStock(trx, alerts, takenProducts);
  return changed;
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
  const crossed = (await repo.settleLowStockMarks(trx, productIds)).filter((r) => r.crossed);
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
  const lines = await repo.linesOf(trx, orderId);
  const partsOf = rowsByParent(
    await repo.partsOfLines(
      trx,
      lines.map((l) => l.id),
    ),
    'order_line_id',
  );
  // The units each product or variant gets back, summed over the lines, written in lock order (as `holdUnits` takes them).
  const backs = new Map<string, { productId: number; variantId: number | null; units: number }>();
  const back = (productId: number, variantId: number | null, units: number) => {
    const key = variantId !== null ? `v${variantId}` : `p${productId}`;
    const b = backs.get(key);
    if (b) b.units += units;
    else backs.set(key, { productId, variantId, units });
  };
  for (const line of lines) {
    const wanted = only ? (only.get(line.id) ?? 0) : line.quantity;
    const units = await repo.markRestocked(trx, line.id, wanted);
    if (units <= 0) continue;
    const kitParts = partsOf(line.id);
    // A kit gives back the parts it took, as they were when ordered (decision 045).
    for (const p of kitParts) back(p.product_id, p.variant_id, p.quantity * units);
    if (kitParts.length === 0 && line.product_id !== null) back(line.product_id, line.variant_id, units);
  }
  for (const b of inLockOrder([...backs.values()])) {
    if (!(await giveBack(trx, b.productId, b.variantId, b.units))) continue;
    changed = true;
    if (b.variantId === null) restocked.push(b.productId);
  }
  // Back above the threshold: the next fall to it alerts again (decision 047).
  await repo.rearmLowStock(trx, restocked);
  return changed;
}

function giveBack(trx: Db, productId: number, variantId: number | null, units: number): Promise<boolean> {
  return variantId !== null ? repo.returnVariantUnits(trx, variantId, units) : repo.returnUnits(trx, productId, units);
}

/**
 * Products and variants at or below the low-stock threshold, fewest first, for the admin overview:
 * a variant as "Product (Option: value)" with its product's id (a product with variants is listed
 * by its variants, not its own row, which is not sold).
 */
export async function lowStock(db: Db, limit = 20) {
  const [products, variants] = await Promise.all([
    repo.listLowStock(db, LOW_STOCK_THRESHOLD, limit),
    repo.listLowStockVariants(db, LOW_STOCK_THRESHOLD, limit),
  ]);
  const label = (json: string) => {
    try {
      return variantLabel(JSON.parse(json) as Record<string, string>);
    } catch {
      return '';
    }
  };
  return [
    ...products.map((r) => ({ id: r.id, title: r.title, stock: Number(r.stock) })),
    ...variants.map((r) => ({ id: r.id, title: `${r.title} (${label(r.options_json)})`, stock: Number(r.stock) })),
  ]
    .sort((a, b) => a.stock - b.stock)
    .slice(0, limit);
}
