import pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

type Log = {
  warn: (obj: object, msg: string) => void;
  info: (msg: string) => void;
};

/** Before the app's logger is attached (start-up), one line on stderr. */
const startLog: Log = {
  warn: (obj, msg) => console.error(msg, (obj as { err?: Error }).err?.message ?? ''),
  info: (msg) => console.error(msg),
};

/** Thrown at once while the database is known to be unreachable, instead of waiting for a connection. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'database_unavailable';
  constructor(cause: unknown) {
    super('The database is unreachable', { cause });
  }
}

/** Errors of the socket or of name resolution: the server cannot be reached. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** What pg and pg-pool say when a connection ends, never opens in time, or a query gets no answer. */
const PG_CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable|Client was closed/;

/**
 * True when an error says the database could not be reached (rather than that a query was wrong):
 * a refused or reset socket, a connection that ended or timed out, PostgreSQL shutting down or
 * starting (57P01-57P03), SQLSTATE class 08 (connection exception) or too many connections (53300).
 * Looks through `cause` (libraries that wrap the driver's error).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 3) return false;
  if (err instanceof DatabaseUnavailableError) return true;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300')) return true;
  if (PG_CONNECTION_MESSAGES.test(err.message)) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(err.cause, depth + 1);
}

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
}

export interface DatabaseAvailability {
  /** false from a failed connection until a probe succeeds again */
  readonly up: boolean;
  /** where pool errors and outages are logged (the app's logger once it exists) */
  setLog(log: Log): void;
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
export function resilientPool(settings: PoolSettings): { pool: PostgresPool; availability: DatabaseAvailability } {
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
  const watched = new WeakSet<pg.PoolClient>();
  /** Notes a client whose query failed for want of the database, to drop it on release. */
  function watch(client: pg.PoolClient) {
    if (watched.has(client)) return;
    watched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((err: unknown) => {
          if (!isDatabaseUnavailable(err)) return;
          broken.set(client, err);
          markDown(err);
        });
      }
      return result;
    };
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
      watch(client);
      const release = client.release.bind(client);
      // A connection that failed (or hangs on an unanswered query) is destroyed, not pooled.
      client.release = (err?: Error | boolean) => {
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
