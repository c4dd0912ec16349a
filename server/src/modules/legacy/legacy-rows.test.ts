import { describe, expect, it } from 'vitest';
import { amountToPaise, couponInput, isoTime, orderStatus, productFields } from './legacy-rows';

describe('rows of the original shop', () => {
  it('turns DECIMAL rupees into exact paise and refuses what does not fit', () => {
    expect(amountToPaise('1499.50', 'price')).toEqual({ ok: true, value: 149_950 });
    expect(amountToPaise('0.10', 'price')).toEqual({ ok: true, value: 10 });
    expect(amountToPaise('99999999.99', 'price')).toEqual({ ok: true, value: 9_999_999_999 });
    expect(amountToPaise('-5.00', 'its price').ok).toBe(false);
    expect(amountToPaise(null, 'its price')).toEqual({ ok: false, reason: 'its price is empty' });
  });

  it('reads products: a title, an exact price, a category or Uncategorised', () => {
    expect(productFields({ title: ' Kit ', price: '10.00', description: null, category: null })).toEqual({
      ok: true,
      value: { title: 'Kit', description: '', pricePaise: 1000, category: 'Uncategorised' },
    });
    expect(productFields({ title: '', price: '10.00', description: null, category: 'A' })).toEqual({ ok: false, reason: 'it has no title' });
    expect(productFields({ title: 'x'.repeat(255), price: '10.00', description: 'd'.repeat(65_535), category: 'A' }).ok).toBe(true);
    expect(productFields({ title: 'x'.repeat(256), price: '10.00', description: null, category: 'A' })).toEqual({
      ok: false,
      reason: 'its title is longer than 255 characters',
    });
  });

  it('maps the free-text statuses, refusing unknown ones', () => {
    expect(orderStatus('Processing')).toEqual({ ok: true, value: 'placed' });
    expect(orderStatus(null)).toEqual({ ok: true, value: 'placed' });
    expect(orderStatus(' Delivered ')).toEqual({ ok: true, value: 'delivered' });
    expect(orderStatus('Cancelled')).toEqual({ ok: true, value: 'canceled' });
    expect(orderStatus('shipped')).toEqual({ ok: true, value: 'dispatched' });
    expect(orderStatus('lost')).toEqual({ ok: false, reason: 'its status "lost" is not one this shop knows' });
  });

  it('takes coupons as they were, and says what the rules of the shop changed', () => {
    const base = { id: 1, code: 'SAVE', discount: null, discount_percent: null, product_id: null, min_purchase: '2000.00' };
    const fixed = couponInput({ ...base, discount: '100.00', discount_percent: '0.00' }, null);
    expect(fixed.ok && fixed.value).toEqual({
      input: expect.objectContaining({ code: 'SAVE', discount: '100.00', discount_percent: null, min_purchase: '2000.00' }),
      changes: [],
    });
    const percent = couponInput({ ...base, discount_percent: '10.00' }, 7);
    expect(percent.ok && percent.value.input).toMatchObject({ discount: null, discount_percent: 10, product_id: 7 });
    const both = couponInput({ ...base, discount: '5.00', discount_percent: '5.00' }, null);
    expect(both.ok && both.value).toEqual({ input: expect.objectContaining({ discount: '5.00', discount_percent: 5 }), changes: [] });
    const half = couponInput({ ...base, discount_percent: '12.50' }, null);
    expect(half.ok && half.value.input.discount_percent).toBe(12.5);
    const spaced = couponInput({ ...base, code: 'Diwali Sale', discount: '5.00' }, null);
    expect(spaced.ok && spaced.value).toEqual({ input: expect.objectContaining({ code: 'Diwali Sale' }), changes: [] });
    const hindi = couponInput({ ...base, code: 'दिवाली', discount: '5.00' }, null);
    expect(hindi.ok && hindi.value.input.code).toBe('दिवाली');
    expect(couponInput({ ...base, code: 'SAVE  10!', discount: '5.00' }, null)).toEqual({
      ok: true,
      value: {
        input: expect.objectContaining({ code: 'SAVE 10' }),
        changes: ['its code "SAVE  10!" is imported as "SAVE 10" (codes here are letters, digits, single spaces, - and _)'],
      },
    });
    expect(couponInput({ ...base, discount_percent: '150.00' }, null)).toEqual({
      ok: true,
      value: { input: expect.objectContaining({ discount_percent: 100 }), changes: ['its discount of 150.00 % is above 100 %: imported as 100 %'] },
    });
    expect(couponInput({ ...base, code: '!!!', discount: '5.00' }, null)).toEqual({ ok: false, reason: 'Coupon code is required' });
    expect(couponInput({ ...base }, null).ok).toBe(false);
  });

  it('reads timestamps in UTC', () => {
    expect(isoTime(new Date(Date.UTC(2025, 0, 2, 10, 30)))).toBe('2025-01-02T10:30:00.000Z');
    expect(isoTime('2025-01-02 10:30:00')).toBe('2025-01-02T10:30:00.000Z');
    expect(isoTime('garbage')).toBeNull();
  });
});
