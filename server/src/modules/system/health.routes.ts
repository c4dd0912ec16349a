import { z } from 'zod';
import type { App } from '../../app-types';
import { databaseAvailability } from '../../db/database';
import { searchReplicaOf } from '../search/search-replica';
import { healthMonitor } from './health-checks';

const Health = z.object({
  status: z.enum(['ok', 'degraded', 'down', 'draining', 'starting']),
  /** why the node is not ready yet (503 with status `starting`), e.g. `search index loading` */
  reason: z.string().optional(),
  database: z.enum(['up', 'down']),
  storage: z.enum(['up', 'down']),
  /** 'off' when no REDIS_URL is set; 'down' still serves (per-process rate limits) */
  redis: z.enum(['up', 'down', 'off']),
  /** where searches are answered from: this server's copy of the index, the tables while it loads, or the tables alone (SEARCH_IN_MEMORY=0) */
  search: z.enum(['memory', 'loading', 'tables']),
});

const Live = z.object({ status: z.literal('ok') });

/** Set when the process is stopping: the balancer should take the node out before the listener closes. */
let draining = false;
export function startDraining(): void {
  draining = true;
}

const READY_RULE =
  '200 while this node can serve shoppers (database reachable): `ok`, or `degraded` while object storage or Redis is down (every node shares them: taking all out of the balancer helps nobody); 503 while the database is unreachable, the node is stopping (`draining`), or starting (`starting`, with a `reason`: `search index loading` until the search index and product facts are in memory, at most SEARCH_READY_TIMEOUT_MS after the start, then ready with searches on the tables if the copy could not load). Answered from the last background check (HEALTH_CHECK_INTERVAL_MS), never calling a dependency per probe.';

/**
 * The health answers skip the compression hook (`compress: false`): under its 1 KB threshold they were
 * never compressed, and its first run makes Node load its fetch implementation (it asks whether the
 * answer is a `Response`), some 20-30 ms of CPU and megabytes kept: an idle node that only answers
 * probes never needs it (decision 094).
 */
export async function healthRoutes(app: App) {
  // The pool's own reports (lost connections, outages, recovery) go to the app's log from now on.
  databaseAvailability(app.db)?.setLog(app.log);
  const monitor = healthMonitor({ db: app.db, storage: app.storage, redis: app.redis, log: app.log }, app.config.health);
  app.addHook('onReady', () => monitor.start());
  app.addHook('onClose', async () => monitor.stop());

  app.get(
    '/api/health/live',
    {
      config: { rateLimit: false },
      compress: false,
      schema: {
        tags: ['system'],
        summary: 'Liveness: 200 while the process runs and answers HTTP; checks no dependency (restart the process only when this fails)',
        response: { 200: Live },
      },
    },
    async (_req, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' as const }),
  );

  /** The answer of a readiness probe, from the last background check. */
  const readiness = () => {
    const deps = monitor.current();
    const replica = app.config.searchInMemory ? searchReplicaOf(app.db) : undefined;
    // Not ready until this node's search index is in memory (decision 052): a balancer sends it no
    // shoppers while their searches would read the tables.
    const search = !app.config.searchInMemory ? { ready: true as const } : (replica?.readiness() ?? { ready: false as const, reason: 'search index loading' });
    const up = deps.database === 'up' && !draining;
    const serving = up && search.ready;
    const body = {
      status: draining
        ? ('draining' as const)
        : !up
          ? ('down' as const)
          : !search.ready
            ? ('starting' as const)
            : deps.storage === 'down' || deps.redis === 'down'
              ? ('degraded' as const)
              : ('ok' as const),
      ...(up && !search.ready ? { reason: search.reason } : {}),
      ...deps,
      search: !app.config.searchInMemory ? ('tables' as const) : (replica?.source ?? ('loading' as const)),
    };
    return { status: serving ? (200 as const) : (503 as const), body };
  };
  for (const [url, summary] of [
    ['/api/health/ready', `Readiness, for a load balancer or an orchestrator: ${READY_RULE}`],
    ['/api/health', `The summary kept for compatibility, the same answer as /api/health/ready: ${READY_RULE}`],
  ] as const) {
    app.get(
      url,
      { config: { rateLimit: false }, compress: false, schema: { tags: ['system'], summary, response: { 200: Health, 503: Health } } },
      async (_req, reply) => {
        const { status, body } = readiness();
        return reply.code(status).header('Cache-Control', 'no-store').send(body);
      },
    );
  }
}
