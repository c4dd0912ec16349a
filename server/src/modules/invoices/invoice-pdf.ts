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
    width: (char: number) => afm.widthOfGlyph(glyphOf(char)),
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
function measuredOnce(font: StandardFont): StandardFont {
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
  return Object.assign(font, {
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
}

/**
 * pdfkit builds a standard font's metrics for every document it makes (the kerning table alone is
 * thousands of pairs): a third of an invoice's CPU, made at every paid order's receipt (issue 29).
 * They never change, so each font is built once, by the first document, and later documents get
 * a copy of that font object with its metrics shared and their own id and PDF object.
 */
function lendStandardFonts(pdf: PDFKit.PDFDocument) {
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
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
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
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(doc.supplier.legalName, sellerX, y, { width: sellerWidth });
  pdf.font('Helvetica').fontSize(9).fillColor(MUTED);
  if (doc.supplier.address) pdf.text(doc.supplier.address, { width: sellerWidth });
  pdf.text(`State: ${doc.supplier.state}${doc.supplier.stateCode ? ` (${doc.supplier.stateCode})` : ''}`, { width: sellerWidth });
  if (doc.taxInvoice && doc.supplier.gstin)
    pdf.font('Helvetica-Bold').fillColor(INK).text(`GSTIN: ${doc.supplier.gstin}`, { width: sellerWidth }).font('Helvetica').fillColor(MUTED);
  const contact = [doc.supplier.phone && `Phone: ${doc.supplier.phone}`, doc.supplier.email && `E-mail: ${doc.supplier.email}`].filter(Boolean).join('   ');
  if (contact) pdf.text(contact, { width: sellerWidth });
  const sellerBottom = Math.max(pdf.y, doc.logo ? y + 54 : y);

  const rightX = left + 310;
  const rightWidth = CONTENT - 310;
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(title, rightX, y, { width: rightWidth, align: 'right' });
  pdf.font('Helvetica').fontSize(9.5);
  pdf.text(`${noun} number: ${doc.number}`, { width: rightWidth, align: 'right' });
  pdf.text(`${noun} date: ${doc.date}`, { width: rightWidth, align: 'right' });
  pdf.text(`Order: ${doc.orderCode}`, { width: rightWidth, align: 'right' });
  if (doc.against) pdf.text(`Against invoice: ${doc.against.number} of ${doc.against.date}`, { width: rightWidth, align: 'right' });
  y = Math.max(sellerBottom, pdf.y) + 10;
  pdf
    .moveTo(left, y)
    .lineTo(left + CONTENT, y)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  y += 10;

  // The buyer on the left; the place of supply and the reason on the right.
  pdf.fillColor(MUTED).font('Helvetica-Bold').fontSize(8.5).text('BILL TO / SHIP TO', left, y, { width: 300 });
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(10).text(doc.buyer.name, { width: 300 });
  pdf.font('Helvetica').fontSize(9.5).text(doc.buyer.address, { width: 300 });
  pdf.text(`${doc.buyer.phone} · ${doc.buyer.email}`, { width: 300 });
  const buyerBottom = pdf.y;
  pdf.fillColor(MUTED).font('Helvetica-Bold').fontSize(8.5).text('SUPPLY', rightX, y, { width: rightWidth, align: 'right' });
  pdf.fillColor(INK).font('Helvetica').fontSize(9.5);
  pdf.text(`Place of supply: ${doc.placeOfSupply.state}${doc.placeOfSupply.code ? ` (${doc.placeOfSupply.code})` : ''}`, { width: rightWidth, align: 'right' });
  if (doc.reason) pdf.text(`Reason: ${doc.reason}`, { width: rightWidth, align: 'right' });
  if (doc.taxInvoice) pdf.text(`Tax: ${doc.intraState ? 'CGST + SGST (within the state)' : 'IGST (to another state)'}`, { width: rightWidth, align: 'right' });
  y = Math.max(buyerBottom, pdf.y) + 14;

  // The table of lines, its heading repeated on each new page.
  const columns = columnsOf(doc);
  const pad = 3;
  const rowHeight = (cells: string[], font: string, size: number) => {
    pdf.font(font).fontSize(size);
    return Math.max(...cells.map((text, i) => pdf.heightOfString(text, { width: columns[i]!.width - 2 * pad }))) + 2 * pad;
  };
  const drawRow = (cells: string[], font: string, size: number, fill: string | null) => {
    const h = rowHeight(cells, font, size);
    if (fill) pdf.rect(left, y, CONTENT, h).fill(fill);
    pdf.fillColor(INK).font(font).fontSize(size);
    let x = left;
    cells.forEach((text, i) => {
      const c = columns[i]!;
      pdf.text(text, x + pad, y + pad, { width: c.width - 2 * pad, align: c.align });
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
  const needed = totals.length * 13 + 60 + pdf.font('Helvetica').fontSize(9.5).heightOfString(words, { width: CONTENT });
  if (y + needed > FOOTER_TOP - 10) {
    pdf.addPage();
    y = PAGE.margin;
  }
  y += 8;
  pdf.fillColor(INK).font('Helvetica').fontSize(9.5);
  for (const text of totals) {
    pdf.text(text, left, y, { width: CONTENT, align: 'right' });
    y = pdf.y + 2;
  }
  pdf
    .moveTo(left + CONTENT - 220, y)
    .lineTo(left + CONTENT, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  y += 4;
  pdf.font('Helvetica-Bold').fontSize(11.5).text(grand, left, y, { width: CONTENT, align: 'right' });
  y = pdf.y + 8;
  pdf.font('Helvetica').fontSize(9.5).text(words, left, y, { width: CONTENT });
  y = pdf.y + 8;
  pdf.fillColor(MUTED).fontSize(8.5);
  if (doc.taxInvoice) pdf.text('Prices include GST.', left, y, { width: CONTENT });
  else
    pdf.text('The supplier is not registered under GST: no tax is charged on this document, and the prices are the amounts payable.', left, y, {
      width: CONTENT,
    });

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
  pdf.end();
  return done;
}
