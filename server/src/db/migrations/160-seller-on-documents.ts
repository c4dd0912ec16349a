import type { Kysely } from 'kysely';
import { addColumns, notNullDefault } from '../columns';

/**
 * Invoices and credit notes keep the seller they were issued by (decision 049): the shop's details
 * change in the dashboard, a document issued keeps its own. `supplier` is the JSON of the seller's
 * details; `supplier_gstin` and `supplier_state` are copied out of it for the GST reports;
 * `tax_invoice` is 1 for a tax invoice (GST charged and shown) and 0 for the plain invoice of a shop
 * without a GSTIN. Documents issued before this have no snapshot (the details in force are shown)
 * and were tax invoices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'invoices', [
    ['supplier', 'text'],
    ['supplier_gstin', 'text'],
    ['supplier_state', 'text'],
    ['tax_invoice', 'integer', notNullDefault(1)],
  ]);
  await db.schema.alterTable('credit_notes').addColumn('supplier', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['supplier', 'supplier_gstin', 'supplier_state', 'tax_invoice']) await db.schema.alterTable('invoices').dropColumn(column).execute();
  await db.schema.alterTable('credit_notes').dropColumn('supplier').execute();
}
