import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { adminRoute } from '../admin/admin.guards';
import * as outbox from './outbox.service';

/** The admin's view of the mail the shop sent or kept. */
export async function mailAdminRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

  app.get(
    '/api/admin/outbox',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Mail kept by the shop (without SMTP)',
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        response: {
          200: z.object({
            mails: z.array(z.object({ id: z.number(), to: z.string(), subject: z.string(), kind: z.string(), createdAt: z.string(), text: z.string() })),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
          ...errors,
        },
      },
    },
    async (req) => outbox.listOutbox(app.db, req.query.page),
  );
}
