import { describe, expect, it } from 'vitest';
import { refundMessages } from '@shared/refunds';
import { goodsPaidPaise, leftToRefundPaise, linesRefundOf, refundTotalsOf, tooLargeMessage } from './refund-amounts';

describe('refund amounts', () => {
  it('leaves what was paid less what refunds set aside', () => {
    expect(leftToRefundPaise({ amount_paise: 100_000, refunded_paise: 30_000 })).toBe(70_000);
    expect(leftToRefundPaise({ amount_paise: 100_000, refunded_paise: 100_000 })).toBe(0);
  });

  it('names what is left when a refund is too large, else says nothing is', () => {
    expect(tooLargeMessage(70_000)).toBe(refundMessages.tooLarge('₹700.00'));
    expect(tooLargeMessage(1)).toBe(refundMessages.tooLarge('₹0.01'));
    expect(tooLargeMessage(0)).toBe(refundMessages.nothingLeft);
    expect(tooLargeMessage(-1)).toBe(refundMessages.nothingLeft);
  });

  it('counts shipping and the COD fee out of what the goods were paid', () => {
    expect(goodsPaidPaise({ total_paise: 104_900, shipping_paise: 4_900, cod_fee_paise: 0 })).toBe(100_000);
    expect(goodsPaidPaise({ total_paise: 109_900, shipping_paise: 4_900, cod_fee_paise: 5_000 })).toBe(100_000);
  });

  it('gives back whole lines at their share of what the goods were paid, rounded down', () => {
    // ₹1,000 of goods with a ₹100 coupon, ₹49 shipping and a ₹50 COD fee: a ₹250 line (2 × ₹125) gives back ₹225.
    const order = { subtotal_paise: 100_000, total_paise: 99_900, shipping_paise: 4_900, cod_fee_paise: 5_000 };
    expect(linesRefundOf(order, [{ unit_price_paise: 12_500, quantity: 2 }])).toBe(22_500);
    expect(
      linesRefundOf(order, [
        { unit_price_paise: 12_500, quantity: 2 },
        { unit_price_paise: 75_000, quantity: 1 },
      ]),
    ).toBe(90_000);
    expect(linesRefundOf({ subtotal_paise: 300, total_paise: 100, shipping_paise: 0, cod_fee_paise: 0 }, [{ unit_price_paise: 100, quantity: 1 }])).toBe(33);
    expect(linesRefundOf(order, [])).toBe(0);
  });

  it('totals processed and pending refunds per order, failed ones for nothing', () => {
    const totals = refundTotalsOf([
      { order_id: 1, status: 'processed', amount_paise: 10_000 },
      { order_id: 1, status: 'pending', amount_paise: 2_500 },
      { order_id: 1, status: 'processed', amount_paise: 500 },
      { order_id: 1, status: 'pending', amount_paise: 100 },
      { order_id: 1, status: 'failed', amount_paise: 7_000 },
      { order_id: 2, status: 'failed', amount_paise: 3_000 },
      { order_id: 3, status: 'pending', amount_paise: 900 },
    ]);
    expect([...totals]).toEqual([
      [1, { processed: 10_500, pending: 2_600 }],
      [2, { processed: 0, pending: 0 }],
      [3, { processed: 0, pending: 900 }],
    ]);
    expect(refundTotalsOf([]).size).toBe(0);
  });
});
