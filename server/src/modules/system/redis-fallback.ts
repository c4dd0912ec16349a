import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { redisRateLimitStore, type RateLimitStore } from '../auth/rate-limit-store';

type Callback = (err: Error | null, res: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}

/**
 * Redis as an accelerator, never a single point of failure: while it is
 * unreachable every counter falls back to this process (logged once per
 * outage), and goes back to Redis by itself when it returns. Commands fail at
 * once instead of queueing while Redis is away, so no request waits for it.
 */
export function redisWithFallback(url: string, log: FastifyBaseLogger) {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 500, 5000),
  });
  let down = false;
  const markDown = (err: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err }, 'Redis is unreachable: rate limits are counted per process until it is back');
  };
  redis.on('error', markDown);
  redis.on('ready', () => {
    if (down) log.info('Redis is back: rate limits are shared again');
    down = false;
  });
  const usable = () => redis.status === 'ready';

  /** A store for @fastify/rate-limit that uses Redis while it is there and this process's memory otherwise. */
  function makeStore(redisStore: Store, localStore: Store): Store {
    return {
      incr(key, cb, timeWindow, max) {
        if (!usable()) return localStore.incr(key, cb, timeWindow, max);
        redisStore.incr(
          key,
          (err, res) => {
            if (!err) return cb(null, res);
            markDown(err);
            localStore.incr(key, cb, timeWindow, max);
          },
          timeWindow,
          max,
        );
      },
      child(routeOptions) {
        return makeStore(redisStore.child(routeOptions), localStore.child(routeOptions));
      },
    };
  }

  // The plugin constructs its store with its global options (continueExceeding, exponentialBackoff among them).
  const FallbackStore = function (this: unknown, params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
    return makeStore(
      new RedisStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, redis, 'shop:rl:') as Store,
      new LocalStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false) as Store,
    );
  } as unknown as FastifyRateLimitStoreCtor;

  const shared = redisRateLimitStore(redis);
  const local = new Map<string, { count: number; until: number }>();
  /** better-auth's rate-limit store with the same fallback. */
  const authStore: RateLimitStore = {
    async consume(key, rule) {
      if (usable()) {
        try {
          return await shared.consume(key, rule);
        } catch (err) {
          markDown(err);
        }
      }
      const now = Date.now();
      const entry = local.get(key);
      const current = entry && entry.until > now ? entry : { count: 0, until: now + rule.window * 1000 };
      current.count++;
      local.set(key, current);
      if (local.size > 50_000) for (const [k, v] of local) if (v.until <= now) local.delete(k);
      return current.count <= rule.max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.max(1, Math.ceil((current.until - now) / 1000)) };
    },
  };

  return {
    redis,
    rateLimitStore: FallbackStore,
    authStore,
    /** 'up' when Redis answers a PING now. */
    async ping(): Promise<boolean> {
      if (!usable()) return false;
      try {
        return (await Promise.race([redis.ping(), new Promise<null>((r) => setTimeout(() => r(null), 1000))])) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}

export type RedisWithFallback = ReturnType<typeof redisWithFallback>;
