import pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { clientQuery } from './pg-client-query';
import { statementNames } from './pg-named-statements';
import { DatabaseUnavailableError, isDatabaseUnavailable, startLog, type DatabaseAvailability } from './pg-pool';

// PostgreSQL's bigint (int8) arrives as a string by default; our amounts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/** An error as a log line needs it: pg-pool hangs the whole client (config included) on its errors. */
function brief(err: unknown): { message: string; code?: string } {
  const e = err as { message?: unknown; code?: unknown };
  return { message: String(e?.message ?? err), ...(typeof e?.code === 'string' ? { code: e.code } : {}) };
}

export interface PoolSettings {
  connectionString: string;
  max: number;
  /** a new connection that is not open by then has failed (the server is down or the route black-holed) */
  connectTimeoutMs: number;
  /** a query with no answer by then fails and its connection is dropped (0: no limit) */
  queryTimeoutMs: number;
  /** while the database is down, how often to try it again */
  retryMs?: number;
  options?: string;
  /**
   * frequent statements sent named, parsed once per connection (decision 086); false behind a pooler
   * that hands one session's statements to other server connections (PgBouncer before 1.21 in
   * transaction mode, DATABASE_NAMED_STATEMENTS=0)
   */
  namedStatements?: boolean;
}

/**
 * A pg pool that survives the database going away (decision 034):
 * - every client has an 'error' listener for its whole life, checked out or idle (pg emits 'error'
 *   on a client whose connection breaks between queries; with no listener Node ends the process);
 * - a connection that cannot be opened within `connectTimeoutMs`, or a query unanswered within
 *   `queryTimeoutMs`, fails; a client whose connection failed is dropped, never handed out again;
 * - after such a failure the database counts as down: every new checkout fails at once with
 *   DatabaseUnavailableError (answered 503) instead of each request waiting for a time-out, and a
 *   probe tries a connection at once and then every `retryMs` until one succeeds;
 * - waiting for a free connection when all are busy has no time-out, as before: that is load, not
 *   an outage.
 */
export function resilientPool(settings: PoolSettings): { pool: PostgresPool; pgPool: pg.Pool; availability: DatabaseAvailability } {
  const { connectTimeoutMs, queryTimeoutMs, retryMs = 1000 } = settings;
  let log = startLog;
  let downSince: number | null = null;
  let probe: NodeJS.Timeout | null = null;
  let ending = false;

  // pg-pool gives its own options to each client: the connect time-out goes to the client only, so
  // that a checkout waiting for a busy pool has none.
  class Client extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  const pool = new pg.Pool({
    connectionString: settings.connectionString,
    max: settings.max,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
    ...(settings.options ? { options: settings.options } : {}),
    Client,
  });

  pool.on('error', (err) => {
    // An idle client whose connection broke: the pool has dropped it already.
    log.warn({ err: brief(err) }, 'database: an idle connection was lost; the pool drops it and opens another when needed');
  });
  pool.on('connect', (client) => {
    // For the client's whole life: while checked out, the pool listens to nothing on it.
    client.on('error', (err) => {
      if (isDatabaseUnavailable(err)) markDown(err);
    });
  });

  function markDown(err: unknown) {
    if (ending || downSince !== null) return;
    downSince = Date.now();
    log.warn({ err: brief(err) }, 'database unreachable: requests that need it are answered 503 until it is back');
    tryAgain(0);
  }

  function tryAgain(afterMs: number) {
    probe = setTimeout(() => {
      probe = null;
      if (ending) return;
      pool.query('select 1').then(
        () => {
          const ms = Date.now() - (downSince ?? Date.now());
          downSince = null;
          log.info(`database is back after ${Math.round(ms / 100) / 10} s`);
        },
        () => tryAgain(retryMs),
      );
    }, afterMs);
    probe.unref();
  }

  const broken = new WeakMap<pg.PoolClient, unknown>();
  const queries = new WeakMap<pg.PoolClient, ReturnType<typeof clientQuery>>();
  // One name per text for the whole pool: every connection prepares a frequent text under the same name.
  const nameOf = settings.namedStatements === false ? () => undefined : statementNames();
  /**
   * Notes a client whose query failed for want of the database, to drop it on release; sends frequent
   * statements named and a transaction's begin with its first statement (pg-client-query.ts).
   */
  function watch(client: pg.PoolClient) {
    let watched = queries.get(client);
    if (!watched) {
      watched = clientQuery(client, nameOf, (err) => {
        if (!isDatabaseUnavailable(err)) return;
        broken.set(client, err);
        markDown(err);
      });
      queries.set(client, watched);
      (client as { query: unknown }).query = watched.query;
    }
    return watched;
  }

  const guarded: PostgresPool = {
    async connect() {
      if (downSince !== null) throw new DatabaseUnavailableError(undefined);
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        if (isDatabaseUnavailable(err)) markDown(err);
        throw err;
      }
      const watched = watch(client);
      const release = client.release.bind(client);
      // A connection that failed (or hangs on an unanswered query) is destroyed, not pooled.
      client.release = (err?: Error | boolean) => {
        watched.reset();
        const failed = broken.get(client);
        broken.delete(client);
        release(err ?? (failed !== undefined ? true : undefined));
      };
      return client as unknown as PostgresPoolClient;
    },
    async end() {
      ending = true;
      if (probe) clearTimeout(probe);
      await pool.end();
    },
  };

  return {
    pool: guarded,
    /** the pg.Pool behind it, for its counts of clients in use, idle and waiting (metrics) */
    pgPool: pool,
    availability: {
      get up() {
        return downSince === null;
      },
      setLog(l) {
        log = l;
      },
    },
  };
}
