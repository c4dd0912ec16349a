import { once, SdkNotLoadedError, type CheckoutEvents, type CheckoutRequest, type PaymentCheckout, type PaymentResponse } from './payment-provider';

const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description?: string;
  prefill: { name: string; email: string; contact: string };
  handler: (response: PaymentResponse) => void;
  modal: { ondismiss: () => void };
  theme?: { color: string };
};

type RazorpayInstance = {
  open: () => void;
  close: () => void;
  on: (event: 'payment.failed', handler: (response: unknown) => void) => void;
};

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

let loading: Promise<void> | null = null;

/** Adds Razorpay's checkout.js once, on the first checkout: shoppers who never pay never load it. */
function loadCheckoutScript(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    // Success or failure, the caller looks for window.Razorpay.
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading = null;
      resolve();
    };
    document.body.append(script);
  });
  return loading;
}

/** Razorpay Checkout (checkout.js) for live or test keys. */
export const razorpayCheckout: PaymentCheckout = {
  async open({ order, shopName, prefill }: CheckoutRequest, events: CheckoutEvents) {
    await loadCheckoutScript();
    const Razorpay = window.Razorpay;
    if (!Razorpay) throw new SdkNotLoadedError();
    const outcome = once(events);
    const rzp = new Razorpay({
      key: order.key,
      amount: order.amount,
      currency: order.currency,
      order_id: order.id,
      name: shopName,
      description: `Order ${order.orderId}`,
      prefill,
      handler: (response) => outcome.onPaid(response),
      modal: { ondismiss: () => outcome.onDismiss() },
      theme: { color: '#1d4ed8' },
    });
    rzp.on('payment.failed', () => {
      outcome.onFailed();
      rzp.close();
    });
    rzp.open();
  },
};
