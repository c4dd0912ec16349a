import { describe, expect, it } from 'vitest';
import { belowMinimumOrder, goodsSubtotalPaise, MIN_ORDER_PAISE, orderTotalPaise, orderValue } from './order-totals';

describe('order totals', () => {
  it('adds up the lines that can be bought, price times quantity', () => {
    const lines = [
      { unitPaise: 249_900, quantity: 2, available: true },
      { unitPaise: 9_999, quantity: 1, available: true },
      { unitPaise: 50_000, quantity: 3, available: false },
    ];
    expect(goodsSubtotalPaise(lines)).toBe(509_799);
    expect(goodsSubtotalPaise([{ unitPaise: 50_000, quantity: 3, available: false }])).toBe(0);
    expect(goodsSubtotalPaise([{ unitPaise: 700, quantity: 3, available: true }])).toBe(2_100);
    expect(goodsSubtotalPaise([])).toBe(0);
  });

  it('takes the coupon off the goods and adds the quoted shipping', () => {
    expect(orderValue({ subtotalPaise: 100_000, discountPaise: 10_000, quotedShippingPaise: 4_900, freeShipping: false })).toEqual({
      shippingPaise: 4_900,
      valuePaise: 94_900,
    });
    expect(orderValue({ subtotalPaise: 100_000, discountPaise: 0, quotedShippingPaise: 0, freeShipping: false })).toEqual({
      shippingPaise: 0,
      valuePaise: 100_000,
    });
  });

  it('charges no shipping with a free-shipping coupon', () => {
    expect(orderValue({ subtotalPaise: 100_000, discountPaise: 2_500, quotedShippingPaise: 4_900, freeShipping: true })).toEqual({
      shippingPaise: 0,
      valuePaise: 97_500,
    });
  });

  it('adds the COD fee to the value for the total', () => {
    expect(orderTotalPaise(94_900, 5_000)).toBe(99_900);
    expect(orderTotalPaise(94_900, 0)).toBe(94_900);
  });

  it('refuses totals under ₹1, the least a payment can be', () => {
    expect(MIN_ORDER_PAISE).toBe(100);
    expect(belowMinimumOrder(99)).toBe(true);
    expect(belowMinimumOrder(0)).toBe(true);
    expect(belowMinimumOrder(100)).toBe(false);
    expect(belowMinimumOrder(101)).toBe(false);
  });
});
