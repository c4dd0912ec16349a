import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody, IdParam } from '@shared/catalogue.schemas';
import { OutboxMail, OutboxPage } from '@shared/outbox.schemas';
import { adminRoute } from '../admin/admin.guards';
import * as outbox from './outbox.service';

/** The admin's view of the shop's mail: what was kept, queued, sent or failed, and sending one again. */
export async function mailAdminRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

  app.get(
    '/api/admin/outbox',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: "The shop's mail, newest first, with each one's delivery state",
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        response: { 200: OutboxPage, ...errors },
      },
    },
    async (req) => outbox.listOutbox(app.db, req.query.page),
  );

  app.post(
    '/api/admin/outbox/:id/resend',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Send a mail again (queued at once, with a fresh count of attempts)',
        params: IdParam,
        response: { 200: z.object({ message: z.string(), mail: OutboxMail }), ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => outbox.resendMail(app.db, app.mailer, req.params.id),
  );
}
