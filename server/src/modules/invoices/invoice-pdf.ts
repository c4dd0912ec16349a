import { formatPaise } from '@shared/money';
import { rupeesInWords } from '@shared/amount-in-words';
import type { InvoiceLine } from '@shared/gst';

export interface InvoiceDocument {
  /** an invoice, or a credit note against one (for a refund) */
  kind: 'invoice' | 'credit-note';
  /** GST charged and shown (a registered supplier's tax invoice); false: the plain invoice of a shop without a GSTIN, no GST at all */
  taxInvoice: boolean;
  number: string;
  date: string;
  supplier: { legalName: string; address: string; state: string; stateCode: string | null; gstin: string | null; phone: string; email: string };
  /** the shop's logo (PNG or JPEG), drawn in the header; null: none */
  logo: Buffer | null;
  buyer: { name: string; address: string; phone: string; email: string };
  placeOfSupply: { state: string; code: string | null };
  orderCode: string;
  couponCode: string | null;
  lines: (InvoiceLine & { title: string; hsn: string })[];
  totals: { grossPaise: number; discountPaise: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };
  intraState: boolean;
  /** credit notes: the invoice they reduce, and why */
  against?: { number: string; date: string };
  reason?: string;
}

/** What the document is called: only a GST-registered supplier issues a "Tax Invoice" (decision 049). */
function documentTitle(doc: Pick<InvoiceDocument, 'kind' | 'taxInvoice'>): string {
  if (doc.kind === 'credit-note') return 'Credit Note';
  return doc.taxInvoice ? 'Tax Invoice' : 'Invoice';
}

// A4 in points, with 36 pt (12.7 mm) margins: the body in 9-10 pt reads on a phone at the page's width.
const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const FOOTER_TOP = PAGE.height - PAGE.margin - 24;
const INK = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#9ca3af';
const HEAD_FILL = '#e5e7eb';

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: InvoiceDocument['lines'][number], index: number) => string;
}

/** The rupee sign is not in the standard fonts: amounts read "Rs." in the PDF, and bare in the table (its headings say Rs.). */
const money = (paise: number) => formatPaise(paise).replace('₹', 'Rs. ');
const bare = (paise: number) => formatPaise(paise).replace('₹', '');
const percent = (bp: number) => `${bp / 100}%`;

/** The table's columns: a tax invoice shows HSN, taxable value and each tax; a plain invoice only quantities and amounts. */
function columnsOf(doc: InvoiceDocument): Column[] {
  const credit = doc.kind === 'credit-note';
  const discounted = !credit && doc.lines.some((l) => l.discountPaise > 0);
  const fixed: Column[] = [
    { header: '#', width: 18, align: 'left', cell: (_l, i) => String(i + 1) },
    { header: 'Description', width: 0, align: 'left', cell: (l) => l.title },
  ];
  if (doc.taxInvoice) fixed.push({ header: 'HSN/SAC', width: 44, align: 'left', cell: (l) => l.hsn });
  if (!credit) {
    fixed.push({ header: 'Qty', width: 28, align: 'right', cell: (l) => String(l.quantity) });
    fixed.push({ header: 'Rate (Rs.)', width: 58, align: 'right', cell: (l) => bare(l.unitPaise) });
  }
  if (discounted) fixed.push({ header: 'Discount (Rs.)', width: 52, align: 'right', cell: (l) => bare(l.discountPaise) });
  if (doc.taxInvoice) {
    fixed.push({ header: 'Taxable value (Rs.)', width: 60, align: 'right', cell: (l) => bare(l.taxablePaise) });
    fixed.push({ header: 'GST rate', width: 32, align: 'right', cell: (l) => percent(l.rateBp) });
    if (doc.intraState) {
      fixed.push({ header: 'CGST (Rs.)', width: 48, align: 'right', cell: (l) => bare(l.cgstPaise) });
      fixed.push({ header: 'SGST (Rs.)', width: 48, align: 'right', cell: (l) => bare(l.sgstPaise) });
    } else {
      fixed.push({ header: 'IGST (Rs.)', width: 56, align: 'right', cell: (l) => bare(l.igstPaise) });
    }
  }
  fixed.push({ header: credit ? 'Credited (Rs.)' : 'Amount (Rs.)', width: 62, align: 'right', cell: (l) => bare(l.totalPaise) });
  const used = fixed.reduce((a, c) => a + c.width, 0);
  fixed[1]!.width = CONTENT - used;
  return fixed;
}

