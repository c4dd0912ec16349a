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

const insertingInvoice = compiledOnce(
  (db, orderId: number, number: string, at: string, supplier: string, gstin: string | null, state: string, taxInvoice: number) =>
    db
      .insertInto('invoices')
      .values({ order_id: orderId, number, issued_at: at, supplier, supplier_gstin: gstin, supplier_state: state, tax_invoice: taxInvoice }),
);

export async function invoiceOf(db: Db, orderId: number) {
  const row = await db.selectFrom('invoices').select(['number', 'issued_at', 'supplier', 'tax_invoice']).where('order_id', '=', orderId).executeTakeFirst();
  return row && { ...row, tax_invoice: Number(row.tax_invoice) };
}

/**
 * An order with its invoice and its lines, in one statement (a receipt's PDF is made from them at
 * every paid order's mail; one row per line): undefined when there is no such order or it has no invoice.
 */
export async function invoicedOrder(db: Db, orderCode: string) {
  const { rows } = await invoicing(db, orderCode.toUpperCase());
  const first = rows[0];
  if (!first) return undefined;
  const { number, issued_at, supplier, tax_invoice } = first;
  return {
    order: {
      id: first.id,
      order_code: first.order_code,
      user_id: first.user_id,
      name: first.name,
      email: first.email,
      phone: first.phone,
      address: first.address,
      delivery_state: first.delivery_state,
      subtotal_paise: Number(first.subtotal_paise),
      discount_paise: Number(first.discount_paise),
      shipping_paise: Number(first.shipping_paise),
      cod_fee_paise: Number(first.cod_fee_paise),
      total_paise: Number(first.total_paise),
      coupon_code: first.coupon_code,
      paid_at: first.paid_at,
    },
    invoice: { number, issued_at, supplier, tax_invoice: Number(tax_invoice) },
    lines: rows.flatMap((r) =>
      r.line_id === null
        ? []
        : [
            {
              id: r.line_id,
              title: r.title!,
              quantity: r.quantity!,
              unit_price_paise: Number(r.unit_price_paise),
              hsn_code: r.hsn_code,
              gst_rate_bp: r.gst_rate_bp,
            },
          ],
    ),
  };
}

// Built once per database: every paid order's receipt reads it (issue 29).
const invoicing = compiledOnce((db, orderCode: string) =>
  db
    .selectFrom('orders')
    .innerJoin('invoices', 'invoices.order_id', 'orders.id')
    .leftJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.order_code',
      'orders.user_id',
      'orders.name',
      'orders.email',
      'orders.phone',
      'orders.address',
      'orders.delivery_state',
      'orders.subtotal_paise',
      'orders.discount_paise',
      'orders.shipping_paise',
      'orders.cod_fee_paise',
      'orders.total_paise',
      'orders.coupon_code',
      'orders.paid_at',
      'invoices.number',
      'invoices.issued_at',
      'invoices.supplier',
      'invoices.tax_invoice',
      'order_lines.id as line_id',
      'order_lines.title',
      'order_lines.quantity',
      'order_lines.unit_price_paise',
      'order_lines.hsn_code',
      'order_lines.gst_rate_bp',
    ])
    .where('orders.order_code', '=', orderCode)
    .orderBy('order_lines.id'),
);

export async function numbersOf(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom('invoices').select(['order_id', 'number']).where('order_id', 'in', orderIds).execute();
}

export async function insertCreditNote(
  db: Db,
  note: { refund_id: number | null; order_id: number; number: string; supplier: string; amount_paise?: number; reason?: string },
): Promise<void> {
  await db
    .insertInto('credit_notes')
    .values({ ...note, issued_at: new Date().toISOString() })
    .execute();
}

export async function creditNoteOfRefund(db: Db, refundId: number) {
  return db.selectFrom('credit_notes').select(['id', 'number']).where('refund_id', '=', refundId).executeTakeFirst();
}

/**
 * Credit notes in the order they were issued, with what each refund was: the amount and, for a refund
 * of lines, their ids. A note that cancels a COD invoice has no refund: its own amount and reason (decision 044).
 */
