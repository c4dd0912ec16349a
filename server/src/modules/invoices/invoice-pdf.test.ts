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
