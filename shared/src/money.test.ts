import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees, paiseToRupees, rupeesToPaise } from './money';

describe('money', () => {
  it('formats rupees with Indian digit grouping and two decimals', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456.00');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(2499.5)).toBe('₹2,499.50');
    expect(formatPaise(1234567890)).toBe('₹1,23,45,678.90');
  });

  it('converts between paise and rupees exactly', () => {
    expect(paiseToRupees(249950)).toBe(2499.5);
    expect(rupeesToPaise('2499.50')).toBe(249950);
    expect(rupeesToPaise(0.1)).toBe(10);
    expect(rupeesToPaise('19.99')).toBe(1999);
    expect(rupeesToPaise(1.15)).toBe(115); // 1.15 * 100 is 114.99999999999999 in floating point
  });

  it.each(['-1', '1.234', 'abc', '', '1e3', '١٢'])('refuses %j as an amount', (v) => {
    expect(rupeesToPaise(v)).toBeNull();
  });

  it('reads whole rupees and amounts with spaces around them', () => {
    expect(rupeesToPaise('2499')).toBe(249_900);
    expect(rupeesToPaise(' 12.50 ')).toBe(1_250);
    expect(rupeesToPaise(7)).toBe(700);
  });
});
