import type { Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';
import { addColumns, createKeyedTable, notNullDefault } from '../columns';

/**
 * GST tax invoices: each product's HSN/SAC code and GST rate (in basis points,
 * 1800 = 18 %), copied onto order lines when ordered (an invoice shows what was
 * sold); the delivery state of an order (place of supply); one gapless counter
 * per invoice series and financial year; one invoice per paid order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'products', [
    ['hsn_code', 'text', notNullDefault('9023')],
    ['gst_rate_bp', 'integer', notNullDefault(1800)],
  ]);
  await addColumns(db, 'order_lines', [
    ['hsn_code', 'text'],
    ['gst_rate_bp', 'integer'],
  ]);
  await db.schema.alterTable('orders').addColumn('delivery_state', 'text').execute();
  await createKeyedTable(db, 'invoice_counters', 'series')
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('invoices'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('issued_at', 'text', timestampColumn)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('023-invoices cannot be reverted');
}
