import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody, IdParam } from '@shared/catalogue.schemas';
import { ServiceListQuery as ListQuery, ServiceStatusBody as StatusBody, serviceStatusFilter as statusOf } from '@shared/services.schemas';
import { adminRoute } from '../admin/admin.guards';
import * as printing from './printing.service';

/** The admin's list of 3D printing requests and their files. */
export async function printingAdminRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

  app.get(
    '/api/admin/print-requests',
    { ...adminRoute, schema: { tags: ['admin'], summary: '3D printing requests with their files, newest first', querystring: ListQuery } },
    async (req) => printing.listRequests(app.db, statusOf(req.query.status), req.query.page),
  );

  app.patch(
    '/api/admin/print-requests/:id',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Mark a 3D printing request new or handled', params: IdParam, body: StatusBody, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (req) => {
      await printing.setRequestStatus(app.db, req.params.id, req.body.status);
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
      const { filename, stored } = await printing.requestFile(app.db, app.storage, req.params.id, req.params.fileId);
      return reply
        .type('application/octet-stream')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Content-Length', String(stored.size))
        .send(stored.body);
    },
  );
}