/** pdfkit's private font table of a document (pdfkit is pinned to an exact version in package.json). */
interface FontTable {
  _fontFamilies?: Record<string, object>;
  _fontCount?: number;
}
/** The first document's font objects, whose metrics every later document borrows. */
const lent = new Map<string, object>();

/** The two measuring methods of pdfkit's standard font (its `encode` ignores features), and its AFM metrics. */
interface StandardFont {
  widthOfString(text: string, size: number): number;
  encode(text: string): [string[], object[]];
  font: AfmMetrics;
}
/** A standard font measured once (`measuredOnce`), with what a one-line text needs (`oneLine`). */
interface MeasuredFont extends StandardFont {
  id: string;
  ascender: number;
  ref(): unknown;
  oneLine(text: string): OneLine;
}
interface OneLine {
  /** an upper bound of the text's width at size 1000, however pdfkit's line wrapping cuts it into words */
  widest: number;
  /** the text-showing operator pdfkit writes for the text (`[<codes> kerning ...] TJ`) */
  shown: string;
}
/** pdfkit's AFM font: a character's glyph and code, a glyph's width, a pair's kerning. */
interface AfmMetrics {
  encodeText(text: string): string[];
  characterToGlyph(code: number): string;
  widthOfGlyph(glyph: string): number;
  getKernPair(left: string, right: string | undefined): number;
}
/** Texts measured once per font and kept: a document's words, numbers and labels recur from document to document. */
const MEASURED_TEXTS = 5000;
/** Pairs of characters whose advance is kept (WinAnsi's 256 characters make at most 65,536; other characters are all one glyph). */
const MEASURED_PAIRS = 70_000;

/**
 * A character's advance in a text, as pdfkit works it out (the glyph's width plus the kerning with
 * the next glyph, looked up by a string key in a table of thousands of pairs, for every character
 * of every new text: a tenth of an invoice's CPU), kept per pair of character codes (decision 105).
 * The same arithmetic on the same numbers in the same order: every figure is pdfkit's to the bit.
 */
function pairAdvances(afm: AfmMetrics) {
  const glyphs = new Map<number, string>();
  const codes = new Map<number, string>();
  const advances = new Map<number, number>();
  const widths = new Map<number, number>();
  const glyphOf = (code: number) => {
    let glyph = glyphs.get(code);
    if (glyph === undefined) glyphs.set(code, (glyph = afm.characterToGlyph(code)));
    return glyph;
  };
  return {
    /** The code pdfkit writes for a character (hexadecimal, WinAnsi). */
    code(char: number): string {
      let hex = codes.get(char);
      if (hex === undefined) codes.set(char, (hex = afm.encodeText(String.fromCharCode(char))[0]!));
      return hex;
    },
    width(char: number): number {
      let width = widths.get(char);
      if (width === undefined) widths.set(char, (width = afm.widthOfGlyph(glyphOf(char))));
      return width;
    },
    /** The advance of `char` followed by `next` (none at the text's end), in thousandths of the size. */
    advance(char: number, next: number | undefined): number {
      const key = char * 0x10001 + (next ?? 0x10000);
      let advance = advances.get(key);
      if (advance === undefined) {
        if (advances.size >= MEASURED_PAIRS) advances.clear();
        const glyph = glyphOf(char);
        advances.set(key, (advance = afm.widthOfGlyph(glyph) + afm.getKernPair(glyph, next === undefined ? undefined : glyphOf(next))));
      }
      return advance;
    },
  };
}

