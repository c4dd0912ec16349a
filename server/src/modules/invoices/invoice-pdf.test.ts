import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from './invoice-pdf';

const line = (i: number) => ({
  title: `Robobox Mechatronics kit ${i} with servo, sensors and a description long enough to wrap`,
  hsn: '8543',
  quantity: i,
  unitPaise: 1000 * i + 99,
  grossPaise: (1000 * i + 99) * i,
  discountPaise: i % 3 ? 0 : 500,
  taxablePaise: 847 * i,
  rateBp: 1800,
  cgstPaise: 76 * i,
  sgstPaise: 76 * i,
  igstPaise: 152 * i,
  totalPaise: 1000 * i + 99,
});

const invoice = (lines: number, buyer = 'Asha Rao'): InvoiceDocument => ({
  kind: 'invoice',
  taxInvoice: true,
  number: 'RK/26-27/000123',
  date: '2026-11-27',
  supplier: {
    legalName: 'Robokits India',
    address: '1 Station Road, Pune',
    state: 'Maharashtra',
    stateCode: '27',
    gstin: '27ABCDE1234F1Z5',
    phone: '9999999999',
    email: 'shop@example.com',
  },
  logo: null,
  buyer: { name: buyer, address: '12 MG Road, Bengaluru, Karnataka 560001', phone: '9876543210', email: 'asha@example.com' },
  placeOfSupply: { state: 'Karnataka', code: '29' },
  orderCode: 'ORD-ABC123',
  couponCode: 'DIWALI',
  lines: Array.from({ length: lines }, (_, i) => line(i + 1)),
  totals: { grossPaise: 150_000, discountPaise: 500, taxablePaise: 127_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 22_500, totalPaise: 149_500 },
  intraState: false,
});

/** pdfkit's standard-font metrics (one prototype for every font object): where a pair of glyphs' kerning is looked up. */
const metrics = () =>
  Object.getPrototypeOf((new PDFDocument({ autoFirstPage: false }).font('Helvetica') as unknown as { _font: { font: object } })._font.font) as {
    getKernPair(left: string, right: string | undefined): number;
  };

describe('invoice PDF', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('measures each text once: a document made again measures nothing anew', async () => {
    const { invoicePdf } = await import('./invoice-pdf');
    await invoicePdf(invoice(3));
    const measured = vi.spyOn(metrics(), 'getKernPair');
    await invoicePdf(invoice(3));
    expect(measured).not.toHaveBeenCalled();
    // A new text (another buyer) is measured, once.
    await invoicePdf(invoice(3, 'Vikram Seth'));
    expect(measured).toHaveBeenCalled();
  });

  it('measures a new text from the pairs of characters it knows: the kerning table is read once per pair (decision 105)', async () => {
    const { invoicePdf } = await import('./invoice-pdf');
    await invoicePdf(invoice(3, 'Asha Rao'));
    const kerned = vi.spyOn(metrics(), 'getKernPair');
    // A buyer never seen, made of the first buyer's pairs but for "o A" and its end: pdfkit reads
    // the kerning table for every character of it, at every measure.
    await invoicePdf(invoice(3, 'Asha Rao Asha Rao'));
    expect(kerned.mock.calls.length).toBeGreaterThan(0);
    expect(kerned.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('is the same to the byte whether its texts were measured before or not', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z'), toFake: ['Date'] });
    // A fresh module: its first document measures every text anew; the same document made after
    // others is drawn from the texts they measured.
    const { invoicePdf } = await import('./invoice-pdf');
    const first = await invoicePdf(invoice(40));
    await invoicePdf(invoice(7, 'Vikram Seth'));
    await invoicePdf({ ...invoice(2), kind: 'credit-note', against: { number: 'RK/26-27/000001', date: '2026-11-01' }, reason: 'Returned' });
    const again = await invoicePdf(invoice(40));
    expect(again.length).toBeGreaterThan(10_000);
    expect(again.equals(first)).toBe(true);
  });
});

describe('the invoice PDF to the byte', () => {
  afterEach(() => vi.useRealTimers());

  it("is the document pdfkit made before its texts, content and bytes were written without pdfkit's wrapping and stream (issue 29)", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z'), toFake: ['Date'] });
    const { invoicePdf } = await import('./invoice-pdf');
    // SHA-256 of each document as pdfkit's own text and stream calls made it (the seventeenth
    // session's code): a change of layout changes these on purpose, anything else is a regression.
    const documents = [
      invoice(40),
      { ...invoice(3, 'Vikram Seth'), taxInvoice: false, intraState: true },
      { ...invoice(2), kind: 'credit-note' as const, against: { number: 'RK/26-27/000001', date: '2026-11-01' }, reason: 'Returned' },
    ];
    const made = await Promise.all(
      documents.map(async (d) =>
        createHash('sha256')
          .update(await invoicePdf(d))
          .digest('hex'),
      ),
    );
    expect(made).toEqual([
      '1669e8cc32c31bfd921692b137e76385fa7728b6734a4212986a8c7cc5f72b00',
      'def114be5db78bb97358233b3c03d3072439a2a9e3d80b3dada1ac2539cd7a79',
      '34c93b434a6ae3375f75f2b668a504e79e830fe214f4ad798f20204431a22043',
    ]);
  });
});

