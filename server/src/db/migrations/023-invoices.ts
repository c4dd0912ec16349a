import type { Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';

/**
 * GST tax invoices: each product's HSN/SAC code and GST rate (in basis points,
 * 1800 = 18 %), copied onto order lines when ordered (an invoice shows what was
 * sold); the delivery state of an order (place of supply); one gapless counter
 * per invoice series and financial year; one invoice per paid order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('hsn_code', 'text', (c) => c.notNull().defaultTo('9023'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('gst_rate_bp', 'integer', (c) => c.notNull().defaultTo(1800))
    .execute();
  await db.schema.alterTable('order_lines').addColumn('hsn_code', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('gst_rate_bp', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('delivery_state', 'text').execute();
  await db.schema
    .createTable('invoice_counters')
    .addColumn('series', 'text', (c) => c.primaryKey())
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
