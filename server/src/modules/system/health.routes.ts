import { z } from 'zod';
import type { App } from '../../app-types';
import { pingDb } from '../../db/database';
import { searchReplicaOf } from '../search/search-replica';

const Health = z.object({
  status: z.enum(['ok', 'degraded', 'down', 'draining']),
  database: z.enum(['up', 'down']),
  storage: z.enum(['up', 'down']),
  /** 'off' when no REDIS_URL is set; 'down' still serves (per-process rate limits) */
  redis: z.enum(['up', 'down', 'off']),
  /** where searches are answered from: this server's copy of the index, the tables while it loads, or the tables alone (SEARCH_IN_MEMORY=0) */
  search: z.enum(['memory', 'loading', 'tables']),
});

/** Set when the process is stopping: the balancer should take the node out before the listener closes. */
let draining = false;
export function startDraining(): void {
  draining = true;
}

export async function healthRoutes(app: App) {
  app.get(
    '/api/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Readiness of every component: 503 when the database or storage is down or the node is stopping; a Redis outage only degrades (200)',
        response: { 200: Health, 503: Health },
      },
    },
    async (_req, reply) => {
      const [db, storage, redis] = await Promise.all([pingDb(app.db), app.storage.ping(), app.redis ? app.redis.ping() : Promise.resolve(null)]);
      const serving = db && storage && !draining;
      const body = {
        status: draining ? ('draining' as const) : !serving ? ('down' as const) : redis === false ? ('degraded' as const) : ('ok' as const),
        database: db ? ('up' as const) : ('down' as const),
        storage: storage ? ('up' as const) : ('down' as const),
        redis: redis === null ? ('off' as const) : redis ? ('up' as const) : ('down' as const),
        search: !app.config.searchInMemory ? ('tables' as const) : searchReplicaOf(app.db)?.loaded ? ('memory' as const) : ('loading' as const),
      };
      return reply.code(serving ? 200 : 503).header('Cache-Control', 'no-store').send(body);
    },
  );
}
