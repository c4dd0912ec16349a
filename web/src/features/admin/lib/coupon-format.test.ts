import { describe, expect, it } from 'vitest';
import { couponCells, emptyCouponForm, toCouponFormValues, toCouponInput, type Coupon, type CouponInput } from './coupon-format';

/** A coupon that limits nothing: every term empty. */
const base: Coupon = {
  id: 1,
  code: 'SAVE10',
  discount: null,
  discount_percent: null,
  min_purchase: null,
  product_id: null,
  expires_at: null,
  usage_limit: null,
  once_per_customer: false,
  free_shipping: false,
  used_count: 0,
};
/** What the form sends for a coupon: all but what the server keeps. */
const inputOf = ({ id: _id, used_count: _used, ...input }: Coupon): CouponInput => input;

describe('couponCells', () => {
  it('shows N/A, No Minimum and All Products for empty values', () => {
    expect(couponCells(base)).toEqual({ fixedDiscount: 'N/A', percent: 'N/A', minPurchase: 'No Minimum', product: 'All Products' });
  });

  it('formats rupees, adds the % sign and shows the product id', () => {
    const cells = couponCells({ ...base, discount: 150, discount_percent: 12.5, min_purchase: 1000, product_id: 18 });
    expect(cells).toEqual({ fixedDiscount: '₹150.00', percent: '12.5%', minPurchase: '₹1,000.00', product: '18' });
  });

  it('shows a zero discount as an amount, not as empty', () => {
    expect(couponCells({ ...base, discount: 0, discount_percent: 0 })).toMatchObject({ fixedDiscount: '₹0.00', percent: '0%' });
  });
});

describe('toCouponInput', () => {
  it('sends null for every empty field and trims the code', () => {
    expect(toCouponInput({ ...emptyCouponForm, code: '  NEW ' })).toEqual(inputOf({ ...base, code: 'NEW' }));
  });

  it('turns typed numbers into numbers and the local expiry into ISO', () => {
    const input = toCouponInput({
      ...emptyCouponForm,
      code: 'X',
      discount: '99.50',
      discount_percent: ' 10 ',
      min_purchase: '500',
      product_id: '7',
      usage_limit: '3',
      expires_at: '2030-01-31T23:59',
      once_per_customer: true,
    });
    expect(input).toMatchObject({ discount: 99.5, discount_percent: 10, min_purchase: 500, product_id: 7, usage_limit: 3, once_per_customer: true });
    expect(input.expires_at).toBe(new Date('2030-01-31T23:59').toISOString());
  });

  it('round-trips a coupon through the form values', () => {
    const coupon: Coupon = { ...base, discount: 20, product_id: 4, usage_limit: 9, once_per_customer: true };
    expect(toCouponInput(toCouponFormValues(coupon))).toEqual(inputOf(coupon));
  });
});
