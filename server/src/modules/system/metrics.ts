import { createHash, timingSafeEqual } from 'node:crypto';
import type { onResponseHookHandler } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { pgPools, type Db } from '../../db/database';
import { messages } from '@shared/messages';
import type { App } from '../../app-types';
import { AppError } from '../../errors';
import type { Job } from '../jobs/scheduler';
import { searchReplicaOf } from '../search/search-replica';

/** Latency buckets, in seconds: a cached read takes well under a millisecond, a checkout tens. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the public cache counts as it answers (plugins/public-cache.ts), read when Prometheus scrapes. */
interface CacheCounts {
  hits: number;
  misses: number;
  sentFast: number;
}

/**
 * The shop's metrics, in a registry of this app's own (tests build many apps in one process; the
 * global default registry would refuse the second app's metrics). Other modules record with
 * one-line increments on these; gauges and the public cache's counts are read at scrape time.
 */
export function createMetrics(db: Db, searchInMemory: boolean) {
  const registry = new Registry();
  const registers = [registry];
  let cache: CacheCounts | null = null;

  const metrics = {
    registry,
    /** requests answered by Fastify so far, a plain count (background work gives way to them: decision 112) */
    answered: 0,
    /** requests handled by Fastify, by route pattern (never the raw URL), method and status; `_count` is the request count */
    http: new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'Requests handled by the app, by route pattern, method and status, and how long they took (cached answers sent before Fastify are in shop_public_cache_hits_total{path="before_fastify"} only)',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    jobRuns: new Counter({
      name: 'shop_job_runs_total',
      help: 'Scheduled job runs on this node, by job and outcome (ok, failed)',
      labelNames: ['job', 'outcome'] as const,
      registers,
    }),
    ordersCreated: new Counter({ name: 'shop_orders_created_total', help: 'Orders created at checkout, awaiting payment', registers }),
    ordersPaid: new Counter({
      name: 'shop_orders_paid_total',
      help: 'Orders paid and placed (by the browser callback, a webhook or reconciliation)',
      registers,
    }),
    refunds: new Counter({
      name: 'shop_refunds_total',
      help: 'Refunds settled by the payment provider, by outcome (processed, failed)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    refundedRupees: new Counter({
      name: 'shop_refunds_amount_rupees_total',
      help: 'Amount of the refunds settled, in rupees, by outcome (processed, failed)',
      labelNames: ['outcome'] as const,
      registers,
    }),

    /** Hands the public cache's counters to the scrape (they are plain numbers there: its fast path must stay a counter increment). */
    readCache(counts: CacheCounts) {
      cache = counts;
    },
    /** The job, with its runs and failures counted. */
    counted(job: Job): Job {
      return {
        ...job,
        run: async () => {
          try {
            const result = await job.run();
            metrics.jobRuns.inc({ job: job.name, outcome: 'ok' });
            return result;
          } catch (err) {
            metrics.jobRuns.inc({ job: job.name, outcome: 'failed' });
            throw err;
          }
        },
      };
    },
  };

  new Counter({
    name: 'shop_public_cache_hits_total',
    help: 'Public reads answered from the cache: before Fastify (the fast path) or by the app',
    labelNames: ['path'] as const,
    registers,
    collect() {
      this.reset();
      if (!cache) return;
      this.inc({ path: 'before_fastify' }, cache.sentFast);
      this.inc({ path: 'fastify' }, cache.hits);
    },
  });
  new Counter({
    name: 'shop_public_cache_misses_total',
    help: 'Public reads the cache had no current answer for (made afresh)',
    registers,
    collect() {
      this.reset();
      if (cache) this.inc(cache.misses);
    },
  });

  new Gauge({
    name: 'shop_search_index_state',
    help: 'Where searches are answered from on this node: its copy of the index in memory, the tables while that loads, or the tables alone (SEARCH_IN_MEMORY=0); 1 for the current state',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const replica = searchReplicaOf(db);
      const state = !searchInMemory ? 'tables' : (replica?.source ?? 'loading');
      for (const s of ['memory', 'loading', 'tables']) this.set({ state: s }, s === state ? 1 : 0);
    },
  });
  new Gauge({
    name: 'shop_search_index_documents',
    help: "Products in this node's copy of the search index (0 while it loads or without one)",
    registers,
    collect() {
      this.set(searchReplicaOf(db)?.documents ?? 0);
    },
  });

  // SQLite has no pool (one connection, used synchronously): these exist on PostgreSQL only.
  const pool = pgPools.get(db);
  if (pool) {
    new Gauge({
      name: 'shop_db_pool_connections_in_use',
      help: 'PostgreSQL connections of this node running a query or holding a transaction',
      registers,
      collect() {
        this.set(pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'shop_db_pool_connections_idle',
      help: 'PostgreSQL connections of this node open and idle',
      registers,
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'shop_db_pool_waiting_requests',
      help: 'Queries of this node waiting for a PostgreSQL connection (the pool is full)',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  return metrics;
}

export type ShopMetrics = ReturnType<typeof createMetrics>;

/** Compares a presented token with the configured one in constant time (digests: equal lengths whatever is sent). */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** An onResponse hook (for the root, so that it sees every route and the 404s): the request by its route pattern, never its URL. */
export function recordRequest(metrics: ShopMetrics): onResponseHookHandler {
  return (req, reply, done) => {
    metrics.answered++;
    metrics.http.observe({ method: req.method, route: req.routeOptions.url ?? 'unmatched', status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  };
}

/**
 * GET /metrics (Prometheus text). Off (404) unless
 * METRICS_TOKEN is set; then only `Authorization: Bearer $METRICS_TOKEN` reads it (decision 036).
 */
export async function metricsRoutes(app: App) {
  const { metrics, config } = app;
  const token = config.metricsToken;
  metrics.readCache(app.publicCache);
  if (token) collectDefaultMetrics({ register: metrics.registry });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!token) throw new AppError('not_found', 404, messages.notFound);
    const [scheme, given] = (req.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !given || !sameToken(given, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('metrics_unauthorized', 401, 'The metrics need Authorization: Bearer <METRICS_TOKEN>');
    }
    reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
