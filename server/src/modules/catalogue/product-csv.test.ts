import { describe, expect, it } from 'vitest';
import { csvLine, formatOptions, formatParts, parseCsv, parseOptions, parseParts } from './product-csv';

describe('products CSV', () => {
  it('reads back what it writes: commas, quotes, line breaks, and fields a spreadsheet would take for formulas', () => {
    const values = ['12', 'Motor, "geared"', 'line one\r\nline two', '-12 V', '=SUM(A1)', ' padded ', ''];
    expect(parseCsv(`${csvLine(values)}\r\n`)).toEqual([values]);
    expect(csvLine(['-1'])).toBe(`"'-1"`);
    expect(parseCsv('a,b\n\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('"never closed,1')).toBeNull();
  });

  it('reads options and parts in their short forms, and refuses malformed ones', () => {
    expect(parseOptions(formatOptions({ Battery: 'included', Colour: 'red' }))).toEqual([
      ['Battery', 'included'],
      ['Colour', 'red'],
    ]);
    expect(parseOptions('Battery')).toBeNull();
    expect(
      parseParts(
        formatParts([
          { productId: 12, quantity: 2 },
          { productId: 15, variantId: 7, quantity: 1 },
        ]),
      ),
    ).toEqual([
      { productId: 12, variantId: null, quantity: 2 },
      { productId: 15, variantId: 7, quantity: 1 },
    ]);
    expect(parseParts('12 times 2')).toBeNull();
  });
});
