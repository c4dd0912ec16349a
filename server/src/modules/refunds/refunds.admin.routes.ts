import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody, MAX_ID } from '@shared/catalogue.schemas';
import { OrderMoney, RefundInput, RefundView } from '@shared/refunds';
import { adminRoute } from '../admin/admin.guards';
import * as refunds from './refunds.service';

const OrderParams = z.object({ orderId: z.string().min(1).max(40) });
const RefundParams = z.object({
  refundId: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_ID)),
});

/** The admin's view of an order's money: payments and refunds, partial refunds, retrying a failed refund. */
export async function refundAdminRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

  app.get(
    '/api/admin/orders/:orderId/money',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: "An order's payments (late ones flagged) and refunds, and what can still be refunded",
        params: OrderParams,
        response: { 200: OrderMoney, ...errors },
      },
    },
    async (req) => refunds.orderMoney(app.db, req.params.orderId),
  );

  app.post(
    '/api/admin/orders/:orderId/refunds',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Refund part of a paid order: an amount in rupees or whole lines; the same idempotencyKey answers the same refund',
        params: OrderParams,
        body: RefundInput,
        response: { 201: RefundView, ...errors },
      },
    },
    async (req, reply) => {
      const refund = await refunds.refundPart(app.orderDeps, req.params.orderId, req.body, req.admin!.username);
      // For the audit log: what was refunded (the refund did not exist before).
      req.auditChanges = { refund: [null, { id: refund.id, amount: refund.amount, kind: refund.kind, reason: refund.reason, status: refund.status }] };
      return reply.code(201).send(refund);
    },
  );

  app.post(
    '/api/admin/refunds/:refundId/retry',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Try a failed refund again', params: RefundParams, response: { 200: RefundView, ...errors } } },
    async (req) => refunds.retryRefund(app.orderDeps, req.params.refundId),
  );
}