/**
 * Each text's width and glyph positions computed once per font (pdfkit works them out glyph by
 * glyph, kerning pair by kerning pair, at every line wrap and every text drawn: a quarter of an
 * invoice's CPU) and kept, as pdfkit computes them. The width is kept at size 1000 (the sum of the
 * advances) and scaled as pdfkit scales it, so every figure in the PDF is the same to the bit; the
 * positions are frozen, pdfkit only reads them. At most MEASURED_TEXTS of each, then forgotten.
 * A new text is measured from its characters' pairs (`pairAdvances`), as pdfkit would.
 */
function measuredOnce(font: StandardFont): MeasuredFont {
  const pairs = pairAdvances(font.font);
  const widths = new Map<string, number>();
  const encodings = new Map<string, [string[], object[]]>();
  const keep = <T>(map: Map<string, T>, text: string, value: T) => {
    if (map.size >= MEASURED_TEXTS) map.clear();
    map.set(text, value);
    return value;
  };
  // pdfkit's StandardFont.widthOfString at size 1000 (its sum of advances, times 1000 / 1000).
  const width = (text: string) => {
    let sum = 0;
    for (let i = 0; i < text.length; i++) sum += pairs.advance(text.charCodeAt(i), i + 1 < text.length ? text.charCodeAt(i + 1) : undefined);
    return sum;
  };
  // pdfkit's StandardFont.encode: each character's code, and its advance and width.
  const encode = (text: string): [string[], object[]] => {
    const hex: string[] = [];
    const positions: object[] = [];
    for (let i = 0; i < text.length; i++) {
      const char = text.charCodeAt(i);
      hex.push(pairs.code(char));
      positions.push({
        xAdvance: pairs.advance(char, i + 1 < text.length ? text.charCodeAt(i + 1) : undefined),
        yAdvance: 0,
        xOffset: 0,
        yOffset: 0,
        advanceWidth: pairs.width(char),
      });
    }
    return [hex, positions];
  };
  // What a one-line text needs (textLine), from its characters' pairs: an upper bound of its width
  // however pdfkit's line wrapping cuts it into words (each character's advance with its kerning or
  // without it, a pair cut between two words being measured apart), and the text-showing operator
  // pdfkit's _fragment writes for it (a run of codes ends after each kerned character, with the
  // kerning; the last run ends with the last character's, none: 0).
  const lines = new Map<string, OneLine>();
  const lineOf = (text: string): OneLine => {
    let widest = 0;
    let codes = '';
    const runs: string[] = [];
    for (let i = 0; i < text.length; i++) {
      const char = text.charCodeAt(i);
      const width = pairs.width(char);
      const advance = pairs.advance(char, i + 1 < text.length ? text.charCodeAt(i + 1) : undefined);
      widest += Math.max(width, advance);
      codes += pairs.code(char);
      if (advance - width !== 0) {
        runs.push(`<${codes}> ${pdfNumber(-(advance - width))}`);
        codes = '';
      }
    }
    if (codes) runs.push(`<${codes}> 0`);
    return { widest, shown: `[${runs.join(' ')}] TJ` };
  };
  const measured = Object.assign(font, {
    oneLine(text: string) {
      return lines.get(text) ?? keep(lines, text, lineOf(text));
    },
    widthOfString(text: string, size: number) {
      const key = `${text}`;
      return (widths.get(key) ?? keep(widths, key, width(key))) * (size / 1000);
    },
    encode(text: string): [string[], object[]] {
      const key = `${text}`;
      const known = encodings.get(key);
      if (known) return known;
      const [hex, positions] = encode(key);
      return keep(encodings, key, Object.freeze([Object.freeze(hex), Object.freeze(positions.map((p) => Object.freeze(p)))]) as [string[], object[]]);
    },
  });
  return measured as MeasuredFont;
}

/** A number as pdfkit writes it in a content stream (at most six decimals). */
const pdfNumber = (n: number) => `${Math.round(n * 1e6) / 1e6}`;

