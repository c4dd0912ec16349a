import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { creditNoteNumber, creditNotesLines, financialYear, invoiceNumber, invoiceTotals, stateCode, type InvoiceLine } from '@shared/gst';
import { istDayOfStored, storedInstant } from '@shared/gst-returns.schemas';
import { notFound } from '../../errors';
import type { AttachmentRef } from '../mail/mailer';
import { issuerDetails, sellerDetails, type SellerDetails } from '../settings/settings.service';
import { keyFromPublicPath, type FileStorage } from '../../storage/storage';
import { invoicePdf } from './invoice-pdf';
import { computeInvoice, refundsOf, unitsTakenBack, untaxed } from './invoice-amounts';
import * as repo from './invoices.repository';
import { RecentlyUsed } from '../../plugins/recently-used';

/** The invoice numbers of orders (order id → number). */
export async function numbersOf(db: Db, orderIds: number[]): Promise<Map<number, string>> {
  return new Map((await repo.numbersOf(db, orderIds)).map((r) => [r.order_id, r.number]));
}

/** HSN code and GST rate of each product, to copy onto order lines when ordered. */
export async function taxInfoOf(db: Db, productIds: number[]): Promise<Map<number, { hsn: string; rateBp: number }>> {
  const rows = await repo.taxInfo(db, productIds);
  return new Map(rows.map((r) => [r.id, { hsn: r.hsn_code, rateBp: Number(r.gst_rate_bp) }]));
}

/**
 * Gives a newly paid order its invoice number, inside the transaction that
 * places it: numbers run without gaps within a financial year and a series,
 * however many payments complete at once (the counter row is locked until the
 * transaction commits, or given back if it rolls back).
 */
export async function issueIn(trx: Db, config: Config, orderId: number, paidAt: Date = new Date()): Promise<string> {
  const { seller, prefix } = await issuerDetails(trx, config);
  const fy = financialYear(paidAt);
  const seq = await repo.nextInSeries(trx, `${prefix}/${fy}`);
  const number = invoiceNumber(prefix, fy, seq);
  // The seller as it is now stays on the invoice: later changes of the settings apply to new documents only.
  await repo.insertInvoice(trx, orderId, number, { json: JSON.stringify(seller), gstin: seller.gstin, state: seller.state });
  return number;
}

/** A document's seller: its snapshot, or (a document issued before snapshots were kept) the details in force. */
async function sellerOf(db: Db, config: Config, snapshot: string | null): Promise<SellerDetails> {
  if (snapshot) {
    try {
      return JSON.parse(snapshot) as SellerDetails;
    } catch {
      // fall through: the details in force
    }
  }
  return sellerDetails(db, config);
}

/** Logos as documents draw them, per storage key (a stored image's key names its bytes for good). */
const drawnLogos = new RecentlyUsed<string, Promise<Buffer | null>>(4, Infinity, () => 0);

/**
 * The logo's image for a PDF, or null: no logo, or storage unreachable (the document is made without
 * it). Read once per key and kept (a receipt's PDF is made at every paid order: a storage read
 * each, a network request on S3); one that could not be read is asked again next time.
 */
async function logoBytes(storage: FileStorage | undefined, logo: string | null): Promise<Buffer | null> {
  const key = logo ? keyFromPublicPath(logo) : null;
  if (!storage || !key) return null;
  const kept = drawnLogos.get(key);
  if (kept) return kept;
  const reading = readLogo(storage, key);
  drawnLogos.set(key, reading);
  void reading.then((bytes) => {
    if (!bytes && drawnLogos.peek(key) === reading) drawnLogos.delete(key);
  });
  return reading;
}

async function readLogo(storage: FileStorage, key: string): Promise<Buffer | null> {
  try {
    const file = await storage.get(key);
    return file ? await onWhite(Buffer.concat(await file.body.toArray())) : null;
  } catch {
    return null;
  }
}

/**
 * A PNG logo with an alpha channel laid on white, as it shows on the page: pdfkit decodes such a
 * PNG, splits off its alpha and compresses both again in every document (a 300 × 150 logo took 2.2
 * ms of the invoice's 2.6; decision 115), while an opaque one's compressed data goes in as it is.
 * Anything else (JPEG, an opaque PNG, what sharp cannot read) is left to pdfkit as it is.
 */
async function onWhite(bytes: Buffer): Promise<Buffer> {
  try {
    const { default: sharp } = await import('sharp');
    const meta = await sharp(bytes).metadata();
    if (meta.format !== 'png' || !meta.hasAlpha) return bytes;
    return await sharp(bytes).flatten({ background: '#ffffff' }).png().toBuffer();
  } catch {
    return bytes;
  }
}

