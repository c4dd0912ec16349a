import { Readable } from 'node:stream';
import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import {
  BlockCustomerInput,
  CustomerDetail,
  CustomerIdParam,
  CustomerList,
  CustomerNote,
  CustomerNoteInput,
  CustomersQuery,
  customerMessages,
} from '@shared/customers.schemas';
import { adminRoute } from '../admin/admin.guards';
import * as customers from './customers.service';

/** The admin's Customers section (decision 047): list, CSV, a customer's page, the shop's note, block and unblock. */
export async function customerAdminRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

  app.get(
    '/api/admin/customers',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          'Customers (shoppers) newest first as a JSON array, 25 a page, each with paid orders, total spent (rupees, canceled orders left out) and last order; X-Total-Count',
        description:
          '`q` is the beginning of a name, an e-mail address or a phone number (any case; `98765` finds +91 98765…), matched by index. X-Total-Count is exact up to 10000; when more match it is 10000 and X-Total-Count-Capped: true says "10000 or more" (on PostgreSQL that comes without counting once the planner estimates 50000 customers or more, or 50000 matches of `q`; under that it is counted, and a count past 10000 is kept 10 s, so the next pages of the same search say "10000 or more" without counting again). X-Page and X-Page-Size say where you are.',
        querystring: CustomersQuery,
        response: { 200: CustomerList, ...errors },
      },
    },
    async (req, reply) => {
      const result = await customers.listCustomers(app.db, req.query);
      reply.header('X-Total-Count', String(result.total)).header('X-Page', String(result.page)).header('X-Page-Size', String(result.pageSize));
      if (result.capped) reply.header('X-Total-Count-Capped', 'true');
      return result.customers;
    },
  );

  app.get(
    '/api/admin/customers.csv',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'The customers (same search) as CSV, streamed', querystring: CustomersQuery.pick({ q: true }) } },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="customers-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(Readable.from(customers.customersCsv(app.db, req.query.q))),
  );

  app.get(
    '/api/admin/customers/:id',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: "A customer's page: profile, addresses, orders, refunds, free claims, 3D-print requests and the shop's private note",
        params: CustomerIdParam,
        response: { 200: CustomerDetail, ...errors },
      },
    },
    async (req) => customers.getCustomer(app.db, req.params.id),
  );

  app.put(
    '/api/admin/customers/:id/note',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: "The shop's private note on a customer (never shown to them); an empty note removes it",
        params: CustomerIdParam,
        body: CustomerNoteInput,
        response: { 200: z.object({ message: z.string(), note: CustomerNote.nullable() }), ...errors },
      },
    },
    async (req) => {
      const { note, changes } = await customers.saveNote(app.db, req.params.id, req.body.note, req.admin!.username);
      req.auditChanges = changes;
      return { message: customerMessages.noteSaved, note };
    },
  );

  const answer = { 200: z.object({ message: z.string(), blocked: z.boolean() }), ...errors };

  app.post(
    '/api/admin/customers/:id/block',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Block a customer: their sessions end, they cannot sign in or order (told why); their orders are unaffected. Body: { reason? } (for the shop)',
        params: CustomerIdParam,
        body: BlockCustomerInput.optional(),
        response: answer,
      },
    },
    async (req) => {
      req.auditChanges = (await customers.setBlocked(app.auth, app.db, req.params.id, true, req.body?.reason ?? '')).changes;
      return { message: customerMessages.blockedDone, blocked: true };
    },
  );

  app.post(
    '/api/admin/customers/:id/unblock',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Unblock a customer: they may sign in and order again', params: CustomerIdParam, response: answer } },
    async (req) => {
      req.auditChanges = (await customers.setBlocked(app.auth, app.db, req.params.id, false, '')).changes;
      return { message: customerMessages.unblocked, blocked: false };
    },
  );
}
