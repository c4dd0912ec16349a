import { z } from 'zod';
import type { App } from '../../app-types';
import { AuditEntry, AuditQuery } from '@shared/audit.schemas';
import { ErrorBody } from '@shared/catalogue.schemas';
import { adminRoute } from '../admin/admin.guards';
import * as audit from './audit.service';

/** The owner's view of the audit log; there is no route that changes or deletes it. */
export async function auditRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

  app.get(
    '/api/admin/audit',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first, 50 a page, filtered by actor (username), entity (`products` or `products:12`) and UTC days from/to (inclusive); X-Total-Count',
        querystring: AuditQuery,
        response: { 200: z.array(AuditEntry), ...errors },
      },
    },
    async (req, reply) => {
      const { entries, total } = await audit.list(app.db, req.query);
      reply.header('X-Total-Count', String(total));
      return entries;
    },
  );

  app.get(
    '/api/admin/audit.csv',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'The audit log with the same filters as CSV', querystring: AuditQuery.omit({ page: true }) } },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(await audit.csv(app.db, req.query)),
  );
}