/**
 * A shop starting without a GSTIN issues plain invoices with no GST (decision 049): the start-up log
 * says so, for an owner who meant to be registered.
 */
export async function warnIfNotRegistered(db: Db, config: Config, log: { warn: (msg: string) => void }): Promise<void> {
  if ((await sellerDetails(db, config)).gstin) return;
  log.warn(
    'no GSTIN is set (dashboard: Shop settings, or SHOP_GSTIN): paid orders get plain invoices with no GST charged or shown, not tax invoices; set the GSTIN once the shop is registered under GST',
  );
}

/** The date printed on a document: the day in India it was issued (23:30 IST on the 31st is the 31st). */
const documentDay = istDayOfStored;

/** What an invoice and its credit notes are computed from: the order, its lines and the place of supply. */
async function invoiced(db: Db, config: Config, orderCode: string, ownerId: string | null, missing: string) {
  const found = await repo.invoicedOrder(db, orderCode);
  if (!found || (ownerId !== null && found.order.user_id !== ownerId)) throw notFound(missing, 'invoice_not_found');
  const { order, invoice, lines: stored } = found;
  // The seller the invoice was issued by: its state decides CGST + SGST or IGST.
  const seller = await sellerOf(db, config, invoice.supplier);
  const { deliveryState, intraState, lines, describe } = computeInvoice(order, stored, seller.state);
  const parties = {
    taxInvoice: invoice.tax_invoice === 1,
    supplier: supplierOf(seller),
    buyer: { name: order.name, address: order.address, phone: order.phone, email: order.email },
    placeOfSupply: { state: deliveryState, code: stateCode(deliveryState) },
    orderCode: order.order_code,
    intraState,
  };
  return { order, invoice, seller, stored, lines, describe, parties };
}

const supplierOf = (s: SellerDetails) => ({
  legalName: s.legalName,
  address: s.address,
  state: s.state,
  stateCode: s.stateCode ?? stateCode(s.state),
  gstin: s.gstin,
  phone: s.phone ?? '',
  email: s.email ?? '',
});

/** The invoice of a paid order as a PDF; 404 when it has none or (for a shopper) is someone else's. */
export async function invoicePdfOf(
  db: Db,
  config: Config,
  orderCode: string,
  ownerId: string | null,
  storage?: FileStorage,
): Promise<{ number: string; pdf: Buffer }> {
  const { order, invoice, seller, lines, describe, parties } = await invoiced(db, config, orderCode, ownerId, 'Invoice not found');
  const pdf = await invoicePdf({
    ...parties,
    logo: await logoBytes(storage, seller.logo),
    kind: 'invoice',
    number: invoice.number,
    date: documentDay(invoice.issued_at),
    couponCode: order.coupon_code,
    lines: lines.map((l, i) => ({ ...l, ...describe(i) })),
    totals: invoiceTotals(lines),
  });
  return { number: invoice.number, pdf };
}

/** The invoice (numbered `number`) of a paid order as a mail attachment: a reference, its PDF made when the mail is sent. */
export function invoiceAttachment(orderCode: string, number: string): AttachmentRef {
  return { kind: 'invoice', orderCode, filename: pdfFileName('invoice', number) };
}

/** The credit note of a processed refund as a mail attachment, like the invoice's (above); none when it has no credit note. */
export async function creditNoteAttachment(db: Db, refundId: number, orderCode: string): Promise<AttachmentRef | null> {
  const note = await repo.creditNoteOfRefund(db, refundId);
  return note ? { kind: 'credit-note', orderCode, creditNoteId: note.id, filename: pdfFileName('credit-note', note.number) } : null;
}

/** The PDF of an invoice or credit note attached to a mail, made when the mail is sent. */
export async function attachmentPdf(
  db: Db,
  config: Config,
  ref: Extract<AttachmentRef, { kind: 'invoice' | 'credit-note' }>,
  storage?: FileStorage,
): Promise<Buffer> {
  const made =
    ref.kind === 'invoice'
      ? await invoicePdfOf(db, config, ref.orderCode, null, storage)
      : await creditNotePdfOf(db, config, ref.orderCode, ref.creditNoteId, null, storage);
  return made.pdf;
}

/** The file name of an invoice's or credit note's PDF, mailed or downloaded: its number (RK/25-26/000001) with dashes for slashes. */
export const pdfFileName = (kind: 'invoice' | 'credit-note', number: string) => `${kind}-${number.replace(/\//g, '-')}.pdf`;

/**
 * Gives a refund that has just been processed its GST credit note, inside the
 * transaction that marks it processed: one per refund, numbered without gaps
 * in the credit-note series of the financial year. Orders without an invoice
 * (a late payment refunded before the order was placed) get none.
 */
