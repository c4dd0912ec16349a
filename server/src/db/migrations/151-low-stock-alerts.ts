import type { Kysely } from 'kysely';
import { addColumns, notNullDefault } from '../columns';

/**
 * Low-stock alerts (decision 047): each product's threshold (at or below it the shop is told) and
 * whether the shop was told of its current crossing (set in the transaction that takes the stock to
 * the threshold, cleared when the stock goes back above it), so one crossing mails once however many
 * sales race for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'products', [
    ['low_stock_threshold', 'integer', notNullDefault(5)],
    ['low_stock_alerted', 'integer', notNullDefault(0)],
  ]);
}

export async function down(): Promise<void> {
  throw new Error('151-low-stock-alerts cannot be reverted');
}
