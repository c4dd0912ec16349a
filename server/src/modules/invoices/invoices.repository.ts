import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';

export async function taxInfo(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db.selectFrom('products').select(['id', 'hsn_code', 'gst_rate_bp']).where('id', 'in', productIds).execute();
}

/**
 * The next number of a series, inside the caller's transaction: the counter row
 * is locked until the transaction ends, so numbers are consecutive and none is
 * lost (a transaction that rolls back gives its number back with it).
 */
export async function nextInSeries(db: Db, series: string): Promise<number> {
  return Number((await counting(db, series)).rows[0]!.last);
}

// One statement: the first number of a series creates its row, later ones count on (the row stays locked until commit).
const counting = compiledOnce((db, series: string) =>
  db
    .insertInto('invoice_counters')
    .values({ series, last: 1 })
    .onConflict((oc) => oc.column('series').doUpdateSet({ last: sql`invoice_counters.last + 1` }))
    .returning('last'),
);

/** The seller as issued, kept on the document (decision 049): its JSON, and the GSTIN and state copied out for reports. */
export interface SupplierSnapshot {
  json: string;
  gstin: string | null;
  state: string;
}

export async function insertInvoice(db: Db, orderId: number, number: string, supplier: SupplierSnapshot): Promise<void> {
  // ISO-8601 written here, so the date reads the same on both databases.
  await insertingInvoice(db, orderId, number, new Date().toISOString(), supplier.json, supplier.gstin, supplier.state, supplier.gstin ? 1 : 0);
}

const insertingInvoice = compiledOnce((db, orderId: number, number: string, at: string, supplier: string, gstin: string | null, state: string, taxInvoice: number) =>
  db.insertInto('invoices').values({ order_id: orderId, number, issued_at: at, supplier, supplier_gstin: gstin, supplier_state: state, tax_invoice: taxInvoice }),
);

export async function invoiceOf(db: Db, orderId: number) {
  const row = await db.selectFrom('invoices').select(['number', 'issued_at', 'supplier', 'tax_invoice']).where('order_id', '=', orderId).executeTakeFirst();
  return row && { ...row, tax_invoice: Number(row.tax_invoice) };
}

export async function orderForInvoice(db: Db, orderCode: string) {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'order_code', 'user_id', 'name', 'email', 'phone', 'address', 'delivery_state', 'subtotal_paise', 'discount_paise', 'shipping_paise', 'total_paise', 'coupon_code', 'paid_at'])
    .where('order_code', '=', orderCode.toUpperCase())
    .executeTakeFirst();
  return (
    row && { ...row, subtotal_paise: Number(row.subtotal_paise), discount_paise: Number(row.discount_paise), shipping_paise: Number(row.shipping_paise), total_paise: Number(row.total_paise) }
  );
}

export async function linesForInvoice(db: Db, orderId: number) {
  const rows = await db
    .selectFrom('order_lines')
    .select(['id', 'title', 'quantity', 'unit_price_paise', 'hsn_code', 'gst_rate_bp'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, unit_price_paise: Number(r.unit_price_paise) }));
}

export async function numbersOf(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom('invoices').select(['order_id', 'number']).where('order_id', 'in', orderIds).execute();
}

export async function insertCreditNote(db: Db, note: { refund_id: number; order_id: number; number: string; supplier: string }): Promise<void> {
  await db.insertInto('credit_notes').values({ ...note, issued_at: new Date().toISOString() }).execute();
}

export async function creditNoteOfRefund(db: Db, refundId: number) {
  return db.selectFrom('credit_notes').select(['id', 'number']).where('refund_id', '=', refundId).executeTakeFirst();
}

/** The credit notes of an order in the order they were issued, with what each refund was: the amount and, for a refund of lines, their ids. */
export async function creditNotesWithRefunds(db: Db, orderId: number) {
  const rows = await db
    .selectFrom('credit_notes')
    .innerJoin('refunds', 'refunds.id', 'credit_notes.refund_id')
    .select(['credit_notes.id', 'credit_notes.number', 'credit_notes.issued_at', 'credit_notes.supplier', 'refunds.amount_paise', 'refunds.lines', 'refunds.reason'])
    .where('credit_notes.order_id', '=', orderId)
    .orderBy('credit_notes.id')
    .execute();
  return rows.map((r) => ({ ...r, amount_paise: Number(r.amount_paise) }));
}

export async function creditNotesOf(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom('credit_notes').select(['id', 'order_id', 'number']).where('order_id', 'in', orderIds).orderBy('id').execute();
}