export async function issueCreditNoteIn(trx: Db, config: Config, refund: { id: number; order_id: number }, at: Date = new Date()): Promise<string | null> {
  if (!(await repo.invoiceOf(trx, refund.order_id))) return null;
  const existing = await repo.creditNoteOfRefund(trx, refund.id);
  if (existing) return existing.number;
  return insertCreditNoteIn(trx, config, at, { refund_id: refund.id, order_id: refund.order_id });
}

/** Numbers a credit note in the financial year's series and stores it with the seller's details in force. */
async function insertCreditNoteIn(
  trx: Db,
  config: Config,
  at: Date,
  note: { refund_id: number | null; order_id: number; amount_paise?: number; reason?: string },
): Promise<string> {
  const { seller, prefix } = await issuerDetails(trx, config);
  const fy = financialYear(at);
  const seq = await repo.nextInSeries(trx, `${prefix}C/${fy}`);
  const number = creditNoteNumber(prefix, fy, seq);
  await repo.insertCreditNote(trx, { ...note, number, supplier: JSON.stringify(seller) });
  return number;
}

/**
 * A credit note that cancels what is left of an order's invoice without a refund (a COD order
 * canceled or returned to origin after it was invoiced at dispatch, before any cash was paid),
 * inside the transaction that cancels it. None when the order has no invoice (canceled before
 * dispatch: nothing was invoiced).
 */
export async function issueCancellingNoteIn(
  trx: Db,
  config: Config,
  order: { id: number; totalPaise: number; reason: string },
  at: Date = new Date(),
): Promise<string | null> {
  if (!(await repo.invoiceOf(trx, order.id))) return null;
  return insertCreditNoteIn(trx, config, at, { refund_id: null, order_id: order.id, amount_paise: order.totalPaise, reason: order.reason });
}

/** Whether an order has its invoice. */
export async function hasInvoice(db: Db, orderId: number): Promise<boolean> {
  return (await repo.invoiceOf(db, orderId)) !== undefined;
}

/** The credit notes of orders (order id → their ids and numbers, oldest first). */
export async function creditNotesOf(db: Db, orderIds: number[]): Promise<Map<number, { id: number; number: string }[]>> {
  const notes = new Map<number, { id: number; number: string }[]>();
  for (const n of await repo.creditNotesOf(db, orderIds)) notes.set(n.order_id, [...(notes.get(n.order_id) ?? []), { id: n.id, number: n.number }]);
  return notes;
}

/** A credit note as a PDF: the refund shared out over the lines it is for, with their tax. */
export async function creditNotePdfOf(
  db: Db,
  config: Config,
  orderCode: string,
  creditNoteId: number,
  ownerId: string | null,
  storage?: FileStorage,
): Promise<{ number: string; pdf: Buffer }> {
  const { order, invoice, seller: invoiceSeller, stored, lines, describe, parties } = await invoiced(db, config, orderCode, ownerId, 'Credit note not found');
  const notes = await repo.creditNotesWithRefunds(db, order.id);
  const at = notes.findIndex((n) => n.id === creditNoteId);
  const note = notes[at];
  if (!note) throw notFound('Credit note not found', 'credit_note_not_found');
  // Every earlier credit note of the order counts: a line is never credited twice.
  const refunds = refundsOf(notes.slice(0, at + 1), stored);
  const credited = creditNotesLines(lines, refunds, parties.intraState)[at]!;
  // The seller as the credit note was issued; its tax follows the invoice's (no GST credited on a plain invoice).
  const seller = note.supplier ? await sellerOf(db, config, note.supplier) : invoiceSeller;
  const pdf = await invoicePdf({
    ...parties,
    supplier: { ...supplierOf(seller), gstin: seller.gstin ?? invoiceSeller.gstin },
    logo: await logoBytes(storage, seller.logo),
    kind: 'credit-note',
    number: note.number,
    date: documentDay(note.issued_at),
    against: { number: invoice.number, date: documentDay(invoice.issued_at) },
    reason: note.reason,
    couponCode: null,
    lines: credited.map((l) => ({ ...l, ...describe(l.index) })),
    totals: invoiceTotals(credited),
  });
  return { number: note.number, pdf };
}

