import { describe, expect, it } from 'vitest';
import { OPEN_TERMS } from '../../../test/helpers/coupon-terms';
import { couponKey, evaluateCoupon, type CartForCoupon, type CouponTerms } from './coupon-rules';

const base: CouponTerms = { ...OPEN_TERMS, used_count: 0, reserved_count: 0 };
const cart: CartForCoupon = {
  lines: [
    { productId: 1, unitPaise: 249_900, quantity: 2, available: true },
    { productId: 2, unitPaise: 9_999, quantity: 1, available: true },
  ],
  subtotalPaise: 509_799,
};
const now = new Date('2026-11-21T10:00:00Z');
/** What the rules answer for a coupon that applies, and for one they refuse. */
const taken = (discountPaise: number, freeShipping = false) => ({ ok: true, discountPaise, freeShipping });
const refused = (message: string) => ({ ok: false, message });

describe('coupon rules', () => {
  it('takes the larger of the flat and the percentage discount', () => {
    expect(evaluateCoupon({ ...base, discount_paise: 50_000, discount_percent: 10 }, cart, now, false)).toEqual(taken(50_980));
    expect(evaluateCoupon({ ...base, discount_paise: 60_000, discount_percent: 10 }, cart, now, false)).toEqual(taken(60_000));
  });

  it('rounds percentages to the nearest paisa', () => {
    expect(evaluateCoupon({ ...base, discount_percent: 15 }, { lines: [], subtotalPaise: 333 }, now, false)).toEqual(taken(50));
  });

  it('never takes off more than the amount it applies to', () => {
    expect(evaluateCoupon({ ...base, discount_paise: 10_000_000 }, cart, now, false)).toEqual(taken(509_799));
    expect(evaluateCoupon({ ...base, discount_percent: 100, product_id: 2 }, cart, now, false)).toEqual(taken(9_999));
  });

  it('applies a product coupon to that product only, and only when it is in the cart', () => {
    expect(evaluateCoupon({ ...base, discount_percent: 50, product_id: 1 }, cart, now, false)).toEqual(taken(249_900));
    expect(evaluateCoupon({ ...base, discount_percent: 50, product_id: 18 }, cart, now, false)).toMatchObject({ ok: false });
  });

  it('compares the minimum purchase with the subtotal', () => {
    expect(evaluateCoupon({ ...base, discount_paise: 100, min_purchase_paise: 509_799 }, cart, now, false).ok).toBe(true);
    expect(evaluateCoupon({ ...base, discount_paise: 100, min_purchase_paise: 509_800 }, cart, now, false)).toEqual(
      refused('Add items worth ₹5,098.00 or more to use this coupon'),
    );
  });

  it('refuses expired, used-up and already-used coupons', () => {
    expect(evaluateCoupon({ ...base, discount_paise: 1, expires_at: '2026-11-21T09:59:59Z' }, cart, now, false)).toEqual(refused('This coupon has expired'));
    expect(evaluateCoupon({ ...base, discount_paise: 1, usage_limit: 3, used_count: 2, reserved_count: 1 }, cart, now, false)).toEqual(
      refused('This coupon has been fully used'),
    );
    expect(evaluateCoupon({ ...base, discount_paise: 1, once_per_customer: 1 }, cart, now, true)).toEqual(refused('You have already used this coupon'));
    expect(evaluateCoupon({ ...base, discount_paise: 1, once_per_customer: 1 }, cart, now, false).ok).toBe(true);
  });

  it('accepts a coupon until the moment it expires, and one under its usage limit', () => {
    expect(evaluateCoupon({ ...base, discount_paise: 1, expires_at: '2026-11-21T10:00:00Z' }, cart, now, false)).toEqual(taken(1));
    expect(evaluateCoupon({ ...base, discount_paise: 1, expires_at: '2027-01-01T00:00:00Z' }, cart, now, false)).toEqual(taken(1));
    expect(evaluateCoupon({ ...base, discount_paise: 1, usage_limit: 3, used_count: 1, reserved_count: 1 }, cart, now, false)).toEqual(taken(1));
  });

  it('makes shipping free only when the coupon says so, with or without a discount', () => {
    expect(evaluateCoupon({ ...base, free_shipping: 1 }, cart, now, false)).toEqual(taken(0, true));
    expect(evaluateCoupon({ ...base, discount_percent: 10, free_shipping: 1 }, cart, now, false)).toEqual(taken(50_980, true));
    expect(evaluateCoupon({ ...base, discount_percent: 100 }, cart, now, false)).toEqual(taken(509_799));
    expect(evaluateCoupon({ ...base, free_shipping: 1, min_purchase_paise: 600_000 }, cart, now, false)).toMatchObject({ ok: false });
  });

  it('matches codes whatever their case and surrounding spaces', () => {
    expect(couponKey('  welcome10 ')).toBe('WELCOME10');
    expect(couponKey('Flat-50_x')).toBe('FLAT-50_X');
  });
});
