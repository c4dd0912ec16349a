import type { Db } from '../../db/database';
import * as refunds from '../refunds/refunds.service';
import * as repo from './orders.repository';

/**
 * The orders of the original shop, written by the legacy importer through the orders module
 * (decisions 019 and 055). The importer checks and converts each row; this writes it.
 */
export type { ImportedLine, ImportedOrder } from './orders.repository';

/**
 * Writes an imported order with its lines, and the payment that paid it (unless it was canceled),
 * so that cancelling it here refunds it like any other.
 */
export async function addImportedOrder(trx: Db, order: repo.ImportedOrder, lines: repo.ImportedLine[]): Promise<number> {
  const id = await repo.insertImportedOrder(trx, order, lines);
  if (order.provider_payment_id && order.status !== 'canceled') await refunds.recordPlacingPayment(trx, id, order.provider_payment_id, order.total_paise);
  return id;
}

/** Brings an imported order up to date with the original (the user it belongs to here is kept). */
export function updateImportedOrder(trx: Db, id: number, order: Omit<repo.ImportedOrder, 'user_id'>, lines: repo.ImportedLine[]): Promise<void> {
  return repo.updateImportedOrder(trx, id, order, lines);
}

/** Orders imported for an address that now has a verified account here become that account's. */
export function claimImportedOrders(db: Db, fromOwner: string, userId: string): Promise<number> {
  return repo.moveOrdersToUser(db, fromOwner, userId);
}
