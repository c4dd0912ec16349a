/**
 * Money is integer paise everywhere in the database and in arithmetic.
 * Rupees appear only at the edges: the API (numbers with at most two decimals)
 * and the web (formatted with Indian digit grouping).
 */

const rupeeFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

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

/** ₹1,23,456.00 for a rupee amount. */
export function formatRupees(rupees: number): string {
  return rupeeFormat.format(rupees);
}

/** ₹1,23,456.00 for an amount in paise. */
export function formatPaise(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}