describe("one-line texts drawn without pdfkit's line wrapping", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  // Texts with kerned pairs, spaces (trailing too), tabs, break characters (which take pdfkit's own
  // path), accents and characters outside the font, short and long.
  const pieces = [
    'AV',
    'To',
    'Ty',
    'WA',
    'Rs. 1,299.00',
    'kit',
    ' ',
    '  ',
    '\t',
    'café',
    '₹',
    'मोटर',
    '-',
    '/',
    'a\nb',
    'soft\u00adhyphen',
    'LT',
    'P.',
    'www.example.com/a/b',
  ];
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const texts = Array.from({ length: 300 }, () =>
    Array.from({ length: 1 + Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join(''),
  );

  it('writes what pdf.text and pdf.heightOfString write and leave, to the byte, near the bottom of a page too', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z'), toFake: ['Date'] });
    const { textLine, heightOf, lendStandardFonts } = await import('./invoice-pdf');
    const made = () => {
      const pdf = new PDFDocument({ size: 'A4', margin: 36, compress: false, font: null as unknown as string });
      lendStandardFonts(pdf);
      const chunks: Buffer[] = [];
      pdf.on('data', (c: Buffer) => chunks.push(c));
      return { pdf, bytes: new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks)))) };
    };
    const [theirs, ours] = [made(), made()];
    const wrapped = vi.spyOn(ours.pdf, 'text');
    texts.forEach((text, i) => {
      const options = { width: 40 + random() * 400, align: random() < 0.5 ? ('right' as const) : ('left' as const) };
      const [x, y, size] = [36 + random() * 100, random() < 0.2 ? 770 + random() * 30 : 36 + random() * 700, [8, 9.5, 11.5, 18][i % 4]!];
      for (const { pdf } of [theirs, ours]) pdf.font(i % 3 ? 'Helvetica' : 'Helvetica-Bold').fontSize(size);
      expect(heightOf(ours.pdf, text, options.width)).toBe(theirs.pdf.heightOfString(text, { width: options.width }));
      theirs.pdf.text(text, x, y, options);
      textLine(ours.pdf, text, x, y, options);
      expect([ours.pdf.x, ours.pdf.y]).toEqual([theirs.pdf.x, theirs.pdf.y]);
    });
    // Both ways were taken: over a hundred texts fitted on one line, the others (a break character,
    // too wide, at the page's bottom) went through pdfkit.
    expect(texts.length - wrapped.mock.calls.length).toBeGreaterThan(100);
    expect(wrapped.mock.calls.length).toBeGreaterThan(50);
    theirs.pdf.end();
    ours.pdf.end();
    expect((await ours.bytes).equals(await theirs.bytes)).toBe(true);
  });
});