/** What of pdfkit's document a one-line text reads and writes (pdfkit is pinned to an exact version). */
interface TextState {
  _font: MeasuredFont | StandardFont;
  _fontSize: number;
  _lineGap: number;
  _wrapper: unknown;
  _textOptions: unknown;
  page: { height: number; fonts: Record<string, unknown>; maxY(): number };
}

/** Characters at which pdfkit's line breaking must break or hyphenate: their texts take pdfkit's own path. */
const BREAKING = /[\n\r\v\f\u0085\u2028\u2029\u00ad]/;

/**
 * Whether pdfkit would lay `text` out as one line of `width` (its line wrapping cuts a text into
 * words at the Unicode break opportunities and fits them one by one; whatever the cuts, the words'
 * widths add up to at most the text's `widest`), in the document's measured font.
 */
function fitsOneLine(state: TextState, text: string, width: number): state is TextState & { _font: MeasuredFont } {
  const font = state._font as Partial<MeasuredFont>;
  if (!font.oneLine || text.length === 0 || BREAKING.test(text) || state._wrapper || state._textOptions) return false;
  return font.oneLine(text).widest * (state._fontSize / 1000) <= width - 0.001;
}

/**
 * `pdf.text(text, x, y, { width, align })` for a text that fits on one line, as pdfkit writes it but
 * without its line wrapping (a LineWrapper, the Unicode line breaker over every character, events
 * per line and word): half of an invoice's CPU went to pdfkit's text calls (issue 29). The same
 * operators, numbers and positions as pdfkit's to the byte (invoice-pdf.test.ts); any other text
 * (several lines, a page break, a centred one) is pdfkit's.
 */
export function textLine(
  pdf: PDFKit.PDFDocument,
  text: string,
  x: number | undefined,
  y: number | undefined,
  options: { width: number; align?: 'left' | 'right' },
) {
  const state = pdf as unknown as TextState;
  if (x !== undefined) pdf.x = x;
  if (y !== undefined) pdf.y = y;
  const lineHeight = pdf.currentLineHeight(true);
  // pdfkit moves to a new page first when the line would pass the page's bottom margin.
  if (!fitsOneLine(state, text, options.width) || pdf.y + lineHeight > state.page.maxY() - 0.01) return pdf.text(text, options);
  const font = state._font;
  // pdfkit's line: its width as its wrapper works it out, the text moved right by what it leaves.
  const lineWidth = (options.width * 100) / 100;
  const left = options.align === 'right' ? pdf.x + (lineWidth - pdf.widthOfString(text.replace(/\s+$/, ''))) : pdf.x;
  const baseline = state.page.height - pdf.y - (font.ascender / 1000) * state._fontSize;
  state.page.fonts[font.id] ??= font.ref();
  pdf.save();
  pdf.transform(1, 0, 0, -1, 0, state.page.height);
  pdf.addContent(`BT\n1 0 0 1 ${pdfNumber(left)} ${pdfNumber(baseline)} Tm\n/${font.id} ${pdfNumber(state._fontSize)} Tf\n${font.oneLine(text).shown}\nET`);
  pdf.restore();
  pdf.y += lineHeight + (state._lineGap || 0);
  return pdf;
}

/** `pdf.heightOfString(text, { width })`, without pdfkit's line wrapping for a text that fits on one line. */
export function heightOf(pdf: PDFKit.PDFDocument, text: string, width: number): number {
  const state = pdf as unknown as TextState;
  if (!fitsOneLine(state, text, width)) return pdf.heightOfString(text, { width });
  const y = pdf.y;
  return y + (pdf.currentLineHeight(true) + (state._lineGap || 0)) - y;
}

/**
 * Each page's content written at once, when the document ends: pdfkit turns every operator it is
 * given (a few hundred an invoice) into bytes of its own, character by character, and joins them at
 * the end. The same bytes: each operator and its line break, in the order given, page by page.
 */
