import { z } from 'zod';
import type { App } from '../../app-types';
import { AdminOrderList, AdminOrdersQuery, AdminOverview, DispatchInput, OrderStatusInput } from '@shared/admin-orders.schemas';
import { ErrorBody } from '@shared/catalogue.schemas';
import * as admin from './orders-admin.service';
import { recordCollection } from './cod-admin.service';
import { CodCollectionInput } from '@shared/cod';
import { adminRoute } from '../admin/admin.guards';
import { adminListRoute, sendCsv } from '../admin/admin-list';

const OrderParam = z.object({ orderId: z.string().min(1).max(40) });
const PackingSlipsQuery = z.object({ orders: z.string({ error: 'orders is required' }).min(1, 'orders is required').max(4100) });

/** The admin's orders: the list (SPEC.md §7 shape), CSV, status changes and the overview. */
export async function orderAdminRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

  adminListRoute(app, '/api/ordersAdmin', {
    summary:
      'Paid orders as a JSON array: filter by status, period and order id or email; page and pageSize (default 25) page it; X-Total-Count, X-Page and X-Page-Size say where you are',
    description:
      '`q` is an order id (exact, any case) or the beginning of an e-mail address (a prefix match, any case: `asha@` finds asha@example.com, `example.com` finds nothing). Without filters, on PostgreSQL, "10000 or more" comes without counting once the planner estimates 50000 listed orders or more; under that it is counted, and a count past 10000 is kept 10 s.',
    querystring: AdminOrdersQuery,
    response: AdminOrderList,
    capped: true,
    items: 'orders',
    list: (query) => admin.listOrders(app.db, query),
  });

  app.get(
    '/api/admin/orders/packing-slips.pdf',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          'Packing slips (PDF, one page an order: delivery name, address and phone, lines, weight) of the paid orders in `orders` (order ids, comma-separated, at most 100)',
        querystring: PackingSlipsQuery,
      },
    },
    async (req, reply) => {
      const pdf = await admin.packingSlips(app.db, app.config.public.shopName, req.query.orders.split(','));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', 'attachment; filename="packing-slips.pdf"')
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/ordersAdmin.csv',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'The filtered orders as CSV', querystring: AdminOrdersQuery } },
    async (req, reply) => sendCsv(reply, 'orders', await admin.ordersCsv(app.db, req.query)),
  );

  app.patch(
    '/api/UserOrders/:orderId',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          "Change an order status (only the allowed next states; the shopper is mailed; canceling a paid order refunds what is left of its payment). Cash on delivery: dispatching issues the GST invoice; 'returned' marks a dispatched, unpaid COD parcel returned to origin (the order is canceled, units back, coupon use released, a credit note cancels the invoice)",
        params: OrderParam,
        body: OrderStatusInput,
        response: { 200: z.object({ message: z.string(), refund: z.number().optional() }), ...errors },
      },
    },
    async (req) => admin.changeStatus(app.orderDeps, req.params.orderId, req.body),
  );

  app.post(
    '/api/admin/orders/:orderId/cod-collection',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          'Record the cash collected on delivery for a dispatched (or delivered) cash-on-delivery order: amount (rupees, exactly the amount to collect), reference, date (YYYY-MM-DD, default today). The order becomes paid, and delivered if it was dispatched',
        params: OrderParam,
        body: CodCollectionInput,
        response: { 200: z.object({ message: z.string(), amount: z.number() }), ...errors },
      },
    },
    async (req) => recordCollection(app.orderDeps, req.params.orderId, req.body),
  );

  app.put(
    '/api/admin/orders/:orderId/dispatch',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          'Set the courier and tracking number of a dispatched order (e.g. one the original dashboard dispatched with the status alone); the shopper is mailed',
        params: OrderParam,
        body: DispatchInput,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (req) => admin.setDispatchDetails(app.orderDeps, req.params.orderId, req.body),
  );

  app.get(
    '/api/admin/overview',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          'Revenue (money received: a cash-on-delivery order counts once its cash is recorded) and orders placed per day (30 days), the top products, the products low on stock, and the COD cash still to collect',
        response: {
          200: AdminOverview,
          ...errors,
        },
      },
    },
    async () => admin.overview(app.db),
  );
}
