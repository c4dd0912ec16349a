import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../../shared/src/catalogue.schemas';
import { orderMessages } from '../../../../shared/src/order-messages';
import { AppError, notFound } from '../../errors';
import { requireVerifiedUser } from '../auth/auth.guards';
import * as ordersRepo from '../orders/orders.repository';
import * as orders from '../orders/orders.service';
import * as refunds from '../refunds/refunds.service';
import type { ProviderRefund } from './payment-provider';
import type { App } from '../../app';

interface WebhookBody {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; status?: string } };
    order?: { entity?: { id?: string } };
    refund?: { entity?: { id?: string; payment_id?: string; amount?: number; status?: string; notes?: Record<string, unknown> | unknown[] } };
  };
}

/** The refund of a refund.* event, else null. */
function refundOf(body: WebhookBody): ProviderRefund | null {
  const refund = body.payload?.refund?.entity;
  if (!body.event?.startsWith('refund.') || !refund?.id) return null;
  const notes = refund.notes && !Array.isArray(refund.notes) ? refund.notes : {};
  const status = refund.status === 'processed' || refund.status === 'failed' ? refund.status : 'pending';
  return { id: refund.id, status, amount: Number(refund.amount ?? 0), refundKey: typeof notes.refund_key === 'string' ? notes.refund_key : null };
}

/** The order and payment ids of an event that means "paid", else null. */
function paidIds(body: WebhookBody): { orderId: string; paymentId: string } | null {
  const payment = body.payload?.payment?.entity;
  if (body.event === 'payment.captured' && payment?.id && payment.order_id) return { orderId: payment.order_id, paymentId: payment.id };
  const order = body.payload?.order?.entity;
  if (body.event === 'order.paid' && order?.id && payment?.id) return { orderId: order.id, paymentId: payment.id };
  return null;
}

/**
 * POST /api/razorpay/webhook: Razorpay (or the simulation) telling us about
 * payments. The signature is checked over the raw body; events are handled once
 * (by X-Razorpay-Event-Id); a paid event completes the pending order if the
 * browser's callback never came, and never moves an order backwards.
 */
export async function webhookRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));

  app.post('/api/razorpay/webhook', { schema: { tags: ['checkout'], summary: 'Razorpay webhooks (payment.captured, order.paid, refund.processed, refund.failed)', response: { 200: z.object({ status: z.string() }), 400: ErrorBody } }, config: { rateLimit: false } }, async (req) => {
    const raw = typeof req.body === 'string' ? req.body : '';
    const signature = req.headers['x-razorpay-signature'];
    if (typeof signature !== 'string' || !app.payments.verifyWebhook(raw, signature)) {
      throw new AppError('signature_invalid', 400, 'Invalid webhook signature');
    }
    let body: WebhookBody;
    try {
      body = JSON.parse(raw) as WebhookBody;
    } catch {
      throw new AppError('bad_json', 400, 'Invalid JSON');
    }
    const headerId = req.headers['x-razorpay-event-id'];
    const eventId = typeof headerId === 'string' && headerId ? headerId : null;
    if (eventId && (await ordersRepo.eventSeen(app.db, eventId))) return { status: 'duplicate' };
    const ids = paidIds(body);
    const refund = refundOf(body);
    let handled = false;
    if (ids) handled = (await orders.completePayment(app.orderDeps, ids.orderId, ids.paymentId)) !== null;
    else if (refund) handled = await refunds.applyRefundEvent(app.orderDeps, body.event!, refund);
    if (eventId) await ordersRepo.recordEvent(app.db, eventId, body.event ?? 'unknown');
    return { status: handled ? 'processed' : 'ignored' };
  });
}

/** The simulated checkout's buttons (only without Razorpay keys). */
export async function simulatedCheckoutRoutes(app: App) {
  const sim = app.simulatedPayments;
  if (!sim) return;
  const Params = z.object({ orderId: z.string().min(1).max(100) });

  async function ownOrder(orderId: string, userId: string) {
    const order = await ordersRepo.findByProviderOrderId(app.db, orderId);
    if (!order || order.user_id !== userId) throw notFound(orderMessages.orderNotFound, 'order_not_found');
    return order;
  }

  app.post(
    '/api/payments/simulated/:orderId/pay',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags: ['checkout'],
        summary: 'Simulated checkout: pay (answers what Razorpay Checkout hands the browser)',
        params: Params,
        response: { 200: z.object({ razorpay_order_id: z.string(), razorpay_payment_id: z.string(), razorpay_signature: z.string() }), 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => {
      // Like Razorpay, the simulation knows nothing of our order's state: paying an order that was
      // canceled meanwhile (an old tab) captures money, which the shop then records and refunds.
      await ownOrder(req.params.orderId, req.user!.id);
      const paid = await sim.pay(req.params.orderId);
      if (!paid) throw notFound(orderMessages.orderNotFound, 'order_not_found');
      if (paid.first) {
        await sim.sendWebhook({
          event: 'payment.captured',
          id: `evt_${paid.paymentId}`,
          payload: { payment: { entity: { id: paid.paymentId, order_id: req.params.orderId, amount: paid.amount, currency: 'INR', status: 'captured' } } },
        });
      }
      return { razorpay_order_id: req.params.orderId, razorpay_payment_id: paid.paymentId, razorpay_signature: paid.signature };
    },
  );

  app.post(
    '/api/payments/simulated/:orderId/fail',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags: ['checkout'],
        summary: 'Simulated checkout: a declined payment',
        params: Params,
        response: { 200: z.object({ error: z.object({ code: z.string(), description: z.string(), metadata: z.object({ order_id: z.string(), payment_id: z.string() }) }) }), 404: ErrorBody },
      },
    },
    async (req) => {
      await ownOrder(req.params.orderId, req.user!.id);
      const failed = await sim.fail(req.params.orderId);
      if (!failed) throw notFound(orderMessages.orderNotFound, 'order_not_found');
      return { error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed (simulated)', metadata: { order_id: req.params.orderId, payment_id: failed.paymentId } } };
    },
  );
}
