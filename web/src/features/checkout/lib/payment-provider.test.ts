import { describe, expect, it, vi } from 'vitest';
import { once } from './payment-provider';

describe('once', () => {
  it('passes on only the first outcome of a checkout', () => {
    const events = { onPaid: vi.fn(), onFailed: vi.fn(), onDismiss: vi.fn() };
    const guarded = once(events);
    guarded.onFailed();
    guarded.onDismiss();
    guarded.onPaid({ razorpay_order_id: 'o', razorpay_payment_id: 'p', razorpay_signature: 's' });
    expect(events.onFailed).toHaveBeenCalledTimes(1);
    expect(events.onDismiss).not.toHaveBeenCalled();
    expect(events.onPaid).not.toHaveBeenCalled();
  });
});
