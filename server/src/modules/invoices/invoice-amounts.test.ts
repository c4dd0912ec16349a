import { describe, expect, it } from 'vitest';
import { computeInvoice, isIntraState, refundsOf, unitsTakenBack, untaxed, type StoredLine } from './invoice-amounts';

const kit: StoredLine = { id: 11, title: 'Line follower kit', quantity: 1, unit_price_paise: 118_000, hsn_code: '9023', gst_rate_bp: 1800 };
const motors: StoredLine = { id: 12, title: 'Geared motors', quantity: 2, unit_price_paise: 56_000, hsn_code: '8501', gst_rate_bp: 1200 };
const order = { delivery_state: 'Karnataka', discount_paise: 0, shipping_paise: 5_900, cod_fee_paise: 3_540 };

describe('invoice amounts', () => {
  it('charges CGST + SGST within the shop’s state: the goods, then shipping and the COD fee at the principal supply’s rate', () => {
    const { deliveryState, intraState, lines, describe: d } = computeInvoice(order, [kit, motors], 'Karnataka');
    expect({ deliveryState, intraState }).toEqual({ deliveryState: 'Karnataka', intraState: true });
    expect(
      lines.map((l) => [l.rateBp, l.quantity, l.grossPaise, l.discountPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise, l.totalPaise]),
    ).toEqual([
      [1800, 1, 118_000, 0, 100_000, 9_000, 9_000, 0, 118_000],
      [1200, 2, 112_000, 0, 100_000, 6_000, 6_000, 0, 112_000],
      // Of two lines of equal taxable value the higher rate is the principal supply.
      [1800, 1, 5_900, 0, 5_000, 450, 450, 0, 5_900],
      [1800, 1, 3_540, 0, 3_000, 270, 270, 0, 3_540],
    ]);
    expect([0, 1, 2, 3].map(d)).toEqual([
      { title: 'Line follower kit', hsn: '9023' },
      { title: 'Geared motors', hsn: '8501' },
      { title: 'Shipping and handling', hsn: '9023' },
      { title: 'Cash on delivery fee', hsn: '9023' },
    ]);
  });

  it('charges IGST to another state', () => {
    const { intraState, lines } = computeInvoice({ ...order, delivery_state: 'Maharashtra' }, [kit, motors], 'Karnataka');
    expect(intraState).toBe(false);
    expect(lines.map((l) => [l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      [0, 0, 18_000],
      [0, 0, 12_000],
      [0, 0, 900],
      [0, 0, 540],
    ]);
  });

  it('shares the coupon’s discount over the goods only, and takes shipping’s HSN from the principal supply', () => {
    const { lines, describe: d } = computeInvoice(
      { ...order, discount_paise: 10_440, cod_fee_paise: 0 },
      [motors, { ...kit, unit_price_paise: 236_000 }],
      'Karnataka',
    );
    expect(lines.map((l) => l.discountPaise)).toEqual([3_360, 7_080, 0]);
    expect(lines.map((l) => l.totalPaise)).toEqual([108_640, 228_920, 5_900]);
    expect(lines[2]!.rateBp).toBe(1800);
    expect(d(2)).toEqual({ title: 'Shipping and handling', hsn: '9023' });
    const motorsFirst = computeInvoice({ ...order, cod_fee_paise: 0 }, [kit, { ...motors, quantity: 4 }], 'Karnataka');
    expect(motorsFirst.lines[2]!.rateBp).toBe(1200);
    expect(motorsFirst.describe(2)).toEqual({ title: 'Shipping and handling', hsn: '8501' });
  });

  it('gives free shipping no line, and a COD fee its own line all the same', () => {
    const { lines, describe: d } = computeInvoice({ ...order, shipping_paise: 0 }, [kit], 'Karnataka');
    expect(lines.map((l) => l.totalPaise)).toEqual([118_000, 3_540]);
    expect(d(1)).toEqual({ title: 'Cash on delivery fee', hsn: '9023' });
    const online = computeInvoice({ ...order, cod_fee_paise: 0 }, [kit], 'Karnataka');
    expect(online.lines.map((l) => l.totalPaise)).toEqual([118_000, 5_900]);
    expect(online.describe(1)).toEqual({ title: 'Shipping and handling', hsn: '9023' });
    expect(computeInvoice({ ...order, shipping_paise: 0, cod_fee_paise: 0 }, [kit], 'Karnataka').lines).toHaveLength(1);
  });

  it('takes 18 % and HSN 9023 for a line stored without them, and the shop’s state when the order has none', () => {
    const {
      deliveryState,
      intraState,
      lines,
      describe: d,
    } = computeInvoice({ ...order, delivery_state: null, shipping_paise: 0, cod_fee_paise: 0 }, [{ ...kit, hsn_code: null, gst_rate_bp: null }], 'Goa');
    expect({ deliveryState, intraState }).toEqual({ deliveryState: 'Goa', intraState: true });
    expect(lines[0]).toMatchObject({ rateBp: 1800, taxablePaise: 100_000, cgstPaise: 9_000, sgstPaise: 9_000 });
    expect(d(0)).toEqual({ title: 'Line follower kit', hsn: '9023' });
  });

  it('describes shipping with the default HSN when the order has no goods, and any line past the end as shipping', () => {
    const { lines, describe: d } = computeInvoice({ ...order, cod_fee_paise: 0 }, [], 'Karnataka');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.rateBp).toBe(1800);
    expect(d(0)).toEqual({ title: 'Shipping and handling', hsn: '9023' });
    expect(computeInvoice(order, [kit], 'Karnataka').describe(5)).toEqual({ title: 'Shipping and handling', hsn: '9023' });
  });

  it('places the supply by state code, else by name', () => {
    expect(isIntraState('  karnataka ', 'Karnataka')).toBe(true);
    expect(isIntraState('Jammu & Kashmir', 'Jammu and Kashmir')).toBe(true);
    expect(isIntraState('Kerala', 'Karnataka')).toBe(false);
    // A state the code list does not know: compared by name, in any case.
    expect(isIntraState('Atlantis', 'atlantis')).toBe(true);
    expect(isIntraState('atlantis', 'ATLANTIS')).toBe(true);
    expect(isIntraState('Atlantis', 'Lemuria')).toBe(false);
    expect(isIntraState('Karnataka', 'Lemuria')).toBe(false);
    expect(isIntraState('Lemuria', 'Karnataka')).toBe(false);
  });

  it('reads which invoice lines a refund of lines was for; a refund by amount names none', () => {
    expect(
      refundsOf(
        [
          { amount_paise: 5_000, lines: null },
          { amount_paise: 90_000, lines: '[12]' },
        ],
        [kit, motors],
      ),
    ).toStrictEqual([{ amountPaise: 5_000 }, { amountPaise: 90_000, onlyLines: [false, true] }]);
    expect(refundsOf([], [kit])).toEqual([]);
  });

  it('shows a plain invoice’s line at its price with no GST', () => {
    const [line] = computeInvoice({ ...order, shipping_paise: 0, cod_fee_paise: 0 }, [kit], 'Karnataka').lines;
    expect(untaxed(line!)).toEqual({ ...line, rateBp: 0, taxablePaise: 118_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });

  it('takes a line’s units back with the credit note that credits what was left of it', () => {
    const line = { totalPaise: 112_000, quantity: 2 };
    expect(unitsTakenBack(112_000, line)).toBe(2);
    expect(unitsTakenBack(112_001, line)).toBe(2);
    expect(unitsTakenBack(111_999, line)).toBe(0);
  });
});
