import type { Db } from '../../db/database';
import * as repo from './returns.repository';

/**
 * The returns module's answer to an admin's refund of whole lines (refunds.service): every unit of
 * those lines leaves the shopper's returnable count in the refund's transaction, so that goods are
 * never refunded twice (once as lines, once as a return). False, and nothing taken that the
 * transaction will keep, when a line has units in a return already. A file of its own because
 * returns.service imports refunds.service.
 */
export async function holdWholeLines(trx: Db, orderId: number, lineIds: readonly number[]): Promise<boolean> {
  // A fixed order of rows keeps two requests for the same lines from deadlocking on PostgreSQL.
  for (const id of [...lineIds].sort((a, b) => a - b)) {
    if (!(await repo.holdWholeLine(trx, orderId, id))) return false;
  }
  return true;
}
