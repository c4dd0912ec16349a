import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { NotifyInput, NotifySignup } from '@shared/notify.schemas';
import { adminRoute } from '../admin/admin.guards';
import { adminListRoute, sendCsv } from '../admin/admin-list';
import * as notify from './notify.service';

/** The coming-soon page's Notify Me list: shoppers add their address; admins read and export it. */
export async function notifyRoutes(app: App) {
  app.post(
    '/api/notify',
    {
      config: { rateLimit: { max: Math.max(app.config.formRateLimit, 5), timeWindow: '10 minutes' } },
      schema: {
        tags: ['services'],
        summary:
          'Notify Me on the coming-soon page: keeps the address once, with the same answer whether or not it was listed (rate-limited per client address)',
        body: NotifyInput,
        response: { 200: z.object({ message: z.string() }), 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => ({ message: (await notify.signUp(app.db, req.body.email)).message }),
  );

  adminListRoute(app, '/api/admin/notify', {
    summary: 'The Notify Me list, newest first, as a JSON array (50 a page; X-Total-Count)',
    querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
    response: z.array(NotifySignup),
    items: 'signups',
    list: (query) => notify.list(app.db, query.page),
  });

  app.get('/api/admin/notify.csv', { ...adminRoute, schema: { tags: ['admin'], summary: 'The Notify Me list as CSV' } }, async (_req, reply) =>
    sendCsv(reply, 'notify-me', await notify.csv(app.db)),
  );
}
