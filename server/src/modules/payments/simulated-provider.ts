import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { PaymentProvider } from './payment-provider';
import { hmacHex, paymentSignature, verifyPaymentSignature, verifyWebhookSignature } from './signatures';

export interface SimulatedSecrets {
  keySecret: string;
  webhookSecret: string;
}

const id = (prefix: string) => `${prefix}_SIM${randomBytes(7).toString('hex')}`;

/**
 * A stand-in for Razorpay when no keys are configured: orders and payments are
 * kept by the shop, and payments and webhooks are signed exactly like Razorpay's,
 * with secrets generated once and kept in the database.
 */
export function simulatedProvider(db: Db, secrets: SimulatedSecrets) {
  const provider: PaymentProvider & {
    pay(orderId: string): Promise<{ paymentId: string; signature: string; amount: number } | null>;
    fail(orderId: string): Promise<{ paymentId: string } | null>;
    signWebhook(rawBody: string): string;
  } = {
    name: 'simulated',
    keyId: 'rzp_test_simulated',
    async createOrder(amountPaise, receipt) {
      const orderId = id('order');
      await db.insertInto('simulated_orders').values({ id: orderId, amount_paise: amountPaise, receipt }).execute();
      return { id: orderId, amount: amountPaise, currency: 'INR' };
    },
    verifyPayment(orderId, paymentId, signature) {
      return verifyPaymentSignature(secrets.keySecret, orderId, paymentId, signature);
    },
    verifyWebhook(rawBody, signature) {
      return verifyWebhookSignature(secrets.webhookSecret, rawBody, signature);
    },
    async fetchOrderPayments(orderId) {
      const rows = await db.selectFrom('simulated_payments').select(['id', 'status', 'amount_paise']).where('order_id', '=', orderId).execute();
      return rows.map((r) => ({ id: r.id, status: r.status, amount: Number(r.amount_paise) }));
    },
    /** The shopper pressed Pay in the simulated checkout: a captured payment and its signature. */
    async pay(orderId) {
      const order = await db.selectFrom('simulated_orders').select(['id', 'amount_paise']).where('id', '=', orderId).executeTakeFirst();
      if (!order) return null;
      const paymentId = id('pay');
      const amount = Number(order.amount_paise);
      await db.insertInto('simulated_payments').values({ id: paymentId, order_id: orderId, status: 'captured', amount_paise: amount }).execute();
      return { paymentId, signature: paymentSignature(secrets.keySecret, orderId, paymentId), amount };
    },
    /** The shopper pressed Fail: a failed payment, as a declined card gives. */
    async fail(orderId) {
      const order = await db.selectFrom('simulated_orders').select(['id', 'amount_paise']).where('id', '=', orderId).executeTakeFirst();
      if (!order) return null;
      const paymentId = id('pay');
      await db.insertInto('simulated_payments').values({ id: paymentId, order_id: orderId, status: 'failed', amount_paise: Number(order.amount_paise) }).execute();
      return { paymentId };
    },
    signWebhook(rawBody) {
      return hmacHex(secrets.webhookSecret, rawBody);
    },
  };
  return provider;
}

export type SimulatedProvider = ReturnType<typeof simulatedProvider>;