function contentAtOnce(pdf: PDFKit.PDFDocument): () => void {
  const pages = new Map<{ write(chunk: Uint8Array): void }, string[]>();
  const doc = pdf as unknown as { page: { write(chunk: Uint8Array): void } };
  pdf.addContent = (data: string) => {
    let operators = pages.get(doc.page);
    if (!operators) pages.set(doc.page, (operators = []));
    operators.push(data);
    return pdf;
  };
  // The content is ASCII (text goes in hexadecimal): latin1 is pdfkit's byte per character.
  return () => pages.forEach((operators, page) => page.write(Buffer.from(`${operators.join('\n')}\n`, 'latin1')));
}

/**
 * The document's bytes, kept as pdfkit writes them rather than pushed through its stream one piece
 * at a time (a few hundred pieces an invoice, each an event of Node's stream machinery); the header,
 * written when the document was made, is read from the stream first. The same bytes, in order.
 */
function bytesAtOnce(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const doc = pdf as unknown as { _write(data: string | Uint8Array): void; _offset: number };
  const head = pdf.read() as Buffer | null;
  const chunks: Uint8Array[] = head ? [head] : [];
  doc._write = (data) => {
    // pdfkit's byte per character (its text is hexadecimal or escaped to bytes already), then a line break.
    const bytes = data instanceof Uint8Array ? data : Buffer.from(`${data}\n`, 'latin1');
    chunks.push(bytes);
    doc._offset += bytes.length;
  };
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  pdf.resume();
  return done;
}

/**
 * pdfkit builds a standard font's metrics for every document it makes (the kerning table alone is
 * thousands of pairs): a third of an invoice's CPU, made at every paid order's receipt (issue 29).
 * They never change, so each font is built once, by the first document, and later documents get
 * a copy of that font object with its metrics shared and their own id and PDF object.
 */
export function lendStandardFonts(pdf: PDFKit.PDFDocument) {
  const table = pdf as unknown as FontTable;
  for (const name of ['Helvetica', 'Helvetica-Bold']) {
    const model = lent.get(name);
    if (model && table._fontFamilies && typeof table._fontCount === 'number') {
      table._fontFamilies[name] = Object.assign(Object.create(Object.getPrototypeOf(model) as object) as object, model, {
        document: pdf,
        id: `F${++table._fontCount}`,
        dictionary: null,
        embedded: false,
      });
    } else {
      pdf.font(name);
      lent.set(name, measuredOnce((pdf as unknown as { _font: StandardFont })._font));
    }
  }
  pdf.font('Helvetica');
}

/**
 * The invoice or credit note as a laid-out A4 PDF (pdfkit, standard fonts; content left
 * uncompressed so its text can be checked): the seller's header with the logo, the buyer and place
 * of supply, a table of the lines (HSN, quantity, rate, taxable value and each tax on a tax
 * invoice), the totals, the amount in words and the "computer-generated" footer on every page.
 * pdfkit and its font code are loaded at the first PDF, not at start: several MB of memory that a
 * shop not asked for an invoice never needs.
 */
