/**
 * What the callers of a PostgreSQL pool need without the driver: the outage error, its test and
 * the availability's shape. The pool itself (pg-resilient-pool.ts) and the `pg` package are loaded
 * by a PostgreSQL shop's first connection only (decision 062): a SQLite shop never loads them.
 */

export type Log = {
  warn: (obj: object, msg: string) => void;
  info: (msg: string) => void;
};

/** Before the app's logger is attached (start-up), one line on stderr. */
export const startLog: Log = {
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
/**
 * What pg and pg-pool say when a connection ends, never opens in time, or a query gets no answer.
 * `timeout expired`: the client's own connect time-out (DATABASE_CONNECT_TIMEOUT_MS), as a
 * black-holed or overloaded server gives it when the pool has no open connection to lose first.
 */
const PG_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|timeout expired|Query read timeout|is not queryable|Client was closed/;

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

export interface DatabaseAvailability {
  /** false from a failed connection until a probe succeeds again */
  readonly up: boolean;
  /** where pool errors and outages are logged (the app's logger once it exists) */
  setLog(log: Log): void;
}
