import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { financialYear, invoiceLines, invoiceNumber, invoiceTotals, stateCode } from '../../../../shared/src/gst';
import { notFound } from '../../errors';
import { invoicePdf } from './invoice-pdf';
import * as repo from './invoices.repository';

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
  const fy = financialYear(paidAt);
  const seq = await repo.nextInSeries(trx, `${config.invoice.prefix}/${fy}`);
  const number = invoiceNumber(config.invoice.prefix, fy, seq);
  await repo.insertInvoice(trx, orderId, number);
  return number;
}

/** The invoice of a paid order as a PDF; 404 when it has none or (for a shopper) is someone else's. */
export async function invoicePdfOf(db: Db, config: Config, orderCode: string, ownerId: string | null): Promise<{ number: string; pdf: Buffer }> {
  const order = await repo.orderForInvoice(db, orderCode);
  const invoice = order ? await repo.invoiceOf(db, order.id) : undefined;
  if (!order || !invoice || (ownerId !== null && order.user_id !== ownerId)) throw notFound('Invoice not found', 'invoice_not_found');
  const stored = await repo.linesForInvoice(db, order.id);
  const deliveryState = order.delivery_state ?? config.invoice.state;
  const intraState = stateCode(deliveryState) !== null ? stateCode(deliveryState) === stateCode(config.invoice.state) : deliveryState.toLowerCase() === config.invoice.state.toLowerCase();
  const lines = invoiceLines(
    stored.map((l) => ({ unitPaise: l.unit_price_paise, quantity: l.quantity, rateBp: l.gst_rate_bp ?? 1800 })),
    order.discount_paise,
    intraState,
  );
  const pdf = await invoicePdf({
    number: invoice.number,
    date: String(invoice.issued_at).slice(0, 10),
    supplier: { legalName: config.invoice.legalName, address: config.invoice.address, state: config.invoice.state, stateCode: stateCode(config.invoice.state), gstin: config.invoice.gstin },
    buyer: { name: order.name, address: order.address, phone: order.phone, email: order.email },
    placeOfSupply: { state: deliveryState, code: stateCode(deliveryState) },
    orderCode: order.order_code,
    couponCode: order.coupon_code,
    lines: lines.map((l, i) => ({ ...l, title: stored[i]!.title, hsn: stored[i]!.hsn_code ?? '9023' })),
    totals: invoiceTotals(lines),
    intraState,
  });
  return { number: invoice.number, pdf };
}