function notesWithRefunds(db: Db) {
  return db
    .selectFrom('credit_notes')
    .leftJoin('refunds', 'refunds.id', 'credit_notes.refund_id')
    .select([
      'credit_notes.id',
      'credit_notes.number',
      'credit_notes.issued_at',
      'refunds.lines',
      (eb) => eb.fn.coalesce('refunds.amount_paise', 'credit_notes.amount_paise').as('amount_paise'),
      (eb) => eb.fn.coalesce('refunds.reason', 'credit_notes.reason').as('reason'),
    ])
    .orderBy('credit_notes.id');
}

const readNote = <T extends { amount_paise: unknown; reason: string | null }>(r: T) => ({ ...r, amount_paise: Number(r.amount_paise), reason: r.reason ?? '' });

/** The credit notes of an order, with their refunds and the seller each was issued by. */
export async function creditNotesWithRefunds(db: Db, orderId: number) {
  const rows = await notesWithRefunds(db).select('credit_notes.supplier').where('credit_notes.order_id', '=', orderId).execute();
  return rows.map(readNote);
}

export async function creditNotesOf(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom('credit_notes').select(['id', 'order_id', 'number']).where('order_id', 'in', orderIds).orderBy('id').execute();
}

/** Ids lists go to the database in chunks (both databases cap the parameters of a statement). */
const CHUNK = 1000;
async function inChunks<T>(ids: number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

/**
 * Invoices and credit notes whose issued_at text sorts within [from, to) (ISO-8601 text; the
 * caller widens the bounds and checks each instant, as a database default may write another form).
 */
export async function documentsIssuedWithin(db: Db, from: string, to: string) {
  const [invoices, notes] = await Promise.all([
    db.selectFrom('invoices').select(['order_id', 'number', 'issued_at']).where('issued_at', '>=', from).where('issued_at', '<', to).orderBy('id').execute(),
    db
      .selectFrom('credit_notes')
      .select(['id', 'order_id', 'number', 'issued_at'])
      .where('issued_at', '>=', from)
      .where('issued_at', '<', to)
      .orderBy('id')
      .execute(),
  ]);
  return { invoices, notes };
}

/** What the invoices of these orders are computed from: the orders, their invoices, lines and credit notes with their refunds. */
export async function invoicedOrders(db: Db, orderIds: number[]) {
  const [orders, invoices, lines, notes] = await Promise.all([
    inChunks(orderIds, (ids) =>
      db
        .selectFrom('orders')
        .select(['id', 'order_code', 'name', 'delivery_state', 'discount_paise', 'shipping_paise', 'cod_fee_paise', 'total_paise'])
        .where('id', 'in', ids)
        .execute(),
    ),
    inChunks(orderIds, (ids) =>
      db.selectFrom('invoices').select(['order_id', 'number', 'issued_at', 'supplier_state', 'tax_invoice']).where('order_id', 'in', ids).execute(),
    ),
    inChunks(orderIds, (ids) =>
      db
        .selectFrom('order_lines')
        .select(['id', 'order_id', 'title', 'quantity', 'unit_price_paise', 'hsn_code', 'gst_rate_bp'])
        .where('order_id', 'in', ids)
        .orderBy('id')
        .execute(),
    ),
    inChunks(orderIds, (ids) => notesWithRefunds(db).select('credit_notes.order_id').where('credit_notes.order_id', 'in', ids).execute()),
  ]);
  return {
    orders: orders.map((o) => ({
      ...o,
      discount_paise: Number(o.discount_paise),
      shipping_paise: Number(o.shipping_paise),
      cod_fee_paise: Number(o.cod_fee_paise),
      total_paise: Number(o.total_paise),
    })),
    invoices: invoices.map((i) => ({ ...i, tax_invoice: Number(i.tax_invoice) })),
    lines: lines.map((l) => ({ ...l, unit_price_paise: Number(l.unit_price_paise) })),
    notes: notes.map(readNote),
  };
}
