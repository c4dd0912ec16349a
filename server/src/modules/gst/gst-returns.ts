import { b2clLimitPaise, type Gstr1Section } from '@shared/gst-returns.schemas';
import type { TaxDocument, TaxDocumentLine } from '../invoices/invoices.service';
import { csvCell } from '../orders/orders-admin.service';

/**
 * The GST returns of a period worked out from its invoices and credit notes (decision 050,
 * docs/operations/gst-invoices.md "GST returns"): the register, the HSN summary and GSTR-1's
 * sections. Pure: every sum is of integer paise, so the figures reconcile to the paisa.
 */

interface Amounts {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

const ZERO: Amounts = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };

/** a + sign × b, field by field */
function add(a: Amounts, b: Amounts, sign = 1): Amounts {
  return {
    taxablePaise: a.taxablePaise + sign * b.taxablePaise,
    cgstPaise: a.cgstPaise + sign * b.cgstPaise,
    sgstPaise: a.sgstPaise + sign * b.sgstPaise,
    igstPaise: a.igstPaise + sign * b.igstPaise,
    totalPaise: a.totalPaise + sign * b.totalPaise,
  };
}

/** The totals of a document's lines. */
const documentTotals = (doc: TaxDocument): Amounts => doc.lines.reduce<Amounts>((sum, l) => add(sum, l), ZERO);

/** +1 for an invoice, −1 for a credit note: the returns report credit notes as reductions. */
const signOf = (doc: TaxDocument) => (doc.kind === 'invoice' ? 1 : -1);

/**
 * Where a document goes in GSTR-1. Every buyer here is unregistered (the shop takes no buyer
 * GSTIN): an inter-state invoice above the B2CL limit of its date is B2CL (table 5), any other is
 * B2CS (table 7). A credit note against a B2CL invoice is CDNUR (table 9B, type B2CL); one against a
 * B2CS invoice is netted into B2CS of the period it is issued in.
 */
function tableOf(doc: TaxDocument): 'B2CL' | 'B2CS' | 'CDNUR' {
  const large = !doc.intraState && doc.invoice.totalPaise > b2clLimitPaise(doc.invoice.day);
  if (doc.kind === 'invoice') return large ? 'B2CL' : 'B2CS';
  return large ? 'CDNUR' : 'B2CS';
}

