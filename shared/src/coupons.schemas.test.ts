import { describe, expect, it } from 'vitest';
import { MAX_ID } from './catalogue.schemas';
import { AdminCoupon, CouponInput, MAX_USAGE_LIMIT } from './coupons.schemas';
import { accepted, refused } from './testing/schema-outcome';

const coupon = { code: 'SAVE10', discount: 100 };
const unset = Object.fromEntries(['discount_percent', 'min_purchase', 'product_id', 'expires_at', 'usage_limit'].map((field) => [field, null]));

describe('a coupon as the admin enters it', () => {
  it('leaves every optional field unset unless given', () => {
    expect(accepted(CouponInput, coupon)).toEqual({ ...coupon, ...unset, once_per_customer: false, free_shipping: false });
  });

  it.each([
    [{ code: ' SAVE-10_x ' }, { code: 'SAVE-10_x' }],
    [{ code: 'C'.repeat(50) }, { code: 'C'.repeat(50) }],
    [{ code: ' SAVE 10 ' }, { code: 'SAVE 10' }],
    [{ code: 'DIWALI१०' }, { code: 'DIWALI१०' }],
    [{ code: 'ÉTÉ-10' }, { code: 'ÉTÉ-10' }],
    [{ discount_percent: '12.5' }, { discount_percent: 12.5 }],
    [{ discount_percent: 12.25 }, { discount_percent: 12.25 }],
    [{ discount: '99.50' }, { discount: '99.50' }],
    [{ discount: 0.01 }, { discount: 0.01 }],
    [
      { discount: '', discount_percent: '1' },
      { discount: null, discount_percent: 1 },
    ],
    [
      { discount: null, discount_percent: 100 },
      { discount: null, discount_percent: 100 },
    ],
    [{ discount_percent: '0' }, { discount_percent: 0 }],
    [{ discount_percent: '' }, { discount_percent: null }],
    [{ min_purchase: '' }, { min_purchase: null }],
    [{ min_purchase: '499.99' }, { min_purchase: '499.99' }],
    [{ min_purchase: 0 }, { min_purchase: 0 }],
    [{ product_id: '' }, { product_id: null }],
    [{ product_id: '1' }, { product_id: 1 }],
    [{ product_id: MAX_ID }, { product_id: MAX_ID }],
    [{ expires_at: '' }, { expires_at: null }],
    [{ expires_at: '2026-12-31' }, { expires_at: '2026-12-31' }],
    [{ usage_limit: '' }, { usage_limit: null }],
    [{ usage_limit: '1' }, { usage_limit: 1 }],
    [{ usage_limit: MAX_USAGE_LIMIT }, { usage_limit: 1_000_000_000 }],
    [{ once_per_customer: 'true' }, { once_per_customer: true }],
    [{ once_per_customer: 'on' }, { once_per_customer: true }],
    [{ once_per_customer: true }, { once_per_customer: true }],
    [{ once_per_customer: 1 }, { once_per_customer: true }],
    [{ once_per_customer: 'false' }, { once_per_customer: false }],
    [{ once_per_customer: '1' }, { once_per_customer: false }],
    [{ once_per_customer: false }, { once_per_customer: false }],
  ])('accepts %j as %j', (change, expected) => {
    expect(accepted(CouponInput, { ...coupon, ...change })).toMatchObject(expected);
  });

  const amount = (label: string) => `${label} must be an amount in rupees, 0 or more, with at most 2 decimals`;
  const percent = 'Discount percentage must be from 0 to 100';
  const productId = 'Product ID must be a product id';
  it.each([
    [{ code: undefined }, 'code', 'Coupon code is required'],
    [{ code: '   ' }, 'code', 'Coupon code is required'],
    [{ code: 'C'.repeat(51) }, 'code', 'Coupon code must be at most 50 characters'],
    [{ code: 'SAVE  10' }, 'code', 'Coupon code may use letters, digits, single spaces, - and _'],
    [{ code: '!SAVE10' }, 'code', 'Coupon code may use letters, digits, single spaces, - and _'],
    [{ code: 'SAVE10!' }, 'code', 'Coupon code may use letters, digits, single spaces, - and _'],
    [{ discount_percent: '12.125' }, 'discount_percent', 'Discount percentage may have at most 2 decimals'],
    [{ discount: -1 }, 'discount', amount('Fixed discount')],
    [{ discount: '1.234' }, 'discount', amount('Fixed discount')],
    [{ discount: 'ten' }, 'discount', amount('Fixed discount')],
    [{ discount_percent: 'ten' }, 'discount_percent', 'Discount percentage must be a number from 0 to 100'],
    [{ discount_percent: 0.001 }, 'discount_percent', 'Discount percentage may have at most 2 decimals'],
    [{ discount_percent: -1 }, 'discount_percent', percent],
    [{ discount_percent: 101 }, 'discount_percent', percent],
    [{ min_purchase: -5 }, 'min_purchase', amount('Minimum purchase')],
    [{ product_id: 'kit' }, 'product_id', 'Product ID must be a number'],
    [{ product_id: 1.5 }, 'product_id', productId],
    [{ product_id: 0 }, 'product_id', productId],
    [{ product_id: MAX_ID + 1 }, 'product_id', productId],
    [{ expires_at: 'someday' }, 'expires_at', 'Expiry must be a date'],
    [{ usage_limit: 'x' }, 'usage_limit', 'Usage limit must be a number'],
    [{ usage_limit: 2.5 }, 'usage_limit', 'Usage limit must be a whole number'],
    [{ usage_limit: 0 }, 'usage_limit', 'Usage limit must be at least 1'],
    [{ usage_limit: MAX_USAGE_LIMIT + 1 }, 'usage_limit', 'Usage limit must be at most 1,000,000,000'],
  ])('refuses %j: %s %s', (change, field, message) => {
    expect(refused(CouponInput, { ...coupon, ...change })).toEqual({ [field]: message });
  });

  it.each([
    [{ code: 'SAVE10' }],
    [{ code: 'SAVE10', discount: 0 }],
    [{ code: 'SAVE10', discount: '', discount_percent: 0 }],
    [{ code: 'SAVE10', discount: 0, discount_percent: '' }],
  ])('asks for a fixed discount or a percentage above 0: %j', (input) => {
    expect(refused(CouponInput, input)).toEqual({ discount: 'Give a fixed discount, a discount percentage or free shipping' });
  });
});

it('passes the admin coupon record through whole', () => {
  const record = {
    id: 1,
    ...coupon,
    ...unset,
    min_purchase: 500,
    expires_at: '2026-12-31T00:00:00.000Z',
    once_per_customer: true,
    free_shipping: false,
    used_count: 3,
  };
  expect(accepted(AdminCoupon, record)).toEqual(record);
});
