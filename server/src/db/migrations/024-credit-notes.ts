import type { Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';
import { dropTables } from '../columns';

/**
 * GST credit notes: one for each processed refund of an invoiced order, in a
 * gapless series of its own per financial year (the counter lives in
 * invoice_counters under its own series name).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('credit_notes'))
    .addColumn('refund_id', 'integer', (c) => c.notNull().unique().references('refunds.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('issued_at', 'text', timestampColumn)
    .execute();
  await db.schema.createIndex('credit_notes_order_idx').on('credit_notes').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['credit_notes']);
}