/** A line of an invoice or credit note as the GST returns read it. */
export interface TaxDocumentLine {
  hsn: string;
  title: string;
  rateBp: number;
  /** units supplied (an invoice) or taken back (a credit note that credits what was left of a line); 0 for shipping */
  units: number;
  shipping: boolean;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** An invoice or credit note as the GST returns read it: its amounts are positive, as printed. */
export interface TaxDocument {
  kind: 'invoice' | 'credit-note';
  number: string;
  /** the day in India it was issued (YYYY-MM-DD) */
  day: string;
  orderCode: string;
  buyer: string;
  placeOfSupply: { state: string; code: string | null };
  intraState: boolean;
  /** the invoice (for a credit note, the one it reduces): its number, day and value */
  invoice: { number: string; day: string; totalPaise: number };
  lines: TaxDocumentLine[];
}

/**
 * The invoices and credit notes issued from `from` (inclusive) to `to` (exclusive), with the same
 * lines and amounts as their PDFs (the same computation): invoices first, then credit notes, each
 * in the order they were numbered.
 */
export async function taxDocumentsIssued(db: Db, config: Config, from: Date, to: Date): Promise<TaxDocument[]> {
  // The text bounds are a day wider (a database default may write another form); each instant is checked here.
  const dayAround = (at: Date, days: number) => new Date(at.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const within = (text: string) => {
    const t = storedInstant(text).getTime();
    return t >= from.getTime() && t < to.getTime();
  };
  const found = await repo.documentsIssuedWithin(db, dayAround(from, -1), dayAround(to, 1));
  const invoices = found.invoices.filter((i) => within(i.issued_at));
  const notes = found.notes.filter((n) => within(n.issued_at));
  const data = await repo.invoicedOrders(db, [...new Set([...invoices.map((i) => i.order_id), ...notes.map((n) => n.order_id)])]);

  const group = <T extends { order_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) map.set(r.order_id, [...(map.get(r.order_id) ?? []), r]);
    return map;
  };
  const [invoiceOfOrder, linesOfOrder, notesOfOrder] = [group(data.invoices), group(data.lines), group(data.notes)];
  const byOrder = new Map<number, { invoiceDocument: TaxDocument; noteDocuments: Map<number, TaxDocument> }>();
  for (const order of data.orders) {
    const invoice = invoiceOfOrder.get(order.id)?.[0];
    if (!invoice) continue;
    const stored = linesOfOrder.get(order.id) ?? [];
    const computed = computeInvoice(order, stored, invoice.supplier_state ?? (await sellerDetails(db, config)).state);
    const { deliveryState, intraState, describe } = computed;
    // A plain invoice (issued while the shop had no GSTIN, decision 049) charged no GST: its lines are
    // their price, untaxed, in the register too (and so are its credit notes').
    const lines = invoice.tax_invoice === 0 ? computed.lines.map(untaxed) : computed.lines;
    const header = {
      orderCode: order.order_code,
      buyer: order.name,
      placeOfSupply: { state: deliveryState, code: stateCode(deliveryState) },
      intraState,
      invoice: { number: invoice.number, day: documentDay(invoice.issued_at), totalPaise: invoiceTotals(lines).totalPaise },
    };
    const lineOf = (l: InvoiceLine, index: number, units: number): TaxDocumentLine => {
      const { title, hsn } = describe(index);
      const shipping = index >= stored.length;
      return {
        hsn,
        title,
        rateBp: l.rateBp,
        units: shipping ? 0 : units,
        shipping,
        taxablePaise: l.taxablePaise,
        cgstPaise: l.cgstPaise,
        sgstPaise: l.sgstPaise,
        igstPaise: l.igstPaise,
        totalPaise: l.totalPaise,
      };
    };
    const invoiceDocument: TaxDocument = {
      kind: 'invoice',
      number: invoice.number,
      day: header.invoice.day,
      ...header,
      lines: lines.map((l, i) => lineOf(l, i, l.quantity)),
    };
    // Every credit note of the order counts, in the order issued: a line is never credited twice.
    const orderNotes = notesOfOrder.get(order.id) ?? [];
    const credited = creditNotesLines(lines, refundsOf(orderNotes, stored), intraState);
    const creditedSoFar = lines.map(() => 0);
    const noteDocuments = new Map<number, TaxDocument>();
    orderNotes.forEach((note, k) => {
      const noteLines = credited[k]!.map((l) => {
        creditedSoFar[l.index] = creditedSoFar[l.index]! + l.totalPaise;
        return lineOf(l, l.index, unitsTakenBack(creditedSoFar[l.index]!, lines[l.index]!));
      });
      noteDocuments.set(note.id, { kind: 'credit-note', number: note.number, day: documentDay(note.issued_at), ...header, lines: noteLines });
    });
    byOrder.set(order.id, { invoiceDocument, noteDocuments });
  }
  return [
    ...invoices.flatMap((i) => byOrder.get(i.order_id)?.invoiceDocument ?? []),
    ...notes.flatMap((n) => byOrder.get(n.order_id)?.noteDocuments.get(n.id) ?? []),
  ];
}
