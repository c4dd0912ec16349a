import { z } from 'zod';
import type { App } from '../../app';
import { pingDb } from '../../db/database';

const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  storage: z.enum(['up', 'down']),
});

export async function healthRoutes(app: App) {
  app.get(
    '/api/health',
    {
      config: { rateLimit: false },
      schema: { tags: ['system'], summary: 'Readiness: database and file storage reachability', response: { 200: Health, 503: Health } },
    },
    async (_req, reply) => {
      const [db, storage] = await Promise.all([pingDb(app.db), app.storage.ping()]);
      const body = {
        status: db && storage ? ('ok' as const) : ('degraded' as const),
        database: db ? ('up' as const) : ('down' as const),
        storage: storage ? ('up' as const) : ('down' as const),
      };
      return reply.code(db && storage ? 200 : 503).send(body);
    },
  );
}
