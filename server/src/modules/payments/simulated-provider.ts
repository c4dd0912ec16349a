import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { PaymentProvider, ProviderRefund } from './payment-provider';
import { hmacHex, paymentSignature, verifyPaymentSignature, verifyWebhookSignature } from './signatures';
import type { WebhookWrite } from '../jobs/webhook-queue';
import * as repo from './simulated-provider.repository';

export interface SimulatedSecrets {
  keySecret: string;
  webhookSecret: string;
}

/**
 * Sends a signed webhook to the shop a moment later, as Razorpay does; its row written by `write`
 * when given (the simulated capture's own statement: a captured payment always has its webhook).
 */
type WebhookSender = (event: { event: string; id: string; payload: Record<string, unknown> }, write?: WebhookWrite) => Promise<void>;

/** What a simulated provider order was created for: the shop's order's total and code. */
interface SimulatedOrder {
  amountPaise: number;
  receipt: string;
}

const id = (prefix: string) => `${prefix}_SIM${randomBytes(7).toString('hex')}`;

/**
 * A stand-in for Razorpay when no keys are configured: orders, payments and
 * refunds are kept by the shop, and payments and webhooks are signed exactly
 * like Razorpay's, with secrets generated once and kept in the database.
 */
export function simulatedProvider(db: Db, secrets: SimulatedSecrets) {
  let sendWebhook: WebhookSender = async () => {};
  const refundOf = (r: { id: string; status: string; amount_paise: number | string; refund_key: string }): ProviderRefund => ({
    id: r.id,
    status: r.status === 'processed' || r.status === 'failed' ? r.status : 'pending',
    amount: Number(r.amount_paise),
    refundKey: r.refund_key,
  });

  const provider: PaymentProvider & {
    pay(orderId: string, order: SimulatedOrder): Promise<{ paymentId: string; signature: string; amount: number; first: boolean }>;
    fail(orderId: string, order: SimulatedOrder): Promise<{ paymentId: string }>;
    signWebhook(rawBody: string): string;
    setWebhookSender(sender: WebhookSender): void;
    sendWebhook: WebhookSender;
  } = {
    name: 'simulated',
    keyId: 'rzp_test_simulated',
    /**
     * An order id, written nowhere yet: the simulated order's row is written by the first Pay or
     * Fail, with the amount and receipt of the shop's order it was created for (decision 097).
     */
    async createOrder(amountPaise) {
      return { id: id('order'), amount: amountPaise, currency: 'INR' };
    },
    verifyPayment(orderId, paymentId, signature) {
      return verifyPaymentSignature(secrets.keySecret, orderId, paymentId, signature);
    },
    verifyWebhook(rawBody, signature) {
      return verifyWebhookSignature(secrets.webhookSecret, rawBody, signature);
    },
    async fetchOrderPayments(orderId) {
      const rows = await repo.paymentsOfOrder(db, orderId);
      return rows.map((r) => ({ id: r.id, status: r.status, amount: Number(r.amount_paise) }));
    },
    /**
     * The shopper pressed Pay in the simulated checkout: a captured payment and its
     * signature, and its `payment.captured` webhook queued with it, all or nothing.
     * An order is captured once: later presses (another tab, a double click) answer
     * the same payment, as Razorpay Checkout does for a paid order. `order`: what the
     * provider order was created for (the shop's order: its total and code).
     */
    async pay(orderId, order) {
      const amount = order.amountPaise;
      const fresh = id('pay');
      let first: boolean | undefined;
      const event = {
        event: 'payment.captured',
        id: `evt_${fresh}`,
        payload: { payment: { entity: { id: fresh, order_id: orderId, amount, currency: 'INR', status: 'captured' } } },
      };
      const capture = { orderId, receipt: order.receipt, paymentId: fresh, amountPaise: amount };
      // The order's row, its capture, the payment and its webhook's row in one write (decisions 088, 097).
      await sendWebhook(event, async (webhook) => {
        const captured = await repo.capture(db, { ...capture, webhook });
        first = captured.captured;
        return captured.webhookId;
      });
      // No webhook sender (a provider on its own): captured all the same, with no webhook.
      first ??= (await repo.capture(db, { ...capture, webhook: null })).captured;
      const paymentId = first ? fresh : await repo.capturedPaymentId(db, orderId);
      return { paymentId, signature: paymentSignature(secrets.keySecret, orderId, paymentId), amount, first };
    },
    /** The shopper pressed Fail: a failed payment, as a declined card gives. */
    async fail(orderId, order) {
      const paymentId = id('pay');
      await repo.insertFailedPayment(db, { orderId, receipt: order.receipt, paymentId, amountPaise: order.amountPaise });
      return { paymentId };
    },
    /**
     * Refunds a captured payment. Like Razorpay it refuses more than is left of
     * the payment, answers 'pending', and tells the shop by a signed
     * `refund.processed` webhook a moment later. One refund per key.
     */
    async refund(paymentId, amountPaise, refundKey) {
      const existing = await repo.findRefundByKey(db, refundKey);
      if (existing) return { ...refundOf(existing), status: 'pending' };
      const payment = await repo.findPayment(db, paymentId);
      if (!payment || payment.status !== 'captured') throw new AppError('provider_refund_refused', 400, 'The payment is not captured');
      if ((await repo.refundedPaise(db, paymentId)) + amountPaise > Number(payment.amount_paise)) {
        throw new AppError('provider_refund_refused', 400, 'The refund amount provided is greater than amount captured');
      }
      const refundId = id('rfnd');
      await repo.insertRefund(db, { id: refundId, payment_id: paymentId, amount_paise: amountPaise, status: 'processed', refund_key: refundKey });
      await sendWebhook({
        event: 'refund.processed',
        id: `evt_${refundId}`,
        payload: {
          refund: {
            entity: { id: refundId, payment_id: paymentId, amount: amountPaise, currency: 'INR', status: 'processed', notes: { refund_key: refundKey } },
          },
        },
      });
      return { id: refundId, status: 'pending', amount: amountPaise, refundKey };
    },
    async fetchRefunds(paymentId) {
      const rows = await repo.refundsOfPayment(db, paymentId);
      return rows.map(refundOf);
    },
    signWebhook(rawBody) {
      return hmacHex(secrets.webhookSecret, rawBody);
    },
    setWebhookSender(sender) {
      sendWebhook = sender;
    },
    sendWebhook(event) {
      return sendWebhook(event);
    },
  };
  return provider;
}

export type SimulatedProvider = ReturnType<typeof simulatedProvider>;
