import { createHash } from 'node:crypto';
import { CouponInput } from '@shared/coupons.schemas';
import { rupeesToPaise } from '@shared/money';
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_TITLE_MAX } from '@shared/product-text';
import type { OrderStatus } from '@shared/order-status';
import type { LegacyCoupon } from './legacy-source';

/**
 * How rows of the original shop become ours: pure rules, no database. A row
 * that cannot be carried across exactly is refused with a reason (the importer
 * reports it), never imported half-way or guessed at.
 */

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const refuse = <T>(reason: string): Outcome<T> => ({ ok: false, reason });

/** A stable digest of what a source row says, to tell an unchanged row from a changed one. */
export function checksum(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);
}

/** A DECIMAL(10,2) rupee amount, as MySQL gives it ("1499.50", "-3.00", null), to exact paise. */
export function amountToPaise(text: string | null, label: string): Outcome<number> {
  if (text === null || text.trim() === '') return refuse(`${label} is empty`);
  const paise = rupeesToPaise(text.trim());
  return paise === null ? refuse(`${label} "${text}" is not an amount this shop can hold (0 to 9,99,99,999.99 rupees)`) : ok(paise);
}

export function cleanText(text: string | null | undefined): string {
  return (text ?? '').split(String.fromCharCode(0)).join('').trim();
}

export interface ProductFields {
  title: string;
  description: string;
  pricePaise: number;
  category: string;
}

const UNCATEGORISED = 'Uncategorised';

export function productFields(p: { title: string | null; price: string | null; description: string | null; category: string | null }): Outcome<ProductFields> {
  const title = cleanText(p.title);
  if (!title) return refuse('it has no title');
  if (title.length > PRODUCT_TITLE_MAX) return refuse(`its title is longer than ${PRODUCT_TITLE_MAX} characters`);
  const description = cleanText(p.description);
  if (description.length > PRODUCT_DESCRIPTION_MAX) return refuse('its description is longer than 65,535 characters');
  const price = amountToPaise(p.price, 'its price');
  if (!price.ok) return price;
  const category = cleanText(p.category).slice(0, 100) || UNCATEGORISED;
  return ok({ title, description, pricePaise: price.value, category });
}

export function categoryName(type: string | null): Outcome<string> {
  const name = cleanText(type);
  if (!name) return refuse('it has no name');
  if (name.length > 100) return refuse('its name is longer than 100 characters');
  return ok(name);
}

export const categoryKey = (name: string) => name.trim().toLowerCase();

/** A coupon of the original as our coupon input, with what had to change for the shop's rules. */
export interface CouponRow {
  input: CouponInput;
  /** each change made to the row, for the import's summary */
  changes: string[];
}

/** A code as this shop's rule takes it: runs of spaces become one, characters it does not take are left out. */
function couponCode(raw: string): string {
  return raw
    .replace(/\s+/gu, ' ')
    .replace(/[^\p{L}\p{M}\p{N}_ -]/gu, '')
    .replace(/ +/g, ' ')
    .trim();
}

/**
 * A coupon of the original as ours. Both a fixed and a percent discount stay
 * (the rules apply the larger, as the original did); percentages keep their two
 * decimals; above 100 % becomes 100 % (a discount never exceeds the eligible
 * amount anyway); a code is kept as it was unless the shop's code rule needs a
 * change, which is reported.
 */
export function couponInput(c: LegacyCoupon, productId: number | null): Outcome<CouponRow> {
  const changes: string[] = [];
  const isSet = (v: string | null) => v !== null && v.trim() !== '' && Number(v) !== 0;
  const fixed = isSet(c.discount) ? c.discount!.trim() : null;
  let percent = isSet(c.discount_percent) ? Number(c.discount_percent) : null;
  if (percent !== null && percent > 100) {
    changes.push(`its discount of ${c.discount_percent!.trim()} % is above 100 %: imported as 100 %`);
    percent = 100;
  }
  const original = cleanText(c.code);
  const code = couponCode(original);
  if (code !== original) changes.push(`its code "${original}" is imported as "${code}" (codes here are letters, digits, single spaces, - and _)`);
  const parsed = CouponInput.safeParse({
    code,
    discount: fixed,
    discount_percent: percent,
    min_purchase: c.min_purchase === null || c.min_purchase.trim() === '' ? null : c.min_purchase.trim(),
    product_id: productId,
    expires_at: null,
    usage_limit: null,
    once_per_customer: false,
  });
  if (!parsed.success) return refuse(parsed.error.issues[0]!.message);
  return ok({ input: parsed.data, changes });
}

/** The original's free-text statuses ("Processing", "dispatched", "delivered", ...) as ours. */
export function orderStatus(status: string | null): Outcome<OrderStatus> {
  const s = cleanText(status).toLowerCase();
  if (s === '' || s === 'processing' || s === 'placed' || s === 'paid' || s === 'pending') return ok('placed');
  if (s === 'dispatched' || s === 'shipped') return ok('dispatched');
  if (s === 'delivered') return ok('delivered');
  if (s === 'canceled' || s === 'cancelled') return ok('canceled');
  return refuse(`its status "${cleanText(status)}" is not one this shop knows`);
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Orders of a shopper who has no account here yet wait under this owner until they sign up and verify the address. */
export const legacyOwner = (email: string) => `legacy:${email.trim().toLowerCase()}`;

/** A timestamp of the original (a Date in UTC, or text) as our ISO-8601 text. */
export function isoTime(value: Date | string | null): string | null {
  if (value === null) return null;
  const d = value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
