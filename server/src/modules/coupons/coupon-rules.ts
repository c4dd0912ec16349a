import type { Selectable } from 'kysely';
import { orderMessages } from '@shared/order-messages';
import type { CouponTable } from '../../db/schema';
import { formatPaise } from '@shared/money';

/** What the rules read of a coupon: its terms and counters as stored. */
export type CouponTerms = Pick<
  Selectable<CouponTable>,
  | 'discount_paise'
  | 'discount_percent'
  | 'min_purchase_paise'
  | 'product_id'
  | 'expires_at'
  | 'usage_limit'
  | 'once_per_customer'
  | 'used_count'
  | 'reserved_count'
  | 'free_shipping'
>;

export interface CartForCoupon {
  lines: { productId: number; unitPaise: number; quantity: number; available: boolean }[];
  subtotalPaise: number;
}

/** freeShipping: the order ships free (a coupon never takes anything off shipping otherwise). */
export type CouponOutcome = { ok: true; discountPaise: number; freeShipping: boolean } | { ok: false; message: string };

/**
 * Whether a coupon applies to a cart and how much it takes off, in paise:
 * - it must not have expired, nor be used up (paid uses plus uses held by orders awaiting payment),
 *   nor have been used by this shopper when it is once per customer;
 * - the cart subtotal must reach its minimum purchase;
 * - a product-restricted coupon applies to that product's line only, and needs it in the cart;
 * - with both a flat and a percentage discount the larger applies, rounded to the nearest paisa,
 *   and it never exceeds the amount it applies to;
 * - a free-shipping coupon (with or without a discount) makes the order's shipping free; no other
 *   coupon touches shipping.
 */
export function evaluateCoupon(c: CouponTerms, cart: CartForCoupon, now: Date, usedByShopper: boolean): CouponOutcome {
  if (c.expires_at && now.getTime() > Date.parse(c.expires_at)) return { ok: false, message: orderMessages.couponExpired };
  if (c.usage_limit !== null && c.used_count + c.reserved_count >= c.usage_limit) return { ok: false, message: orderMessages.couponUsedUp };
  if (Boolean(c.once_per_customer) && usedByShopper) return { ok: false, message: orderMessages.couponAlreadyUsed };
  if (c.min_purchase_paise !== null && cart.subtotalPaise < c.min_purchase_paise) {
    return { ok: false, message: orderMessages.couponMinPurchase(formatPaise(c.min_purchase_paise)) };
  }
  let eligible = cart.subtotalPaise;
  if (c.product_id !== null) {
    const line = cart.lines.find((l) => l.productId === c.product_id && l.available);
    if (!line) return { ok: false, message: orderMessages.couponProductMissing };
    eligible = line.unitPaise * line.quantity;
  }
  const flat = c.discount_paise ?? 0;
  const percent = c.discount_percent !== null ? Math.round((eligible * c.discount_percent) / 100) : 0;
  const discountPaise = Math.max(0, Math.min(Math.max(flat, percent), eligible));
  return { ok: true, discountPaise, freeShipping: Boolean(c.free_shipping) };
}

/** Codes are matched regardless of case and surrounding spaces. */
export function couponKey(code: string): string {
  return code.trim().toUpperCase();
}
