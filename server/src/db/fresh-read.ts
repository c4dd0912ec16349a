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

  /**
   * read(), with a value read synchronously (SQLite) shared by every request handled in this turn
   * of the event loop (decision 023): those requests had all arrived when the turn's poll for
   * network events returned, before the read, so it is never older than any of them. Dropped when
   * the turn ends and by forgetReadsOfThisTurn, which whatever changes the value in this process
   * calls, so that its own next request reads afresh.
   */
  readThisTurn(): T | Promise<T> {
    if (sharedThisTurn.has(this)) return sharedThisTurn.get(this) as T;
    const value = this.read();
    if (!(value instanceof Promise)) shareThisTurn(this, value);
    return value;
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
    return (
      sqliteHandles
        .get(db)
        ?.prepare(query.sql)
        .bind(...query.parameters) ?? null
    );
  } catch {
    return null; // no table yet (migrations not run): the Kysely path reports it per read
  }
}

/** Values read synchronously in this turn of the event loop (readThisTurn). */
const sharedThisTurn = new Map<FreshRead<unknown>, unknown>();
let endOfTurnSet = false;

function shareThisTurn(read: FreshRead<unknown>, value: unknown) {
  sharedThisTurn.set(read, value);
  if (endOfTurnSet) return;
  endOfTurnSet = true;
  // setImmediate runs after the poll phase: the next turn's requests read afresh.
  setImmediate(() => {
    endOfTurnSet = false;
    sharedThisTurn.clear();
  });
}

/** Drops every value shared in this turn: call after this process changed what a FreshRead reads. */
export function forgetReadsOfThisTurn(): void {
  sharedThisTurn.clear();
}
