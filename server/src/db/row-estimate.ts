import { sql } from 'kysely';
import type { Db } from './database';
import { isPostgres } from './dialect';

/** How long a process keeps an estimate: it moves only with ANALYZE and autovacuum anyway. */
export const ESTIMATE_KEPT_MS = 10_000;

const kept = new WeakMap<Db, Map<string, { rows: Promise<number | null>; until: number }>>();

/**
 * PostgreSQL's own estimate of the rows of a table or index (`pg_class.reltuples`, which ANALYZE
 * and autovacuum keep), read at most every 10 s per process: what the admin lists' counts use to
 * say "10,000 or more" without counting 10,001 rows (decision 054). Null on SQLite, for a relation
 * never analysed, or when it cannot be read.
 */
export function estimatedRows(db: Db, relation: string, now = Date.now()): Promise<number | null> {
  if (!isPostgres(db)) return Promise.resolve(null);
  let mine = kept.get(db);
  if (!mine) kept.set(db, (mine = new Map()));
  const entry = mine.get(relation);
  if (entry && now < entry.until) return entry.rows;
  const rows = sql<{ n: number }>`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = to_regclass(${relation})`
    .execute(db)
    .then((r) => {
      const n = Number(r.rows[0]?.n ?? -1);
      return n >= 0 ? n : null;
    })
    .catch(() => null);
  mine.set(relation, { rows, until: now + ESTIMATE_KEPT_MS });
  return rows;
}
