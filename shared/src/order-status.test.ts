import { describe, expect, it } from 'vitest';
import { canMove, isFinal, nextStatuses, ORDER_STATUSES } from './order-status';

describe('order status transitions', () => {
  it('lets a paid order go forward or be canceled', () => {
    expect(nextStatuses('placed')).toEqual(['dispatched', 'delivered', 'canceled']);
    expect(nextStatuses('dispatched')).toEqual(['delivered', 'canceled']);
    expect(canMove('placed', 'dispatched')).toBe(true);
    expect(canMove('dispatched', 'canceled')).toBe(true);
  });

  it('never moves an order backwards or out of a final state', () => {
    expect(canMove('dispatched', 'placed')).toBe(false);
    expect(canMove('delivered', 'canceled')).toBe(false);
    expect(canMove('canceled', 'placed')).toBe(false);
    expect(isFinal('delivered')).toBe(true);
    expect(isFinal('canceled')).toBe(true);
    expect(isFinal('placed')).toBe(false);
    expect(isFinal('pending_payment')).toBe(false);
  });

  it('never lets any status go back to awaiting payment, nor an unpaid order be dispatched or delivered', () => {
    for (const from of ORDER_STATUSES) expect(canMove(from, 'pending_payment')).toBe(false);
    expect(canMove('pending_payment', 'dispatched')).toBe(false);
    expect(canMove('pending_payment', 'delivered')).toBe(false);
  });
});
