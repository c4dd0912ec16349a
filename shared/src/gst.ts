/**
 * GST for tax invoices (DESIGN.md, "GST facts"): prices are tax-inclusive;
 * taxable value = price / (1 + rate), rounded to the paisa so that taxable
 * value + tax = price exactly; within the supplier's state the tax is half CGST
 * and half SGST, to another state it is IGST.
 */

/** States and union territories with their GST state codes (place of supply). */
const GST_STATE_CODES: Record<string, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** The states and union territories by name, in the order of their codes (for a form's choice). */
export const GST_STATES: readonly { name: string; code: string }[] = Object.entries(GST_STATE_CODES)
  .map(([name, code]) => ({ name, code }))
  // Two digits each: compared as numbers, without localeCompare (ICU's collation data, some 2 MB, read at every start: decision 073).
  .sort((a, b) => Number(a.code) - Number(b.code));

/** The state or union territory of a two-digit GST state code, or null. */
export function stateOfCode(code: string): string | null {
  return GST_STATES.find((s) => s.code === code)?.name ?? null;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ');

// Every delivery address's state is looked up (decision 111): the names normalised once.
const CODE_OF_NAME = new Map(Object.entries(GST_STATE_CODES).map(([name, code]) => [norm(name), code]));

/** The two-digit code of a state name (any case; "&" as "and"), or null. */
export function stateCode(state: string): string | null {
  return CODE_OF_NAME.get(norm(state)) ?? null;
}

/** "26-27" for a date in the financial year 1 April 2026 to 31 March 2027 (India time). */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** RK/26-27/000123: prefix (1-3 characters), financial year and a 6-digit sequence: at most 16 characters. */
export function invoiceNumber(prefix: string, fy: string, seq: number): string {
  return `${prefix}/${fy}/${String(seq).padStart(6, '0')}`;
}

export interface InvoiceLineInput {
  unitPaise: number;
  quantity: number;
  /** basis points: 1800 = 18 % */
  rateBp: number;
}

export interface InvoiceLine extends InvoiceLineInput {
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * Shares an amount out in proportion to weights, in whole paise that add up to
 * the amount exactly (largest remainders get the leftover paise; ties go to the
 * earlier weight); zero weights get nothing.
 */
export function shareOut(amountPaise: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  // Nothing to share it over: nothing is shared.
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (w * amountPaise) / sum);
  const shares = exact.map(Math.floor);
  let left = amountPaise - shares.reduce((a, b) => a + b, 0);
  for (const i of exact
    .map((e, i) => ({ i, r: e - Math.floor(e) }))
    .sort((a, b) => b.r - a.r || a.i - b.i)
    .map((x) => x.i)) {
    if (left <= 0) break;
    shares[i]!++;
    left--;
  }
  return shares;
}

/** Takes the tax out of a tax-inclusive amount: taxable value + tax = amount exactly. */
function taxOf(totalPaise: number, rateBp: number, intraState: boolean) {
  const taxable = Math.round((totalPaise * 10_000) / (10_000 + rateBp));
  const tax = totalPaise - taxable;
  const cgst = intraState ? Math.floor(tax / 2) : 0;
  return { taxablePaise: taxable, cgstPaise: cgst, sgstPaise: intraState ? tax - cgst : 0, igstPaise: intraState ? 0 : tax, totalPaise: totalPaise };
}

/**
 * Splits the order's discount over its lines in proportion to their value,
 * then takes the tax out of each tax-inclusive line.
 */
export function invoiceLines(lines: InvoiceLineInput[], discountPaise: number, intraState: boolean): InvoiceLine[] {
  const gross = lines.map((l) => l.unitPaise * l.quantity);
  const shares = shareOut(discountPaise, gross);
  return lines.map((l, i) => ({ ...l, grossPaise: gross[i]!, discountPaise: shares[i]!, ...taxOf(gross[i]! - shares[i]!, l.rateBp, intraState) }));
}

/**
 * The principal supply among the goods, whose GST rate (and HSN code) the shipping charged with
 * them takes (DESIGN.md: a composite supply). With lines at different rates it is the line with
 * the highest taxable value after the discount; of equal lines, the higher rate, then the first
 * (decision 040). -1 when there are no lines.
 */
export function principalIndex(lines: InvoiceLine[]): number {
  let best = -1;
  lines.forEach((l, i) => {
    const b = lines[best];
    if (!b || l.taxablePaise > b.taxablePaise || (l.taxablePaise === b.taxablePaise && l.rateBp > b.rateBp)) best = i;
  });
  return best;
}

/** The principal supply's rate (18 % when there are no lines). */
export function principalRateBp(lines: InvoiceLine[]): number {
  return lines[principalIndex(lines)]?.rateBp ?? 1800;
}

/**
 * The invoice line of the shipping charge: never discounted by a coupon, taxed at the principal
 * supply's rate, the tax taken out of the tax-inclusive charge as for any line. null when free.
 */
export function shippingLine(goods: InvoiceLine[], shippingPaise: number, intraState: boolean): InvoiceLine | null {
  if (shippingPaise <= 0) return null;
  const rateBp = principalRateBp(goods);
  return { unitPaise: shippingPaise, quantity: 1, rateBp, grossPaise: shippingPaise, discountPaise: 0, ...taxOf(shippingPaise, rateBp, intraState) };
}

/** RKC/26-27/00012: the invoice prefix with C, the financial year and a 5-digit sequence: at most 16 characters. */
export function creditNoteNumber(prefix: string, fy: string, seq: number): string {
  return `${prefix}C/${fy}/${String(seq).padStart(5, '0')}`;
}

/** A refund credited against an invoice: its amount and, for a refund of lines, which lines. */
export interface CreditedRefund {
  amountPaise: number;
  /** per invoice line, whether the refund is for it; absent for a refund by amount */
  onlyLines?: boolean[];
}

/**
 * The lines of the credit notes of an invoice, in the order the refunds were
 * processed. Each refund is shared out over what is still uncredited of the
 * lines it is for (every line for a refund by amount, the chosen ones for a
 * refund of lines; every line if the chosen ones have too little left), in
 * proportion, to the paisa, and the tax taken out of each share at its rate.
 * So every credit note adds up to its refund, and together they never credit a
 * line more than it was invoiced for.
 */
export function creditNotesLines(invoice: InvoiceLine[], refunds: CreditedRefund[], intraState: boolean): (InvoiceLine & { index: number })[][] {
  const remaining = invoice.map((l) => l.totalPaise);
  return refunds.map((refund) => {
    let weights = remaining.map((r, i) => (refund.onlyLines && !refund.onlyLines[i] ? 0 : r));
    if (weights.reduce((a, b) => a + b, 0) < refund.amountPaise) weights = [...remaining];
    const shares = shareOut(refund.amountPaise, weights);
    shares.forEach((share, i) => (remaining[i] = remaining[i]! - share));
    return invoice
      .map((l, i) => ({ l, i, share: shares[i]! }))
      .filter((x) => x.share > 0)
      .map(({ l, i, share }) => ({ ...l, index: i, grossPaise: share, discountPaise: 0, ...taxOf(share, l.rateBp, intraState) }));
  });
}

export function invoiceTotals(lines: InvoiceLine[]) {
  const sum = (k: keyof InvoiceLine) => lines.reduce((a, l) => a + (l[k] as number), 0);
  return {
    grossPaise: sum('grossPaise'),
    discountPaise: sum('discountPaise'),
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    totalPaise: sum('totalPaise'),
  };
}
