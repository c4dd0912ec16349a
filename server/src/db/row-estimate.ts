import { CompiledQuery, sql, type Compilable, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema';
import type { Db } from './database';
import { isPostgres } from './dialect';
import { RecentlyUsed } from '../plugins/recently-used';

/** How long a process keeps an estimate: it moves only with ANALYZE and autovacuum anyway. */
export const ESTIMATE_KEPT_MS = 10_000;

/**
 * Estimates kept per database handle; past this many the oldest kept goes first (a search is a new
 * key). Every entry is kept for the same time, so the oldest is also the first to expire: `RecentlyUsed`
 * read with `peek` (the order kept is that of keeping) evicts the expired ones first, then the oldest.
 */
const KEPT_MAX = 500;

type Kept = RecentlyUsed<string, { rows: Promise<number | null>; until: number }>;
const kept = new WeakMap<Db, Kept>();

function keptOf(db: Db): Kept {
  let mine = kept.get(db);
  if (!mine) kept.set(db, (mine = new RecentlyUsed(KEPT_MAX, Infinity, () => 0)));
  return mine;
}

/** What is kept under `key` and not expired at `now` (an expired entry is left to be replaced or evicted). */
function fresh(db: Db, key: string, now: number): Promise<number | null> | undefined {
  const entry = keptOf(db).peek(key);
  return entry && now < entry.until ? entry.rows : undefined;
}

/** What a statement with its values is kept under. */
function keyOf(kind: string, compiled: CompiledQuery): string {
  return `${kind} ${compiled.sql} ${JSON.stringify(compiled.parameters)}`;
}

/** `read()` kept under `key` for ESTIMATE_KEPT_MS; requests meanwhile share it, a failed read answers null. */
function keep(db: Db, key: string, now: number, read: () => Promise<number | null>): Promise<number | null> {
  const known = fresh(db, key, now);
  if (known) return known;
  const rows = read().catch(() => null);
  keptOf(db).set(key, { rows, until: now + ESTIMATE_KEPT_MS });
  return rows;
}

/**
 * PostgreSQL's own estimate of the rows of a table or index (`pg_class.reltuples`, which ANALYZE
 * and autovacuum keep), read at most every 10 s per process: what the admin lists' counts use to
 * say "10,000 or more" without counting 10,001 rows (decision 054). Null on SQLite, for a relation
 * never analysed, or when it cannot be read.
 */
export function estimatedRows(db: Db, relation: string, now = Date.now()): Promise<number | null> {
  if (!isPostgres(db)) return Promise.resolve(null);
  return keep(db, `relation ${relation}`, now, () =>
    sql<{ n: number }>`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = to_regclass(${relation})`.execute(db).then((r) => {
      const n = Number(r.rows[0]?.n ?? -1);
      return n >= 0 ? n : null;
    }),
  );
}

/**
 * The planner's estimate of the rows `query` answers (EXPLAIN: planned, not run; its statistics are
 * ANALYZE's and autovacuum's), kept 10 s per process for the same statement and values: what a filtered
 * admin list's count uses to say "10,000 or more" without counting (decision 109). Null on SQLite or
 * when it cannot be read.
 */
export function estimatedMatches(db: Db, query: Compilable, now = Date.now()): Promise<number | null> {
  if (!isPostgres(db)) return Promise.resolve(null);
  const compiled = query.compile();
  return keep(db, keyOf('query', compiled), now, async () => {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
    );
    const n = Number(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? -1);
    return n >= 0 ? n : null;
  });
}

/**
 * The rows of an admin list's query counted, at most `cap` + 1 of them (more means "over the cap"):
 * when PostgreSQL's estimate (from estimatedRows or estimatedMatches; null on SQLite) is five times
 * the cap or more, `cap` + 1 at once without counting (decisions 054 and 109). Where an estimate was
 * asked (PostgreSQL; `estimate` is null on SQLite and for the Orders list's filters), a count that
 * came out over the cap is kept ESTIMATE_KEPT_MS for the same statement and values, as an estimate
 * is: the next pages of a search 10,001 to 50,000 share say "10,000 or more" without counting
 * 10,001 rows again (decision 114). SQLite counts every time (exact, and at most about a
 * millisecond by its indexes).
 */
export async function countUpTo<T>(
  db: Db,
  listed: SelectQueryBuilder<Database, keyof Database, T>,
  cap: number,
  estimate: number | null,
  now = Date.now(),
): Promise<number> {
  if ((estimate ?? 0) >= 5 * cap) return cap + 1;
  const counting = db.selectFrom(listed.limit(cap + 1).as('listed')).select((eb) => eb.fn.countAll<number>().as('n'));
  const key = estimate === null ? null : keyOf('count', counting.compile());
  const over = key === null ? undefined : fresh(db, key, now);
  if (over) return (await over) ?? cap + 1;
  const n = Number((await counting.executeTakeFirstOrThrow()).n);
  if (key !== null && n > cap) keptOf(db).set(key, { rows: Promise.resolve(n), until: now + ESTIMATE_KEPT_MS });
  return n;
}
