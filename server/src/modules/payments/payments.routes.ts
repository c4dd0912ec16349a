import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '@shared/catalogue.schemas';
import { AppError } from '../../errors';
import { requireVerifiedUser } from '../auth/auth.guards';
import * as orders from '../orders/orders.service';
import * as webhooks from './webhooks.service';
import { WebhookBody } from './webhooks.service';
import type { App } from '../../app-types';

/**
 * POST /api/razorpay/webhook: Razorpay (or the simulation) telling us about
 * payments. The signature is checked over the raw body; events are handled once
 * (by X-Razorpay-Event-Id); a paid event completes the pending order if the
 * browser's callback never came, and never moves an order backwards.
 */
export async function webhookRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));

  app.post(
    '/api/razorpay/webhook',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Razorpay webhooks (payment.captured, order.paid, refund.processed, refund.failed)',
        response: { 200: z.object({ status: z.string() }), 400: ErrorBody },
      },
      config: { rateLimit: false, signedBody: true },
    },
    async (req) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const signature = req.headers['x-razorpay-signature'];
      if (typeof signature !== 'string' || !app.payments.verifyWebhook(raw, signature)) {
        throw new AppError('signature_invalid', 400, 'Invalid webhook signature');
      }
      let body: WebhookBody;
      try {
        body = WebhookBody.parse(JSON.parse(raw));
      } catch {
        throw new AppError('bad_json', 400, 'Invalid JSON');
      }
      const headerId = req.headers['x-razorpay-event-id'];
      return { status: await webhooks.handleEvent(app.orderDeps, typeof headerId === 'string' && headerId ? headerId : null, body) };
    },
  );
}

/** The simulated checkout's buttons (only without Razorpay keys). */
export async function simulatedCheckoutRoutes(app: App) {
  const sim = app.simulatedPayments;
  if (!sim) return;
  const Params = z.object({ orderId: z.string().min(1).max(100) });

  const ownOrder = (orderId: string, userId: string) => orders.ownOrderByProviderId(app.db, orderId, userId);
  // What the provider order was created for (createBulkOrder: the order's total, its code as the receipt).
  const createdFor = (order: { total_paise: number; order_code: string }) => ({ amountPaise: order.total_paise, receipt: order.order_code });

  app.post(
    '/api/payments/simulated/:orderId/pay',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags: ['checkout'],
        summary: 'Simulated checkout: pay (answers what Razorpay Checkout hands the browser)',
        params: Params,
        response: {
          200: z.object({ razorpay_order_id: z.string(), razorpay_payment_id: z.string(), razorpay_signature: z.string() }),
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (req) => {
      // Like Razorpay, the simulation knows nothing of our order's state: paying an order that was
      // canceled meanwhile (an old tab) captures money, which the shop then records and refunds.
      const order = await ownOrder(req.params.orderId, req.user!.id);
      const paid = await sim.pay(req.params.orderId, createdFor(order));
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
        response: {
          200: z.object({
            error: z.object({ code: z.string(), description: z.string(), metadata: z.object({ order_id: z.string(), payment_id: z.string() }) }),
          }),
          404: ErrorBody,
        },
      },
    },
    async (req) => {
      const failed = await sim.fail(req.params.orderId, createdFor(await ownOrder(req.params.orderId, req.user!.id)));
      return {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed (simulated)',
          metadata: { order_id: req.params.orderId, payment_id: failed.paymentId },
        },
      };
    },
  );
}
