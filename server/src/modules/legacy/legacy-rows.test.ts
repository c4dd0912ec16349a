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
    expect(productFields({ title: 'x'.repeat(201), price: '10.00', description: null, category: 'A' }).ok).toBe(false);
  });

  it('maps the free-text statuses, refusing unknown ones', () => {
    expect(orderStatus('Processing')).toEqual({ ok: true, value: 'placed' });
    expect(orderStatus(null)).toEqual({ ok: true, value: 'placed' });
    expect(orderStatus(' Delivered ')).toEqual({ ok: true, value: 'delivered' });
    expect(orderStatus('Cancelled')).toEqual({ ok: true, value: 'canceled' });
    expect(orderStatus('shipped')).toEqual({ ok: true, value: 'dispatched' });
    expect(orderStatus('lost')).toEqual({ ok: false, reason: 'its status "lost" is not one this shop knows' });
  });

  it('takes coupons with one kind of discount and refuses the rest with the reason', () => {
    const base = { id: 1, code: 'SAVE', discount: null, discount_percent: null, product_id: null, min_purchase: '2000.00' };
    const fixed = couponInput({ ...base, discount: '100.00', discount_percent: '0.00' }, null);
    expect(fixed.ok && fixed.value).toMatchObject({ code: 'SAVE', discount: '100.00', discount_percent: null, min_purchase: '2000.00' });
    const percent = couponInput({ ...base, discount_percent: '10.00' }, 7);
    expect(percent.ok && percent.value).toMatchObject({ discount: null, discount_percent: 10, product_id: 7 });
    expect(couponInput({ ...base, discount: '5.00', discount_percent: '5.00' }, null).ok).toBe(false);
    expect(couponInput({ ...base, discount_percent: '7.50' }, null)).toEqual({ ok: false, reason: 'its discount of 7.50 % is not a whole percentage' });
    expect(couponInput({ ...base, code: 'has space', discount: '5.00' }, null).ok).toBe(false);
  });

  it('reads timestamps in UTC', () => {
    expect(isoTime(new Date(Date.UTC(2025, 0, 2, 10, 30)))).toBe('2025-01-02T10:30:00.000Z');
    expect(isoTime('2025-01-02 10:30:00')).toBe('2025-01-02T10:30:00.000Z');
    expect(isoTime('garbage')).toBeNull();
  });
});
