import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './database';

/** Stands for the i-th argument while the query is built; replaced by the argument when it runs. */
class Slot {
  constructor(readonly index: number) {}
}

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** per parameter of the SQL: the argument it takes, or the constant the builder put there */
  parameters: (Slot | { constant: unknown })[];
}

/**
 * A query of fixed shape, built and compiled by Kysely once per database and then run with new
 * arguments. Kysely builds and compiles every query afresh, which was about a tenth of a checkout's
 * CPU in profiles; for the few queries every checkout runs several times that is waste.
 *
 * `build` is called once per database with stand-ins for the arguments, and must pass them to
 * Kysely as plain values (`where(column, '=', id)`, `values({ ... })`, `set({ ... })`): each must
 * become a parameter of the SQL, not be looked at. Works on a transaction of the same database as
 * well (the compiled SQL depends on the dialect only).
 */
export function compiledOnce<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>): (db: Db, ...args: A) => Promise<QueryResult<R>> {
  // Keyed by the dialect's adapter, which a database and its transactions share.
  const cache = new WeakMap<object, Compiled<R>>();
  return async (db, ...args) => {
    const key = db.getExecutor().adapter;
    let compiled = cache.get(key);
    if (!compiled) {
      const query = build(db, ...(args.map((_, i) => new Slot(i)) as A)).compile();
      const parameters = query.parameters.map((p) => (p instanceof Slot ? p : { constant: p }));
      const used = new Set(parameters.flatMap((p) => (p instanceof Slot ? [p.index] : [])));
      if (used.size !== args.length) throw new Error(`compiledOnce: ${args.length - used.size} argument(s) did not become parameters of: ${query.sql}`);
      compiled = { query, parameters };
      cache.set(key, compiled);
    }
    return db.executeQuery<R>({ ...compiled.query, parameters: compiled.parameters.map((p) => (p instanceof Slot ? args[p.index] : p.constant)) });
  };
}

/**
 * compiledOnce for a query over a list (`where('id', 'in', ids)`): compiled once per length of the
 * list up to `maxLength` (a cart's or an order's products: one, a few), built afresh beyond it, so
 * that what is kept stays small. `build` must pass every element to Kysely as a plain value.
 */
export function compiledPerLength<T, R>(build: (db: Db, list: T[]) => Compilable<R>, maxLength = 8): (db: Db, list: T[]) => Promise<QueryResult<R>> {
  const byLength: ((db: Db, ...list: T[]) => Promise<QueryResult<R>>)[] = [];
  return (db, list) => {
    if (list.length > maxLength) return db.executeQuery(build(db, list).compile());
    const run = (byLength[list.length] ??= compiledOnce((d: Db, ...slots: T[]) => build(d, slots)));
    return run(db, ...list);
  };
}
