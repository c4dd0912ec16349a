import type { FastifyBaseLogger } from 'fastify';
import { databaseAvailability, pingDb, type Db } from '../../db/database';
import type { FileStorage } from '../../storage/storage';
import type { RedisWithFallback } from './redis-fallback';

interface DependencyState {
  database: 'up' | 'down';
  storage: 'up' | 'down';
  /** 'off' when no REDIS_URL is set */
  redis: 'up' | 'down' | 'off';
}

/** Resolves to `fallback` when `work` has not settled within `ms` (or fails). */
async function within<T>(ms: number, fallback: T, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(fallback);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal).catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The dependencies' state, checked in the background every `intervalMs` (each check with its own
 * time-out), so that a health probe answers from the last result at once and never calls the
 * bucket itself (decision 034): a balancer probing every 500 ms costs nothing, and a slow check
 * cannot make every node's probe time out together. The database's state is also taken from the
 * pool as it happens (a failed connection marks it down at once, before the next check).
 */
export function healthMonitor(
  deps: { db: Db; storage: FileStorage; redis: RedisWithFallback | null; log: FastifyBaseLogger },
  options: { intervalMs: number; timeoutMs: number },
) {
  let last: DependencyState = { database: 'up', storage: 'up', redis: deps.redis ? 'up' : 'off' };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function check(): Promise<void> {
    const { timeoutMs } = options;
    const [database, storage, redis] = await Promise.all([
      within(timeoutMs, false, () => pingDb(deps.db)),
      within(timeoutMs, false, (signal) => deps.storage.ping(signal)),
      deps.redis ? within(timeoutMs, false, () => deps.redis!.ping()) : Promise.resolve(null),
    ]);
    const next: DependencyState = {
      database: database ? 'up' : 'down',
      storage: storage ? 'up' : 'down',
      redis: redis === null ? 'off' : redis ? 'up' : 'down',
    };
    if (next.storage !== last.storage) {
      if (next.storage === 'down') deps.log.warn('file storage unreachable: pictures and uploads answer 503, the rest of the shop serves');
      else deps.log.info('file storage is reachable again');
    }
    last = next;
  }

  /** One check now, unless one is under way (then that one). */
  function checkNow(): Promise<void> {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    /** Checks once (awaited: the first answer is a real one), then every interval. */
    async start(): Promise<void> {
      await checkNow();
      timer = setInterval(() => void checkNow(), options.intervalMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
    checkNow,
    /** The last result; the database is down from the moment the pool saw it go. */
    current(): DependencyState {
      const pool = databaseAvailability(deps.db);
      if (pool?.up === false) return { ...last, database: 'down' };
      // The pool has reached the database again since the last check: check now, not at the next interval.
      if (pool?.up && last.database === 'down') void checkNow();
      return last;
    },
  };
}
