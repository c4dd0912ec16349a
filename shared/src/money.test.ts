import { describe, expect, it } from 'vitest';
import { formatCount, formatPaise, formatRupees, paiseToRupees, rupeesToPaise } from './money';

describe('money', () => {
  it('formats rupees with Indian digit grouping and two decimals', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456.00');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(2499.5)).toBe('₹2,499.50');
    expect(formatPaise(1234567890)).toBe('₹1,23,45,678.90');
  });

  it("formats exactly as Intl's en-IN rupee format does, for any amount", () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const amounts = [0, 0.5, 0.005, 0.004, 9.99, 99.5, 999, 1000, 99_999, 1e5, 1e7, 123_456.78, -5, -1234.5, 0.1 + 0.2, 1e-7, Number.NaN, 1e12 + 0.01];
    for (let i = 0; i < 20_000; i++) {
      const sign = random() < 0.1 ? -1 : 1;
      amounts.push(sign * (Math.floor(random() * 1e11) / 100)); // whole paise, up to ₹100 crore
      amounts.push(sign * (Math.round(random() * 1e8) / 1000)); // a third decimal: rounding, halves included
      amounts.push(random() * 1e6); // any double
    }
    for (const amount of amounts) expect(formatRupees(amount), String(amount)).toBe(intl.format(amount));
    // Only where Intl writes a minus before nothing: a negative that rounds to zero.
    expect(formatRupees(-0.001)).toBe('₹0.00');
  });

  it("writes whole numbers as toLocaleString('en-IN') does", () => {
    expect(formatCount(50_000)).toBe('50,000');
    expect(formatCount(1_00_000)).toBe('1,00,000');
    const counts = [0, 1, 12, 999, 1000, 99_999, 100_000, 1_234_567, 10_00_00_000, -5, -1234, Number.MAX_SAFE_INTEGER];
    for (let n = 1; n < 1e15; n = n * 7 + 3) counts.push(n);
    for (const count of counts) expect(formatCount(count), String(count)).toBe(count.toLocaleString('en-IN'));
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
