import { formatPaise } from '@shared/money';

export interface PackingSlip {
  orderCode: string;
  date: string;
  name: string;
  phone: string;
  address: string;
  lines: { title: string; quantity: number; weightGrams: number }[];
  weightGrams: number;
  /** cash on delivery: the amount the courier collects (null: prepaid) */
  collectPaise: number | null;
}

/**
 * Packing slips as one PDF, one page an order: the delivery address and phone for the label, the
 * lines to pick and the parcel's weight; no prices (the parcel may be a gift), except the amount the
 * courier collects for a cash-on-delivery order. pdfkit is loaded at
 * the first slip, as invoices load it.
 */
export async function packingSlipsPdf(shopName: string, slips: PackingSlip[]): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({ size: 'A5', margin: 32, compress: false, autoFirstPage: false, info: { Title: `Packing slips (${slips.length})` } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  const grams = (g: number) => (g >= 1000 ? `${(g / 1000).toFixed(2)} kg` : `${g} g`);

  for (const slip of slips) {
    pdf.addPage();
    pdf.font('Helvetica-Bold').fontSize(14).text(`Packing slip: ${slip.orderCode}`);
    pdf.font('Helvetica').fontSize(9).text(`${shopName} · ordered ${slip.date}`);
    pdf.moveDown();
    pdf.font('Helvetica-Bold').fontSize(11).text('Deliver to');
    pdf.font('Helvetica').text(slip.name);
    pdf.text(slip.address);
    pdf.text(`Phone: ${slip.phone}`);
    pdf.moveDown();
    pdf.font('Helvetica-Bold').text('Items');
    pdf.font('Helvetica');
    for (const l of slip.lines) pdf.text(`${l.quantity} x ${l.title}${l.weightGrams > 0 ? ` (${grams(l.weightGrams * l.quantity)})` : ''}`);
    pdf.moveDown();
    pdf.font('Helvetica-Bold').text(`Parcel weight: ${grams(slip.weightGrams)}`);
    // The rupee sign is not in the standard fonts (as on invoices): "Rs.".
    if (slip.collectPaise !== null)
      pdf
        .moveDown()
        .fontSize(13)
        .text(`CASH ON DELIVERY: collect ${formatPaise(slip.collectPaise).replace('₹', 'Rs. ')}`)
        .fontSize(11);
  }
  pdf.end();
  return done;
}
