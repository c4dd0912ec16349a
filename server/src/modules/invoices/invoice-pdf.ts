import { formatPaise } from '@shared/money';
import type { InvoiceLine } from '@shared/gst';

export interface InvoiceDocument {
  /** a tax invoice, or a credit note against one (for a refund) */
  kind: 'invoice' | 'credit-note';
  number: string;
  date: string;
  supplier: { legalName: string; address: string; state: string; stateCode: string | null; gstin: string | null };
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

/**
 * The tax invoice or credit note as a PDF (pdfkit, standard fonts; content left uncompressed so its
 * text can be checked). pdfkit and its font code are loaded at the first PDF, not at start: several
 * MB of memory that a shop not asked for an invoice never needs.
 */
export async function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const credit = doc.kind === 'credit-note';
  const pdf = new PDFDocument({ size: 'A4', margin: 40, compress: false, info: { Title: `${credit ? 'Credit note' : 'Tax invoice'} ${doc.number}` } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  // The rupee sign is not in the standard fonts: amounts read "Rs." in the PDF.
  const money = (paise: number) => formatPaise(paise).replace('₹', 'Rs. ');

  pdf.font('Helvetica-Bold').fontSize(16).text(credit ? 'Credit Note' : 'Tax Invoice');
  pdf.font('Helvetica').fontSize(10).moveDown(0.5);
  pdf.text(`${credit ? 'Credit note' : 'Invoice'} number: ${doc.number}`);
  pdf.text(`${credit ? 'Credit note' : 'Invoice'} date: ${doc.date}`);
  if (doc.against) pdf.text(`Against invoice: ${doc.against.number} of ${doc.against.date}`);
  pdf.text(`Order: ${doc.orderCode}`);
  if (doc.reason) pdf.text(`Reason: ${doc.reason}`);
  pdf.moveDown();
  pdf.font('Helvetica-Bold').text('Supplier');
  pdf.font('Helvetica').text(doc.supplier.legalName);
  if (doc.supplier.address) pdf.text(doc.supplier.address);
  pdf.text(`State: ${doc.supplier.state}${doc.supplier.stateCode ? ` (${doc.supplier.stateCode})` : ''}`);
  pdf.text(`GSTIN: ${doc.supplier.gstin ?? 'not registered'}`);
  pdf.moveDown();
  pdf.font('Helvetica-Bold').text('Bill to / Ship to');
  pdf.font('Helvetica').text(doc.buyer.name);
  pdf.text(doc.buyer.address);
  pdf.text(`${doc.buyer.phone} · ${doc.buyer.email}`);
  pdf.text(`Place of supply: ${doc.placeOfSupply.state}${doc.placeOfSupply.code ? ` (${doc.placeOfSupply.code})` : ''}`);
  pdf.moveDown();
  for (const [i, l] of doc.lines.entries()) {
    pdf.font('Helvetica-Bold').text(`${i + 1}. ${l.title}`);
    pdf.font('Helvetica').text(
      [
        `HSN ${l.hsn}`,
        ...(credit ? [`Credited ${money(l.totalPaise)}`] : [`Qty ${l.quantity} x ${money(l.unitPaise)}`]),
        ...(l.discountPaise ? [`Discount ${money(l.discountPaise)}`] : []),
        `Taxable value ${money(l.taxablePaise)}`,
        `GST ${l.rateBp / 100}%`,
        doc.intraState ? `CGST ${money(l.cgstPaise)} SGST ${money(l.sgstPaise)}` : `IGST ${money(l.igstPaise)}`,
        `Total ${money(l.totalPaise)}`,
      ].join(' | '),
    );
  }
  pdf.moveDown();
  if (!credit) {
    pdf.text(`Total before discount: ${money(doc.totals.grossPaise)}`);
    pdf.text(`Discount${doc.couponCode ? ` (coupon ${doc.couponCode})` : ''}: ${money(doc.totals.discountPaise)}`);
  }
  pdf.text(`Taxable value: ${money(doc.totals.taxablePaise)}`);
  if (doc.intraState) {
    pdf.text(`CGST: ${money(doc.totals.cgstPaise)}`);
    pdf.text(`SGST: ${money(doc.totals.sgstPaise)}`);
  } else {
    pdf.text(`IGST: ${money(doc.totals.igstPaise)}`);
  }
  pdf.font('Helvetica-Bold').text(`${credit ? 'Credit note total' : 'Invoice total'}: ${money(doc.totals.totalPaise)}`);
  pdf
    .font('Helvetica')
    .moveDown()
    .fontSize(8)
    .text(`Prices include GST. This is a computer-generated ${credit ? 'credit note' : 'invoice'} and needs no signature.`);
  pdf.end();
  return done;
}
