import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { CreatedOrder, CreateOrderInput, ProcessOrderInput, UserOrder } from '@shared/orders.schemas';
import { CodPlacedOrder } from '@shared/cod';
import { requireUser, requireVerifiedUser, sessionUser } from '../auth/auth.guards';
import * as orders from './orders.service';
import * as ordersAdmin from './orders-admin.service';
import { claimImportedOrders } from '../legacy/legacy.service';

export async function orderRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody };

  app.post(
    '/api/createBulkOrder',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags: ['checkout'],
        summary:
          "Create the pending order from the shopper's cart and the provider's order to pay; with paymentMethod 'cod' (cash on delivery, when the shop offers it) the order is placed at once and the answer is { orderId, status: 'placed', paymentMethod: 'cod', amount } (amount in paise, COD fee included)",
        body: CreateOrderInput,
        response: { 200: z.union([CreatedOrder, CodPlacedOrder]), ...errors },
      },
    },
    async (req) => orders.createOrder(app.orderDeps, req.user!.id, req.body),
  );

  app.post(
    '/api/processOrder',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags: ['checkout'],
        summary: 'Complete a paid order after Checkout (signature checked; replays answer the same order)',
        body: ProcessOrderInput,
        response: { 200: z.object({ success: z.boolean(), orderId: z.string() }), ...errors },
      },
    },
    async (req) => orders.processPayment(app.orderDeps, req.user!.id, req.body),
  );

  // The original backend's payment checks: no session needed; a verified shopper's completes their order.
  for (const url of ['/api/verifyPayment', '/api/verifyBulkPayment']) {
    app.post(
      url,
      {
        schema: {
          tags: ['checkout'],
          summary:
            "Check a Razorpay payment's signature (the original backend's call); with a verified shopper's session, complete their order as processOrder does",
          body: ProcessOrderInput,
          response: { 200: z.object({ success: z.literal(true), message: z.string(), orderId: z.string().optional() }), ...errors },
        },
      },
      async (req) => {
        const user = await sessionUser(req);
        return orders.verifyLegacyPayment(app.orderDeps, user?.emailVerified ? user.id : null, req.body);
      },
    );
  }

  app.post(
    '/api/orders/:orderId/cancel',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "Cancel one of the signed-in shopper's orders while it is placed and not dispatched: units back, the payment refunded at once (404 for anyone else's order)",
        params: z.object({ orderId: z.string().min(1).max(40) }),
        response: { 200: z.object({ message: z.string(), refund: z.number().optional() }), ...errors },
      },
    },
    async (req) => ordersAdmin.cancelByShopper(app.orderDeps, req.user!.id, req.params.orderId),
  );

  app.get(
    '/api/UserOrders',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: "The signed-in shopper's orders, newest first (from the session, never from an email header)",
        response: { 200: z.object({ orders: z.array(UserOrder) }), 401: ErrorBody },
      },
    },
    async (req) => {
      await claimImportedOrders(app.db, req.user!);
      return { orders: await orders.listUserOrders(app.db, app.config, req.user!.id) };
    },
  );
}
