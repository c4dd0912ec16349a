import { once, type CheckoutEvents, type CheckoutRequest, type PaymentCheckout } from './payment-provider';

/** An open simulated checkout: what its dialog shows and whom it tells how it ended. */
export type SimulatedSession = CheckoutRequest & { events: CheckoutEvents };

/**
 * The built-in provider (no Razorpay keys): opening it hands the session to
 * `show`, which renders the in-app dialog; the dialog calls the events.
 */
export function simulatedCheckout(show: (session: SimulatedSession) => void): PaymentCheckout {
  return {
    open(request, events) {
      show({ ...request, events: once(events) });
      return Promise.resolve();
    },
  };
}
