import { z } from 'zod';
import type { App } from '../../app';
import { ErrorBody, IdParam } from '../../../../shared/src/catalogue.schemas';
import { notFound } from '../../errors';
import * as claimsRepo from '../claims/claims.repository';
import * as printingRepo from '../printing/printing.repository';
import * as printing from '../printing/printing.service';
import { adminRoute } from './admin.guards';

const ListQuery = z.object({ status: z.enum(['all', 'new', 'handled']).default('all'), page: z.coerce.number().int().min(1).max(100_000).default(1) });
const StatusBody = z.object({ status: z.enum(['new', 'handled']) });

export async function adminServiceRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  const statusOf = (s: string) => (s === 'all' ? null : s);

  app.get(
    '/api/admin/claims',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Free kit claims, newest first', querystring: ListQuery } },
    async (req) => {
      const pageSize = 25;
      const status = statusOf(req.query.status);
      const [rows, total] = await Promise.all([
        claimsRepo.listClaims(app.db, status, { limit: pageSize, offset: (req.query.page - 1) * pageSize }),
        claimsRepo.countClaims(app.db, status),
      ]);
      return {
        claims: rows.map((c) => ({
          id: c.id,
          productId: c.product_id,
          productTitle: c.product_title,
          name: c.name,
          email: c.email,
          mobile: c.mobile,
          school: c.school,
          classna: c.classna,
          division: c.division,
          rollNo: c.roll_no,
          status: c.status,
          createdAt: String(c.created_at),
        })),
        total,
        page: req.query.page,
        pageSize,
      };
    },
  );

  app.patch(
    '/api/admin/claims/:id',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Mark a claim new or handled', params: IdParam, body: StatusBody, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (req) => {
      if (!(await claimsRepo.setClaimStatus(app.db, req.params.id, req.body.status))) throw notFound('Claim not found', 'claim_not_found');
      return { message: 'Claim updated' };
    },
  );

  app.get(
    '/api/admin/print-requests',
    { ...adminRoute, schema: { tags: ['admin'], summary: '3D printing requests with their files, newest first', querystring: ListQuery } },
    async (req) => printing.listRequests(app.db, statusOf(req.query.status), req.query.page),
  );

  app.patch(
    '/api/admin/print-requests/:id',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Mark a 3D printing request new or handled', params: IdParam, body: StatusBody, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (req) => {
      if (!(await printingRepo.setRequestStatus(app.db, req.params.id, req.body.status))) throw notFound('Request not found', 'request_not_found');
      return { message: 'Request updated' };
    },
  );

  app.get(
    '/api/admin/print-requests/:id/files/:fileId',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Download a file of a 3D printing request',
        params: z.object({ id: IdParam.shape.id, fileId: IdParam.shape.id }),
      },
    },
    async (req, reply) => {
      const file = await printingRepo.findFile(app.db, req.params.id, req.params.fileId);
      const stored = file && (await app.storage.get(file.storage_key));
      if (!file || !stored) throw notFound('File not found', 'file_not_found');
      return reply
        .type('application/octet-stream')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Content-Length', String(stored.size))
        .send(stored.body);
    },
  );
}
