import { describe, expect, it } from 'vitest';
import { linesRefundPaise, OrderMoney, RefundInput, refundMessages, RefundView } from './refunds';

describe('refund rules', () => {
  it('refunds whole lines at their share of what was paid, never more', () => {
    // ₹1,000 of goods paid ₹900 (a coupon): a ₹250 line gives back ₹225.
    expect(linesRefundPaise({ subtotalPaise: 100_000, totalPaise: 90_000 }, [{ unitPaise: 12_500, quantity: 2 }])).toBe(22_500);
    // Rounded down to the paisa: 1/3 of ₹1.00 is 33 paise.
    expect(linesRefundPaise({ subtotalPaise: 300, totalPaise: 100 }, [{ unitPaise: 100, quantity: 1 }])).toBe(33);
    expect(
      linesRefundPaise({ subtotalPaise: 300, totalPaise: 300 }, [
        { unitPaise: 100, quantity: 1 },
        { unitPaise: 50, quantity: 4 },
      ]),
    ).toBe(300);
    expect(linesRefundPaise({ subtotalPaise: 0, totalPaise: 0 }, [{ unitPaise: 100, quantity: 1 }])).toBe(0);
    expect(linesRefundPaise({ subtotalPaise: 500, totalPaise: 500 }, [])).toBe(0);
  });

  const key = { idempotencyKey: 'abcdefgh' };
  it('takes an amount or whole lines, never both or neither', () => {
    expect(RefundInput.parse({ amount: 12.5, ...key })).toEqual({ amount: 12.5, reason: '', idempotencyKey: 'abcdefgh' });
    expect(RefundInput.parse({ lines: [3, 4], reason: ' broken ', ...key })).toEqual({ lines: [3, 4], reason: 'broken', idempotencyKey: 'abcdefgh' });
    for (const bad of [{ amount: 1, lines: [1], ...key }, { ...key }]) {
      const r = RefundInput.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toContain(refundMessages.amountOrLines);
    }
  });

  it('refuses amounts that are not whole paise, not positive or beyond any order', () => {
    const message = (amount: unknown) => RefundInput.safeParse({ amount, ...key }).error?.issues[0]?.message;
    expect(message(1.234)).toBe('Amount may have at most 2 decimals');
    expect(message(0)).toBe('Amount must be more than ₹0');
    expect(message(-5)).toBe('Amount must be more than ₹0');
    expect(message(10_000_001)).toBe('Amount is larger than any order');
    expect(message('5')).toBe('Amount must be a number of rupees');
    expect(RefundInput.safeParse({ amount: 10_000_000, ...key }).success).toBe(true);
    expect(RefundInput.safeParse({ amount: 10_000_000.01, ...key }).success).toBe(false);
    expect(RefundInput.safeParse({ amount: 9_999_999.99, ...key }).success).toBe(true);
  });

  it('refuses idempotency keys shorter than 8 or longer than 100 characters, and odd line ids', () => {
    expect(RefundInput.safeParse({ amount: 1, idempotencyKey: '1234567' }).error?.issues[0]?.message).toBe('idempotencyKey must have 8 to 100 characters');
    expect(RefundInput.safeParse({ amount: 1, idempotencyKey: 'x'.repeat(101) }).success).toBe(false);
    expect(RefundInput.safeParse({ amount: 1, idempotencyKey: 'x'.repeat(100) }).success).toBe(true);
    expect(RefundInput.safeParse({ lines: [], ...key }).success).toBe(false);
    expect(RefundInput.safeParse({ lines: [0], ...key }).success).toBe(false);
    expect(RefundInput.safeParse({ lines: [1.5], ...key }).success).toBe(false);
    expect(RefundInput.safeParse({ lines: Array.from({ length: 101 }, (_, i) => i + 1), ...key }).success).toBe(false);
    expect(RefundInput.safeParse({ amount: 1, reason: 'r'.repeat(501), ...key }).success).toBe(false);
  });

  it('says what happens to a late payment', () => {
    expect(refundMessages.latePayment('₹10.00')).toContain('Your payment of ₹10.00 is being refunded');
    expect(refundMessages.tooLarge('₹5.00')).toBe('At most ₹5.00 can still be refunded for this order.');
  });

  it('trims the idempotency key before measuring it, and reports a mix-up on the amount field', () => {
    expect(RefundInput.safeParse({ amount: 1, idempotencyKey: '  abcdefg  ' }).success).toBe(false);
    expect(RefundInput.safeParse({ amount: 1, lines: [1], ...key }).error?.issues[0]?.path).toEqual(['amount']);
  });

  const view = {
    id: 1,
    amount: 10.5,
    status: 'processed',
    kind: 'partial',
    reason: '',
    failureReason: null,
    providerRefundId: 'rfnd_1',
    createdBy: 'admin:owner',
    createdAt: '2026-11-23T00:00:00.000Z',
    processedAt: null,
  };
  it("describes refunds and an order's money in the shapes the dashboard reads", () => {
    expect(RefundView.parse(view)).toEqual(view);
    expect(RefundView.safeParse({ ...view, status: 'refunded' }).success).toBe(false);
    expect(RefundView.safeParse({ ...view, id: 1.5 }).success).toBe(false);
    const money = {
      orderId: 'RK000001',
      status: 'placed',
      flag: null,
      payments: [{ paymentId: 'pay_1', amount: 100, refunded: 10.5, late: false, createdAt: 'x' }],
      refunds: [view],
      lines: [{ id: 1, title: 'Kit', quantity: 1, unitPrice: 100, refundable: true }],
      refundable: 89.5,
      creditNotes: [{ id: 1, number: 'RKC/26-27/00001' }],
    };
    expect(OrderMoney.parse(money)).toEqual(money);
    for (const broken of [
      { ...money, payments: [{}] },
      { ...money, refunds: [{}] },
      { ...money, lines: [{ ...money.lines[0], quantity: 1.5 }] },
      { ...money, creditNotes: [{ id: 'x' }] },
      { ...money, refundable: undefined },
    ]) {
      expect(OrderMoney.safeParse(broken).success).toBe(false);
    }
  });
});
