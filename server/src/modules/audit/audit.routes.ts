import { z } from 'zod';
import type { App } from '../../app-types';
import { AuditEntry, AuditQuery } from '@shared/audit.schemas';
import { adminRoute } from '../admin/admin.guards';
import { adminListRoute, sendCsv } from '../admin/admin-list';
import * as audit from './audit.service';

/** The owner's view of the audit log; there is no route that changes or deletes it. */
export async function auditRoutes(app: App) {
  adminListRoute(app, '/api/admin/audit', {
    summary:
      'The audit log, newest first, 50 a page, filtered by actor (username), entity (`products` or `products:12`) and UTC days from/to (inclusive); X-Total-Count',
    querystring: AuditQuery,
    response: z.array(AuditEntry),
    items: 'entries',
    list: (query) => audit.list(app.db, query),
  });

  app.get(
    '/api/admin/audit.csv',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'The audit log with the same filters as CSV', querystring: AuditQuery.omit({ page: true }) } },
    async (req, reply) => sendCsv(reply, 'audit', await audit.csv(app.db, req.query)),
  );
}
