/**
 * Money is integer paise everywhere in the database and in arithmetic.
 * Rupees appear only at the edges: the API (numbers with at most two decimals)
 * and the web (formatted with Indian digit grouping).
 */

/**
 * Intl's rupee format, made only for a value that is not a plain decimal (NaN, Infinity, 1e-7):
 * creating it costs 45-65 ms in a fresh Chromium page (the en-IN locale data), which was the
 * largest single task of the storefront's start on a phone (decision 025).
 */
let intlRupees: Intl.NumberFormat | null = null;

/** Paise to the rupee number the API shows (1234550 -> 12345.5). */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/**
 * Rupees (number or decimal string) to integer paise, exactly.
 * Returns null when the value is not a finite, non-negative amount with at most two decimals,
 * or is ₹10 crore or more (no price, discount or refund of this shop comes near; the cap keeps
 * every amount far inside what both databases store).
 */
export function rupeesToPaise(value: number | string): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * ₹1,23,456.00 for a rupee amount: Indian digit grouping (thousands, then lakhs and crores in twos),
 * two decimals rounded half away from zero on the number's shortest decimal form, as Intl's en-IN
 * currency format gives (the tests hold it to Intl's output), without Intl's start-up cost.
 */
export function formatRupees(rupees: number): string {
  const decimal = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(rupees)));
  if (!decimal) {
    intlRupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return intlRupees.format(rupees);
  }
  const fraction = (decimal[2] ?? '').padEnd(3, '0');
  const paise = BigInt(decimal[1]! + fraction.slice(0, 2)) + (fraction[2]! >= '5' ? 1n : 0n);
  const digits = paise.toString().padStart(3, '0');
  return `${rupees < 0 && paise > 0n ? '-' : ''}₹${groupIndian(digits.slice(0, -2))}.${digits.slice(-2)}`;
}

/** Indian digit grouping of a string of digits: the last three, then twos (1234567 -> 12,34,567). */
function groupIndian(whole: string): string {
  const lakhs = whole.slice(0, -3);
  return lakhs ? `${lakhs.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}` : whole;
}

/**
 * 1,00,000 for a whole number, as `toLocaleString('en-IN')` writes it, without Intl: the first Intl
 * number format of a process reads some 4 MB of ICU's locale data into memory (decision 073), and
 * messages built at a module's top would do it at every start of the server.
 */
export function formatCount(count: number): string {
  return `${count < 0 ? '-' : ''}${groupIndian(String(Math.abs(Math.trunc(count))))}`;
}

/** ₹1,23,456.00 for an amount in paise. */
export function formatPaise(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}
