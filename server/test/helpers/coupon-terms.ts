import type { CouponTerms } from '../../src/modules/coupons/coupon-rules';

/** The terms of a coupon that limits nothing: no discount, no minimum purchase, any product, no expiry or usage limit, shipping as charged. */
export const OPEN_TERMS = {
  discount_paise: null,
  discount_percent: null,
  min_purchase_paise: null,
  product_id: null,
  expires_at: null,
  usage_limit: null,
  once_per_customer: 0,
  free_shipping: 0,
} satisfies Partial<CouponTerms>;
