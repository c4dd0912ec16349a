import { z } from 'zod';
import type { App } from '../../app-types';
import { AdminPrintRequestPage } from '@shared/services.schemas';
import { IdParam } from '@shared/catalogue.schemas';
import { adminRoute } from '../admin/admin.guards';
import { serviceRequestAdminRoutes } from '../claims/service-requests.admin.routes';
import * as printing from './printing.service';

/** The admin's list of 3D printing requests and their files. */
export async function printingAdminRoutes(app: App) {
  serviceRequestAdminRoutes(app, {
    url: '/api/admin/print-requests',
    summaries: { list: '3D printing requests with their files, newest first', setStatus: 'Mark a 3D printing request new or handled' },
    updated: 'Request updated',
    pageSchema: AdminPrintRequestPage,
    list: printing.listRequests,
    setStatus: printing.setRequestStatus,
  });

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
