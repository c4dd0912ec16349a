import Razorpay from 'razorpay';
import type { PaymentProvider, ProviderPayment, ProviderRefund } from './payment-provider';
import { verifyPaymentSignature, verifyWebhookSignature } from './signatures';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret?: string | undefined;
}

function refundOf(r: { id: string; status: string; amount?: number | string; notes?: unknown }): ProviderRefund {
  const notes = (r.notes ?? {}) as Record<string, unknown>;
  const status = r.status === 'processed' || r.status === 'failed' ? r.status : 'pending';
  return { id: r.id, status, amount: Number(r.amount ?? 0), refundKey: typeof notes.refund_key === 'string' ? notes.refund_key : null };
}

/** Razorpay's Orders API through the official SDK; Razorpay Checkout in the browser. */
export function razorpayProvider(keys: RazorpayKeys, options: { apiBaseUrl?: string } = {}): PaymentProvider {
  const client = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  if (options.apiBaseUrl) {
    // The SDK has no public option for its host; tests point its axios instance at a local stand-in
    // (the SDK version is pinned exactly in package.json for this reason).
    (client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = options.apiBaseUrl;
  }
  return {
    name: 'razorpay',
    keyId: keys.keyId,
    async createOrder(amountPaise, receipt, notes) {
      const order = await client.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes });
      return { id: order.id, amount: Number(order.amount), currency: 'INR' };
    },
    verifyPayment(orderId, paymentId, signature) {
      return verifyPaymentSignature(keys.keySecret, orderId, paymentId, signature);
    },
    verifyWebhook(rawBody, signature) {
      return keys.webhookSecret ? verifyWebhookSignature(keys.webhookSecret, rawBody, signature) : false;
    },
    async fetchOrderPayments(orderId) {
      const res = (await client.orders.fetchPayments(orderId)) as { items: { id: string; status: string; amount: number | string }[] };
      return res.items.map((p): ProviderPayment => ({ id: p.id, status: p.status, amount: Number(p.amount) }));
    },
    async refund(paymentId, amountPaise, refundKey) {
      // Normal speed: Razorpay refunds every payment method that way; 'optimum' may charge an instant-refund fee.
      const refund = await client.payments.refund(paymentId, {
        amount: amountPaise,
        speed: 'normal',
        notes: { refund_key: refundKey },
        receipt: refundKey.slice(0, 40),
      });
      return refundOf(refund);
    },
    async fetchRefunds(paymentId) {
      const res = await client.payments.fetchMultipleRefund(paymentId, { count: 100 });
      return res.items.map(refundOf);
    },
  };
}
