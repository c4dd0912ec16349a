import { describe, expect, it } from 'vitest';
import {
  creditNoteNumber,
  creditNotesLines,
  financialYear,
  invoiceLines,
  invoiceNumber,
  invoiceTotals,
  principalRateBp,
  shareOut,
  shippingLine,
  stateCode,
} from './gst';

/** A line of goods on an invoice: its tax-inclusive unit price in paise, the quantity, the GST rate in basis points. */
const sold = (unitPaise: number, quantity: number, rateBp: number) => ({ unitPaise, quantity, rateBp });

describe('GST invoice arithmetic', () => {
  it('takes 18 % out of a tax-inclusive price so that taxable value + tax = price', () => {
    const [line] = invoiceLines([sold(118_00, 1, 1800)], 0, true);
    expect(line).toMatchObject({ taxablePaise: 100_00, cgstPaise: 9_00, sgstPaise: 9_00, igstPaise: 0, totalPaise: 118_00 });
    const [odd] = invoiceLines([sold(2_499_50, 3, 1800)], 0, false);
    expect(odd!.taxablePaise + odd!.igstPaise).toBe(7_498_50);
    expect(odd).toMatchObject({ cgstPaise: 0, sgstPaise: 0 });
  });

  it('splits the discount over the lines to the paisa, and the totals add up', () => {
    const lines = invoiceLines([sold(333_33, 1, 1800), sold(100_01, 2, 1200), sold(1, 7, 500)], 101_01, true);
    const t = invoiceTotals(lines);
    expect(t.discountPaise).toBe(101_01);
    expect(t.totalPaise).toBe(333_33 + 200_02 + 7 - 101_01);
    expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(t.totalPaise);
    for (const l of lines) expect(Math.abs(l.cgstPaise - l.sgstPaise)).toBeLessThanOrEqual(1);
  });

  it('numbers invoices per financial year (1 April, India time), at most 16 characters', () => {
    expect(financialYear(new Date('2026-11-23T10:00:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2027-03-31T18:00:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2027-03-31T18:31:00Z'))).toBe('27-28');
    expect(invoiceNumber('RK', '26-27', 123)).toBe('RK/26-27/000123');
    expect(invoiceNumber('RKI', '26-27', 999_999)).toHaveLength(16);
  });

  it('knows the state codes of the place of supply', () => {
    expect(stateCode('Maharashtra')).toBe('27');
    expect(stateCode('  tamil nadu ')).toBe('33');
    expect(stateCode('Jammu & Kashmir')).toBe('01');
    expect(stateCode('Atlantis')).toBeNull();
  });

  it('shares an amount out in whole paise that add up, by largest remainders', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(10, [0, 5, 5])).toEqual([0, 5, 5]);
    expect(shareOut(7, [0, 0])).toEqual([0, 0]);
    expect(shareOut(1_000_01, [3, 7]).reduce((a, b) => a + b, 0)).toBe(1_000_01);
    expect(shareOut(2, [1, 1, 1, 1])).toEqual([1, 1, 0, 0]);
  });

  it('makes credit note lines that add up to each refund and never credit a line twice', () => {
    const invoice = invoiceLines([sold(1_180_00, 1, 1800), sold(105_00, 2, 500)], 100_00, false);
    const total = invoiceTotals(invoice).totalPaise;
    const [whole] = creditNotesLines(invoice, [{ amountPaise: total }], false);
    expect(whole!.map((l) => l.totalPaise)).toEqual(invoice.map((l) => l.totalPaise));
    expect(whole!.map((l) => l.igstPaise)).toEqual(invoice.map((l) => l.igstPaise));

    const [part] = creditNotesLines(invoice, [{ amountPaise: 500_01 }], true);
    const t = invoiceTotals(part!);
    expect(t.totalPaise).toBe(500_01);
    expect(t.taxablePaise + t.cgstPaise + t.sgstPaise).toBe(500_01);
    expect(t.igstPaise).toBe(0);

    // The second line refunded first, then the rest on cancellation: the rest is the first line only.
    const [second, rest] = creditNotesLines(
      invoice,
      [{ amountPaise: invoice[1]!.totalPaise, onlyLines: [false, true] }, { amountPaise: invoice[0]!.totalPaise }],
      false,
    );
    expect(second).toHaveLength(1);
    expect(second![0]).toMatchObject({ index: 1, totalPaise: invoice[1]!.totalPaise, quantity: 2 });
    expect(rest!.map((l) => [l.index, l.totalPaise])).toEqual([[0, invoice[0]!.totalPaise]]);
    expect(rest![0]!.igstPaise).toBe(invoice[0]!.igstPaise);

    // A refund of lines larger than what is left of them is shared over every line.
    const [, over] = creditNotesLines(
      invoice,
      [
        { amountPaise: 100_00, onlyLines: [false, true] },
        { amountPaise: 200_00, onlyLines: [false, true] },
      ],
      false,
    );
    expect(invoiceTotals(over!).totalPaise).toBe(200_00);
    expect(over!.map((l) => l.index)).toEqual([0, 1]);
  });

  it('numbers credit notes in their own series, at most 16 characters', () => {
    expect(creditNoteNumber('RK', '26-27', 12)).toBe('RKC/26-27/00012');
    expect(creditNoteNumber('ABC', '26-27', 99_999)).toHaveLength(16);
  });

  it('gives leftover paise to the largest remainders, the earlier line first on a tie', () => {
    expect(shareOut(10, [5, 1, 1])).toEqual([7, 2, 1]);
    expect(shareOut(10, [1, 2, 4])).toEqual([1, 3, 6]);
    expect(shareOut(3, [1, 1, 1, 1])).toEqual([1, 1, 1, 0]);
  });

  it('reads state names in any case and spacing', () => {
    expect(stateCode('tamil  nadu')).toBe('33');
    expect(stateCode('Jammu & Kashmir')).toBe('01');
    expect(stateCode('Atlantis')).toBeNull();
  });
});

describe('shipping on the invoice (a composite supply)', () => {
  it('takes the rate of the line with the highest taxable value; of equal lines the higher rate', () => {
    const lines = invoiceLines([sold(1_000_00, 1, 1200), sold(400_00, 2, 1800), sold(50_00, 1, 2800)], 0, true);
    expect(principalRateBp(lines)).toBe(1200);
    const equal = invoiceLines([sold(112_00, 1, 1200), sold(118_00, 1, 1800)], 0, true);
    expect(equal[0]!.taxablePaise).toBe(equal[1]!.taxablePaise);
    expect(principalRateBp(equal)).toBe(1800);
    expect(principalRateBp(equal.slice().reverse())).toBe(1800);
    expect(principalRateBp([])).toBe(1800);
  });

  it('is never discounted and adds up to the paisa with the goods', () => {
    const goods = invoiceLines([sold(2_499_50, 1, 1800), sold(89_00, 3, 1200)], 250_00, false);
    const ship = shippingLine(goods, 79_00, false)!;
    expect(ship).toMatchObject({ grossPaise: 79_00, discountPaise: 0, rateBp: 1800, totalPaise: 79_00, cgstPaise: 0, sgstPaise: 0 });
    expect(ship.taxablePaise + ship.igstPaise).toBe(79_00);
    expect(ship.taxablePaise).toBe(66_95);
    const t = invoiceTotals([...goods, ship]);
    expect(t.totalPaise).toBe(2_499_50 + 267_00 - 250_00 + 79_00);
    expect(t.taxablePaise + t.igstPaise).toBe(t.totalPaise);
    expect(shippingLine(goods, 0, true)).toBeNull();
  });
});
