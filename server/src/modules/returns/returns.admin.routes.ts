import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody, MAX_ID } from '@shared/catalogue.schemas';
import { AdminReturn, AdminReturnsQuery, ReturnDecisionInput, ReturnRefundInput } from '@shared/returns';
import { adminRoute } from '../admin/admin.guards';
import { adminListRoute } from '../admin/admin-list';
import * as returns from './returns.service';

const Id = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a number')
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_ID));
const Params = z.object({ id: Id });

/** The shop's side of returns: the list, decisions, receipt and refund (decision 048). */
export async function returnAdminRoutes(app: App) {
  const deps = () => ({ ...app.orderDeps, storage: app.storage });
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

  adminListRoute(app, '/api/admin/returns', {
    summary: 'Return requests, newest first, as a JSON array (25 a page; filter by status; X-Total-Count)',
    description:
      'On PostgreSQL "10000 or more" comes without counting once the planner estimates 50000 returns or more (of the `status`, when given); under that it is counted, and a count past 10000 is kept 10 s.',
    querystring: AdminReturnsQuery,
    response: z.array(AdminReturn),
    capped: true,
    items: 'returns',
    list: (query) => returns.listReturns(app.db, query),
  });

  app.patch(
    '/api/admin/returns/:id',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Approve or reject a return (message to the shopper), or mark its parcel received (restock: its units back on sale)',
        params: Params,
        body: ReturnDecisionInput,
        response: { 200: AdminReturn, ...errors },
      },
    },
    async (req) => {
      const done = await returns.decide(deps(), req.params.id, req.body);
      req.auditChanges = { status: [null, done.status] };
      return done;
    },
  );

  app.post(
    '/api/admin/returns/:id/refund',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Refund a received return: its whole value, or an amount in rupees up to it (once; a credit note follows)',
        params: Params,
        body: ReturnRefundInput,
        response: { 200: AdminReturn, ...errors },
      },
    },
    async (req) => {
      const done = await returns.refundReturn(deps(), req.params.id, req.body, req.admin!.username);
      req.auditChanges = { refund: [null, done.refund] };
      return done;
    },
  );

  app.get(
    '/api/admin/returns/:id/photos/:photoId',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'A photo of a return request', params: Params.extend({ photoId: Id }) } },
    async (req, reply) => {
      const { contentType, file } = await returns.photo(deps(), null, null, req.params.id, req.params.photoId);
      return reply.header('Cache-Control', 'private, no-store').header('Content-Length', String(file.size)).type(contentType).send(file.body);
    },
  );
}
