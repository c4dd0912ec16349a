import { invoiceLines, principalIndex, shippingLine, stateCode, type CreditedRefund, type InvoiceLine } from '@shared/gst';

/**
 * The amounts of an order's invoice and credit notes (issue 30 item 5), from the stored order and
 * lines: the place of supply, the goods with their share of the coupon's discount, the shipping
 * charge and the COD fee as lines of their own, each with its CGST + SGST or IGST (shared/gst.ts).
 */

/** The title of the invoice line of the shipping charge. */
const SHIPPING_TITLE = 'Shipping and handling';
/** The title of the invoice line of a cash-on-delivery fee. */
const COD_FEE_TITLE = 'Cash on delivery fee';
/** The HSN code of a line that has none (educational kits and instruments). */
const DEFAULT_HSN = '9023';

/** A stored order line, as an invoice reads it. */
export type StoredLine = { id: number; title: string; quantity: number; unit_price_paise: number; hsn_code: string | null; gst_rate_bp: number | null };

/**
 * Whether the supply is within the supplier's state (CGST + SGST) or to another (IGST): the states'
 * GST codes decide, or their names (any case) where the delivery state has no code.
 */
export function isIntraState(deliveryState: string, shopState: string): boolean {
  const code = stateCode(deliveryState);
  return code !== null ? code === stateCode(shopState) : deliveryState.toLowerCase() === shopState.toLowerCase();
}

/**
 * The lines of an order's invoice: the goods with their share of the discount (18 % where a line
 * has no rate), then the shipping charge and the COD fee as lines of their own (part of a composite
 * supply, at the principal supply's rate and HSN), with the place of supply: the delivery state, or
 * the shop's own when the order has none.
 */
export function computeInvoice(
  order: { delivery_state: string | null; discount_paise: number; shipping_paise: number; cod_fee_paise: number },
  stored: StoredLine[],
  shopState: string,
) {
  const deliveryState = order.delivery_state ?? shopState;
  const intraState = isIntraState(deliveryState, shopState);
  const goods = invoiceLines(
    stored.map((l) => ({ unitPaise: l.unit_price_paise, quantity: l.quantity, rateBp: l.gst_rate_bp ?? 1800 })),
    order.discount_paise,
    intraState,
  );
  const ship = shippingLine(goods, order.shipping_paise, intraState);
  // The COD fee is charged with the goods too: part of the composite supply, like shipping (decision 044).
  const codFee = shippingLine(goods, order.cod_fee_paise, intraState);
  const extra = [...(ship ? [{ line: ship, title: SHIPPING_TITLE }] : []), ...(codFee ? [{ line: codFee, title: COD_FEE_TITLE }] : [])];
  const lines = [...goods, ...extra.map((e) => e.line)];
  const principal = stored[principalIndex(goods)];
  /** The description and HSN code of the invoice line at `index`. */
  const describe = (index: number) => {
    const line = stored[index];
    return line
      ? { title: line.title, hsn: line.hsn_code ?? DEFAULT_HSN }
      : { title: extra[index - stored.length]?.title ?? SHIPPING_TITLE, hsn: principal?.hsn_code ?? DEFAULT_HSN };
  };
  return { deliveryState, intraState, lines, describe };
}

/** What the refunds of an order's credit notes were (oldest first): amounts and, for refunds of lines, which invoice lines. */
export function refundsOf(notes: { amount_paise: number; lines: string | null }[], stored: StoredLine[]): CreditedRefund[] {
  return notes.map((n) => {
    const ids = n.lines ? (JSON.parse(n.lines) as number[]) : null;
    return { amountPaise: n.amount_paise, ...(ids ? { onlyLines: stored.map((l) => ids.includes(l.id)) } : {}) };
  });
}

/** An invoice line as a plain invoice shows it (issued while the shop had no GSTIN, decision 049): the price, no GST. */
export function untaxed(l: InvoiceLine): InvoiceLine {
  return { ...l, rateBp: 0, taxablePaise: l.totalPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
}

/**
 * The units a credit note takes back of an invoice line: all of them with the note that credits
 * what was left of the line (a cancellation, a refund of the line), none with a note for part of it.
 */
export function unitsTakenBack(creditedSoFarPaise: number, line: { totalPaise: number; quantity: number }): number {
  return creditedSoFarPaise >= line.totalPaise ? line.quantity : 0;
}