export async function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const credit = doc.kind === 'credit-note';
  const title = documentTitle(doc);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: false,
    bufferPages: true,
    info: { Title: `${title} ${doc.number}`, Author: doc.supplier.legalName },
    // No default font: the two fonts are lent below.
    font: null as unknown as string,
  });
  lendStandardFonts(pdf);
  const writeContent = contentAtOnce(pdf);
  // One line of text: pdfkit's own `text` for anything else (textLine).
  const line = (text: string, x: number | undefined, y: number | undefined, options: { width: number; align?: 'left' | 'right' }) =>
    textLine(pdf, text, x, y, options);
  const done = bytesAtOnce(pdf);
  const left = PAGE.margin;
  const noun = credit ? 'Credit note' : 'Invoice';

  // Header: the logo and the seller on the left, the document's title, number and date on the right.
  let y = PAGE.margin;
  let sellerX = left;
  if (doc.logo) {
    try {
      pdf.image(doc.logo, left, y, { fit: [90, 54] });
      sellerX = left + 100;
    } catch {
      // An unreadable logo leaves the header without it rather than the shopper without a document.
    }
  }
  const sellerWidth = 300 - (sellerX - left);
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(13);
  line(doc.supplier.legalName, sellerX, y, { width: sellerWidth });
  pdf.font('Helvetica').fontSize(9).fillColor(MUTED);
  if (doc.supplier.address) line(doc.supplier.address, undefined, undefined, { width: sellerWidth });
  line(`State: ${doc.supplier.state}${doc.supplier.stateCode ? ` (${doc.supplier.stateCode})` : ''}`, undefined, undefined, { width: sellerWidth });
  if (doc.taxInvoice && doc.supplier.gstin) {
    pdf.font('Helvetica-Bold').fillColor(INK);
    line(`GSTIN: ${doc.supplier.gstin}`, undefined, undefined, { width: sellerWidth });
    pdf.font('Helvetica').fillColor(MUTED);
  }
  const contact = [doc.supplier.phone && `Phone: ${doc.supplier.phone}`, doc.supplier.email && `E-mail: ${doc.supplier.email}`].filter(Boolean).join('   ');
  if (contact) line(contact, undefined, undefined, { width: sellerWidth });
  const sellerBottom = Math.max(pdf.y, doc.logo ? y + 54 : y);

  const rightX = left + 310;
  const rightWidth = CONTENT - 310;
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(18);
  line(title, rightX, y, { width: rightWidth, align: 'right' });
  pdf.font('Helvetica').fontSize(9.5);
  line(`${noun} number: ${doc.number}`, undefined, undefined, { width: rightWidth, align: 'right' });
  line(`${noun} date: ${doc.date}`, undefined, undefined, { width: rightWidth, align: 'right' });
  line(`Order: ${doc.orderCode}`, undefined, undefined, { width: rightWidth, align: 'right' });
  if (doc.against) line(`Against invoice: ${doc.against.number} of ${doc.against.date}`, undefined, undefined, { width: rightWidth, align: 'right' });
  y = Math.max(sellerBottom, pdf.y) + 10;
  pdf
    .moveTo(left, y)
    .lineTo(left + CONTENT, y)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  y += 10;

  // The buyer on the left; the place of supply and the reason on the right.
  pdf.fillColor(MUTED).font('Helvetica-Bold').fontSize(8.5);
  line('BILL TO / SHIP TO', left, y, { width: 300 });
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(10);
  line(doc.buyer.name, undefined, undefined, { width: 300 });
  pdf.font('Helvetica').fontSize(9.5);
  line(doc.buyer.address, undefined, undefined, { width: 300 });
  line(`${doc.buyer.phone} · ${doc.buyer.email}`, undefined, undefined, { width: 300 });
  const buyerBottom = pdf.y;
  pdf.fillColor(MUTED).font('Helvetica-Bold').fontSize(8.5);
  line('SUPPLY', rightX, y, { width: rightWidth, align: 'right' });
  pdf.fillColor(INK).font('Helvetica').fontSize(9.5);
  line(`Place of supply: ${doc.placeOfSupply.state}${doc.placeOfSupply.code ? ` (${doc.placeOfSupply.code})` : ''}`, undefined, undefined, {
    width: rightWidth,
    align: 'right',
  });
  if (doc.reason) line(`Reason: ${doc.reason}`, undefined, undefined, { width: rightWidth, align: 'right' });
  if (doc.taxInvoice)
    line(`Tax: ${doc.intraState ? 'CGST + SGST (within the state)' : 'IGST (to another state)'}`, undefined, undefined, { width: rightWidth, align: 'right' });
  y = Math.max(buyerBottom, pdf.y) + 14;

  // The table of lines, its heading repeated on each new page.
  const columns = columnsOf(doc);
  const pad = 3;
  const rowHeight = (cells: string[], font: string, size: number) => {
    pdf.font(font).fontSize(size);
    return Math.max(...cells.map((text, i) => heightOf(pdf, text, columns[i]!.width - 2 * pad))) + 2 * pad;
  };
  const drawRow = (cells: string[], font: string, size: number, fill: string | null) => {
    const h = rowHeight(cells, font, size);
    if (fill) pdf.rect(left, y, CONTENT, h).fill(fill);
    pdf.fillColor(INK).font(font).fontSize(size);
    let x = left;
    cells.forEach((text, i) => {
      const c = columns[i]!;
      line(text, x + pad, y + pad, { width: c.width - 2 * pad, align: c.align });
      x += c.width;
    });
    y += h;
    pdf
      .moveTo(left, y)
      .lineTo(left + CONTENT, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  const heading = columns.map((c) => c.header);
  drawRow(heading, 'Helvetica-Bold', 8, HEAD_FILL);
  for (const [i, line] of doc.lines.entries()) {
    const cells = columns.map((c) => c.cell(line, i));
    if (y + rowHeight(cells, 'Helvetica', 8.5) > FOOTER_TOP - 10) {
      pdf.addPage();
      y = PAGE.margin;
      drawRow(heading, 'Helvetica-Bold', 8, HEAD_FILL);
    }
    drawRow(cells, 'Helvetica', 8.5, null);
  }

  // Totals on the right, each "label: amount" as one line.
  const t = doc.totals;
  const totals: string[] = [];
  if (!credit) {
    totals.push(`Total before discount: ${money(t.grossPaise)}`);
    if (t.discountPaise > 0 || doc.couponCode) totals.push(`Discount${doc.couponCode ? ` (coupon ${doc.couponCode})` : ''}: ${money(t.discountPaise)}`);
  }
  if (doc.taxInvoice) {
    totals.push(`Taxable value: ${money(t.taxablePaise)}`);
    if (doc.intraState) totals.push(`CGST: ${money(t.cgstPaise)}`, `SGST: ${money(t.sgstPaise)}`);
    else totals.push(`IGST: ${money(t.igstPaise)}`);
  }
  const grand = `${credit ? 'Credit note total' : 'Invoice total'}: ${money(t.totalPaise)}`;
  const words = `Amount in words: ${rupeesInWords(t.totalPaise)}`;
  const needed = totals.length * 13 + 60 + heightOf(pdf.font('Helvetica').fontSize(9.5), words, CONTENT);
  if (y + needed > FOOTER_TOP - 10) {
    pdf.addPage();
    y = PAGE.margin;
  }
  y += 8;
  pdf.fillColor(INK).font('Helvetica').fontSize(9.5);
  for (const text of totals) {
    line(text, left, y, { width: CONTENT, align: 'right' });
    y = pdf.y + 2;
  }
  pdf
    .moveTo(left + CONTENT - 220, y)
    .lineTo(left + CONTENT, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  y += 4;
  pdf.font('Helvetica-Bold').fontSize(11.5);
  line(grand, left, y, { width: CONTENT, align: 'right' });
  y = pdf.y + 8;
  pdf.font('Helvetica').fontSize(9.5);
  line(words, left, y, { width: CONTENT });
  y = pdf.y + 8;
  pdf.fillColor(MUTED).fontSize(8.5);
  if (doc.taxInvoice) line('Prices include GST.', left, y, { width: CONTENT });
  else
    line('The supplier is not registered under GST: no tax is charged on this document, and the prices are the amounts payable.', left, y, { width: CONTENT });

  // The footer on every page.
  const range = pdf.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    pdf.switchToPage(page);
    pdf
      .moveTo(left, FOOTER_TOP)
      .lineTo(left + CONTENT, FOOTER_TOP)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    pdf
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(
        `This is a computer-generated document and needs no signature. ${title} ${doc.number} · page ${page - range.start + 1} of ${range.count}`,
        left,
        FOOTER_TOP + 6,
        {
          width: CONTENT,
          align: 'center',
          lineBreak: false,
        },
      );
  }
  writeContent();
  pdf.end();
  return done;
}
