import type { CreatedOrder } from '@shared/orders.schemas';

/** What a successful payment hands back, signed by the provider (Razorpay Checkout's handler argument). */
export type PaymentResponse = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

type CheckoutPrefill = { name: string; email: string; contact: string };

/** How a checkout ends; exactly one of these is called per checkout. */
export type CheckoutEvents = {
  onPaid: (response: PaymentResponse) => void;
  onFailed: () => void;
  onDismiss: () => void;
};

export type CheckoutRequest = { order: CreatedOrder; shopName: string; prefill: CheckoutPrefill };

/**
 * A provider's checkout widget (DESIGN.md §3): Razorpay Checkout, or the
 * simulated dialog. The page opens it the same way for both.
 */
export interface PaymentCheckout {
  /** Opens the widget; rejects with SdkNotLoadedError when the provider's script is unavailable. */
  open(request: CheckoutRequest, events: CheckoutEvents): Promise<void>;
}

export class SdkNotLoadedError extends Error {
  constructor() {
    super('Razorpay SDK not loaded');
    this.name = 'SdkNotLoadedError';
  }
}

/** Wraps the events so that only the first outcome counts (a widget may report a failure and then its closing). */
export function once(events: CheckoutEvents): CheckoutEvents {
  let done = false;
  const guard =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      if (done) return;
      done = true;
      fn(...args);
    };
  return { onPaid: guard(events.onPaid), onFailed: guard(events.onFailed), onDismiss: guard(events.onDismiss) };
}