const rupeesText = (paise: number) => (paise / 100).toFixed(2);
/** JSON amounts are rupees with at most two decimals: integer paise / 100 prints exactly so. */
const rupees = (paise: number) => paise / 100;
const ratePercent = (rateBp: number) => rateBp / 100;
const csv = (rows: (string | number | null)[][]) => `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
/** dd-mm-yyyy, as the GSTR-1 JSON writes dates */
const jsonDate = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** dd-mmm-yyyy, as the offline tool's CSV templates write dates */
const csvDate = (day: string) => `${day.slice(8, 10)}-${MONTHS[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}`;
const posText = (doc: TaxDocument) => `${doc.placeOfSupply.code ?? ''}-${doc.placeOfSupply.state}`;

/** Documents in register order: by day, invoices before credit notes, then by number. */
function inOrder(docs: TaxDocument[]): TaxDocument[] {
  return [...docs].sort((a, b) => a.day.localeCompare(b.day) || (a.kind === b.kind ? 0 : a.kind === 'invoice' ? -1 : 1) || a.number.localeCompare(b.number));
}

const REGISTER_HEADER = [
  'Type',
  'Number',
  'Date',
  'Against invoice',
  'Order ID',
  'Buyer',
  'Buyer GSTIN',
  'Place of supply code',
  'Place of supply',
  'Supply',
  'GSTR-1 table',
  'Rates (%)',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Cess',
  'Total',
];

/**
 * The invoice and credit-note register: one row per document, credit notes with negative amounts
 * (and their type), so a column's sum is the period's net figure.
 */
export function registerCsv(docs: TaxDocument[]): string {
  const rows = inOrder(docs).map((doc) => {
    const t = documentTotals(doc);
    const sign = signOf(doc);
    const rates = [...new Set(doc.lines.map((l) => l.rateBp))]
      .sort((a, b) => a - b)
      .map(ratePercent)
      .join('; ');
    return [
      doc.kind === 'invoice' ? 'Invoice' : 'Credit note',
      doc.number,
      doc.day,
      doc.kind === 'invoice' ? '' : doc.invoice.number,
      doc.orderCode,
      doc.buyer,
      '',
      doc.placeOfSupply.code ?? '',
      doc.placeOfSupply.state,
      doc.intraState ? 'Intra-state' : 'Inter-state',
      tableOf(doc),
      rates,
      rupeesText(sign * t.taxablePaise),
      rupeesText(sign * t.cgstPaise),
      rupeesText(sign * t.sgstPaise),
      rupeesText(sign * t.igstPaise),
      rupeesText(0),
      rupeesText(sign * t.totalPaise),
    ];
  });
  return csv([REGISTER_HEADER, ...rows]);
}

/**
 * Descriptions of the HSN codes a robotics shop is likely to use (GSTR-1 table 12 wants one); any
 * other code is described by the first product sold under it.
 */
const HSN_DESCRIPTIONS: Record<string, string> = {
  '9023': 'Models for demonstration',
  '9503': 'Toys, scale models, puzzles',
  '8542': 'Electronic integrated circuits',
  '8541': 'Diodes, transistors, LEDs',
  '8501': 'Electric motors and generators',
  '8471': 'Computers and units thereof',
  '8473': 'Parts of computers',
  '8507': 'Electric accumulators',
  '8536': 'Switches, connectors, relays',
  '8544': 'Insulated wire and cable',
  '4901': 'Printed books',
};

interface HsnRow extends Amounts {
  hsn: string;
  description: string;
  /** the unit quantity code: NOS (numbers) for goods, NA for services (HSN 99…) */
  uqc: 'NOS' | 'NA';
  rateBp: number;
  quantity: number;
}

/** The HSN summary: per HSN code and rate, units and amounts of the invoices less the credit notes. */
function hsnSummary(docs: TaxDocument[]): HsnRow[] {
  const rows = new Map<string, HsnRow>();
  for (const doc of inOrder(docs)) {
    const sign = signOf(doc);
    for (const l of doc.lines) {
      const key = `${l.hsn}|${l.rateBp}`;
      const service = l.hsn.startsWith('99');
      const row = rows.get(key) ?? {
        hsn: l.hsn,
        description: (HSN_DESCRIPTIONS[l.hsn] ?? (l.shipping ? '' : l.title)).slice(0, 30),
        uqc: service ? 'NA' : 'NOS',
        rateBp: l.rateBp,
        quantity: 0,
        ...ZERO,
      };
      if (!row.description && !l.shipping) row.description = l.title.slice(0, 30);
      rows.set(key, { ...row, ...add(row, l, sign), quantity: row.quantity + (service ? 0 : sign * l.units) });
    }
  }
  return [...rows.values()].sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rateBp - b.rateBp);
}

const HSN_HEADER = ['HSN', 'Description', 'UQC', 'Quantity', 'Rate (%)', 'Taxable value', 'IGST', 'CGST', 'SGST', 'Cess', 'Total value'];

/** An HSN row's rate and tax amounts, in the order both HSN templates (ours and the offline tool's) give them; no cess is charged. */
const hsnTaxCells = (r: HsnRow) => [
  ratePercent(r.rateBp),
  rupeesText(r.taxablePaise),
  rupeesText(r.igstPaise),
  rupeesText(r.cgstPaise),
  rupeesText(r.sgstPaise),
  rupeesText(0),
];

export function hsnCsv(docs: TaxDocument[]): string {
  return csv([HSN_HEADER, ...hsnSummary(docs).map((r) => [r.hsn, r.description, r.uqc, r.quantity, ...hsnTaxCells(r), rupeesText(r.totalPaise)])]);
}

/** The lines of a document summed per rate: GSTR-1's items of an invoice or note. */
function byRate(lines: TaxDocumentLine[]): (Amounts & { rateBp: number })[] {
  const rates = new Map<number, Amounts>();
  for (const l of lines) rates.set(l.rateBp, add(rates.get(l.rateBp) ?? ZERO, l));
  return [...rates.entries()].sort(([a], [b]) => a - b).map(([rateBp, a]) => ({ rateBp, ...a }));
}

interface B2csRow extends Amounts {
  supplyType: 'INTRA' | 'INTER';
  pos: string;
  state: string;
  rateBp: number;
}

/** B2CS (table 7): per place of supply and rate, the B2CS invoices less the credit notes against them. */
function b2csRows(docs: TaxDocument[]): B2csRow[] {
  const rows = new Map<string, B2csRow>();
  for (const doc of docs) {
    if (tableOf(doc) !== 'B2CS') continue;
    for (const r of byRate(doc.lines)) {
      const pos = doc.placeOfSupply.code ?? '';
      const key = `${pos}|${r.rateBp}|${doc.intraState}`;
      const row = rows.get(key) ?? { supplyType: doc.intraState ? 'INTRA' : 'INTER', pos, state: doc.placeOfSupply.state, rateBp: r.rateBp, ...ZERO };
      rows.set(key, { ...row, ...add(row, r, signOf(doc)) });
    }
  }
  return [...rows.values()].sort((a, b) => a.pos.localeCompare(b.pos) || a.rateBp - b.rateBp);
}

interface DocumentRange {
  nature: 'Invoices for outward supply' | 'Credit Note';
  docNum: 1 | 5;
  from: string;
  to: string;
  total: number;
  cancelled: number;
  issued: number;
}

/**
 * Documents issued (table 13): per series (the number up to its last '/'), the first and last
 * number, how many the range holds, and how many of them are not among the documents (cancelled;
 * always 0 here, as numbers are gapless and a document is never cancelled, only credited).
 */
function documentRanges(docs: TaxDocument[]): DocumentRange[] {
  const out: DocumentRange[] = [];
  for (const [kind, nature, docNum] of [
    ['invoice', 'Invoices for outward supply', 1],
    ['credit-note', 'Credit Note', 5],
  ] as const) {
    const series = new Map<string, { number: string; seq: number }[]>();
    for (const doc of docs.filter((d) => d.kind === kind)) {
      const cut = doc.number.lastIndexOf('/');
      const name = doc.number.slice(0, cut);
      series.set(name, [...(series.get(name) ?? []), { number: doc.number, seq: Number(doc.number.slice(cut + 1)) }]);
    }
    for (const numbers of [...series.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, n]) => n.sort((a, b) => a.seq - b.seq))) {
      const first = numbers[0]!;
      const last = numbers.at(-1)!;
      const total = last.seq - first.seq + 1;
      out.push({ nature, docNum, from: first.number, to: last.number, total, cancelled: total - numbers.length, issued: numbers.length });
    }
  }
  return out;
}

/** The JSON schema version written into the file (the offline tool's; a CA should confirm the tool in use reads it). */
const GSTR1_JSON_VERSION = 'GST3.1.6';

/** Tax amounts of an item or row, as GSTR-1 names them: IGST between states, CGST and SGST within one. */
const taxFields = (a: Amounts, intraState: boolean) => (intraState ? { camt: rupees(a.cgstPaise), samt: rupees(a.sgstPaise) } : { iamt: rupees(a.igstPaise) });

const items = (doc: TaxDocument) =>
  byRate(doc.lines).map((r, i) => ({
    num: i + 1,
    itm_det: { rt: ratePercent(r.rateBp), txval: rupees(r.taxablePaise), ...taxFields(r, doc.intraState), csamt: 0 },
  }));

/** GSTR-1 in the GST portal offline tool's JSON format: the sections this shop's sales fall in (empty ones left out). */
export function gstr1Json(docs: TaxDocument[], seller: { gstin: string; fp: string }) {
  const ordered = inOrder(docs);
  const b2cs = b2csRows(ordered).map((r) => ({
    sply_ty: r.supplyType,
    pos: r.pos,
    typ: 'OE',
    rt: ratePercent(r.rateBp),
    txval: rupees(r.taxablePaise),
    ...taxFields(r, r.supplyType === 'INTRA'),
    csamt: 0,
  }));
  const b2clByPos = new Map<string, unknown[]>();
  for (const doc of ordered.filter((d) => tableOf(d) === 'B2CL')) {
    const pos = doc.placeOfSupply.code ?? '';
    b2clByPos.set(pos, [
      ...(b2clByPos.get(pos) ?? []),
      { inum: doc.number, idt: jsonDate(doc.day), val: rupees(documentTotals(doc).totalPaise), itms: items(doc) },
    ]);
  }
  const b2cl = [...b2clByPos.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([pos, inv]) => ({ pos, inv }));
  const cdnur = ordered
    .filter((d) => tableOf(d) === 'CDNUR')
    .map((doc) => ({
      typ: 'B2CL',
      ntty: 'C',
      nt_num: doc.number,
      nt_dt: jsonDate(doc.day),
      val: rupees(documentTotals(doc).totalPaise),
      pos: doc.placeOfSupply.code ?? '',
      itms: items(doc),
    }));
  const hsn = hsnSummary(ordered).map((r, i) => ({
    num: i + 1,
    hsn_sc: r.hsn,
    desc: r.description,
    uqc: r.uqc,
    qty: r.quantity,
    rt: ratePercent(r.rateBp),
    txval: rupees(r.taxablePaise),
    iamt: rupees(r.igstPaise),
    camt: rupees(r.cgstPaise),
    samt: rupees(r.sgstPaise),
    csamt: 0,
  }));
  const ranges = documentRanges(ordered);
  const docDet = ([1, 5] as const)
    .map((docNum) => ({ docNum, ranges: ranges.filter((r) => r.docNum === docNum) }))
    .filter((d) => d.ranges.length > 0)
    .map(({ docNum, ranges: rs }) => ({
      doc_num: docNum,
      doc_typ: rs[0]!.nature,
      docs: rs.map((r, i) => ({ num: i + 1, from: r.from, to: r.to, totnum: r.total, cancel: r.cancelled, net_issue: r.issued })),
    }));
  return {
    gstin: seller.gstin,
    fp: seller.fp,
    version: GSTR1_JSON_VERSION,
    hash: 'hash',
    ...(b2cs.length ? { b2cs } : {}),
    ...(b2cl.length ? { b2cl } : {}),
    ...(cdnur.length ? { cdnur } : {}),
    // Every buyer is a consumer: the summary is table 12's B2C part (the portal splits B2B and B2C since 2025).
    ...(hsn.length ? { hsn: { hsn_b2c: hsn } } : {}),
    ...(docDet.length ? { doc_issue: { doc_det: docDet } } : {}),
  };
}
export type Gstr1Json = ReturnType<typeof gstr1Json>;

/** The offline tool's columns for one GST rate of a row, and their cells (no cess is charged). */
const RATE_COLUMNS = ['Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'];
const rateCells = (r: { rateBp: number; taxablePaise: number }) => ['', ratePercent(r.rateBp), rupeesText(r.taxablePaise), rupeesText(0)];

/** A CSV row for each GST rate of each document of one GSTR-1 table. */
function rowsByRate(
  docs: TaxDocument[],
  table: ReturnType<typeof tableOf>,
  row: (doc: TaxDocument, rate: Amounts & { rateBp: number }) => (string | number)[],
) {
  return docs.filter((d) => tableOf(d) === table).flatMap((doc) => byRate(doc.lines).map((r) => row(doc, r)));
}

/** One GSTR-1 section as the offline tool's CSV template for it. */
export function gstr1SectionCsv(docs: TaxDocument[], section: Gstr1Section): string {
  const ordered = inOrder(docs);
  switch (section) {
    case 'b2cs':
      return csv([
        ['Type', 'Place Of Supply', ...RATE_COLUMNS, 'E-Commerce GSTIN'],
        ...b2csRows(ordered).map((r) => ['OE', `${r.pos}-${r.state}`, ...rateCells(r), '']),
      ]);
    case 'b2cl':
      return csv([
        ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', ...RATE_COLUMNS, 'E-Commerce GSTIN'],
        ...rowsByRate(ordered, 'B2CL', (doc, r) => [
          doc.number,
          csvDate(doc.day),
          rupeesText(documentTotals(doc).totalPaise),
          posText(doc),
          ...rateCells(r),
          '',
        ]),
      ]);
    case 'cdnur':
      return csv([
        ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', ...RATE_COLUMNS],
        ...rowsByRate(ordered, 'CDNUR', (doc, r) => [
          'B2CL',
          doc.number,
          csvDate(doc.day),
          'C',
          posText(doc),
          rupeesText(documentTotals(doc).totalPaise),
          ...rateCells(r),
        ]),
      ]);
    case 'hsn':
      return csv([
        [
          'HSN',
          'Description',
          'UQC',
          'Total Quantity',
          'Total Value',
          'Rate',
          'Taxable Value',
          'Integrated Tax Amount',
          'Central Tax Amount',
          'State/UT Tax Amount',
          'Cess Amount',
        ],
        ...hsnSummary(ordered).map((r) => [
          r.hsn,
          r.description,
          r.uqc === 'NOS' ? 'NOS-NUMBERS' : 'NA',
          r.quantity,
          rupeesText(r.totalPaise),
          ...hsnTaxCells(r),
        ]),
      ]);
    case 'docs':
      return csv([
        ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
        ...documentRanges(ordered).map((r) => [r.nature, r.from, r.to, r.total, r.cancelled]),
      ]);
  }
}
