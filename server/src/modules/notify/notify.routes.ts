import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { NotifyInput, NotifySignup } from '@shared/notify.schemas';
import { adminRoute } from '../admin/admin.guards';
import * as notify from './notify.service';

/** The coming-soon page's Notify Me list: shoppers add their address; admins read and export it. */
export async function notifyRoutes(app: App) {
  app.post(
    '/api/notify',
    {
      config: { rateLimit: { max: Math.max(app.config.formRateLimit, 5), timeWindow: '10 minutes' } },
      schema: {
        tags: ['services'],
        summary: 'Notify Me on the coming-soon page: keeps the address once, with the same answer whether or not it was listed (rate-limited per client address)',
        body: NotifyInput,
        response: { 200: z.object({ message: z.string() }), 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => ({ message: (await notify.signUp(app.db, req.body.email)).message }),
  );

  app.get(
    '/api/admin/notify',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'The Notify Me list, newest first, as a JSON array (50 a page; X-Total-Count)',
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        response: { 200: z.array(NotifySignup), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req, reply) => {
      const { signups, total } = await notify.list(app.db, req.query.page);
      reply.header('X-Total-Count', String(total));
      return signups;
    },
  );

  app.get('/api/admin/notify.csv', { ...adminRoute, schema: { tags: ['admin'], summary: 'The Notify Me list as CSV' } }, async (_req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="notify-me-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(await notify.csv(app.db)),
  );
}
