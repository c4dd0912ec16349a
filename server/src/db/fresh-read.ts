import type { CompiledQuery } from 'kysely';
import { sqliteHandles, type Db } from './database';

/**
 * A tiny query that many requests ask at once and each needs fresh (a version number, a change
 * counter), read as cheaply as each database allows without ever answering older than the
 * request:
 * - on SQLite, a kept prepared statement read synchronously (microseconds, no round trip);
 * - on PostgreSQL, one query shared by all the requests that arrive while it runs. A request that
 *   arrives while a read is under way waits for the next one, which starts after it arrived, so
 *   it cannot see a value older than its own arrival.
 */
export class FreshRead<T> {
  private inflight: Promise<T> | null = null;
  private queued: Promise<T> | null = null;
  private readonly statement;

  constructor(
    private readonly db: Db,
    private readonly query: CompiledQuery,
    private readonly map: (row: Record<string, unknown> | undefined) => T,
  ) {
    this.statement = prepare(db, query);
  }

  /** The value now: synchronous on SQLite, a promise on PostgreSQL. Throws or rejects when it cannot be read. */
  read(): T | Promise<T> {
    if (this.statement) return this.map(this.statement.get() as Record<string, unknown> | undefined);
    if (!this.inflight) return this.start();
    this.queued ??= this.inflight.then(
      () => this.next(),
      () => this.next(),
    );
    return this.queued;
  }

  private next(): Promise<T> {
    this.queued = null;
    return this.start();
  }

  private start(): Promise<T> {
    const read = this.db
      .executeQuery(this.query)
      .then((r) => this.map(r.rows[0] as Record<string, unknown> | undefined))
      .finally(() => {
        if (this.inflight === read) this.inflight = null;
      });
    this.inflight = read;
    return read;
  }
}

function prepare(db: Db, query: CompiledQuery) {
  try {
    return sqliteHandles.get(db)?.prepare(query.sql).bind(...query.parameters) ?? null;
  } catch {
    return null; // no table yet (migrations not run): the Kysely path reports it per read
  }
}
