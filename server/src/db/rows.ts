import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { compiledPerLength } from './compiled-once';
import type { Db } from './database';
import { isPostgres } from './dialect';
import type { Database } from './schema';

/**
 * A row with the named columns read as numbers: PostgreSQL answers BIGINT/NUMERIC columns (paise,
 * counts) as strings, SQLite as numbers; the services work in numbers.
 */
export function withNumbers<T extends object, K extends keyof T>(row: T, names: readonly K[]): Omit<T, K> & Record<K, number> {
  const out = { ...row } as Record<PropertyKey, unknown>;
  for (const name of names) out[name as PropertyKey] = Number(row[name]);
  return out as Omit<T, K> & Record<K, number>;
}

/** A date and time of day with no zone: how SQLite writes CURRENT_TIMESTAMP (UTC), `2026-11-27 23:03:03`. */
const NO_ZONE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * A timestamp column's value as an answer gives it: ISO 8601 in UTC (2026-11-27T23:03:03.000Z, decision 087).
 * It reads what either database holds: the server's own `toISOString()` text, SQLite's CURRENT_TIMESTAMP
 * (`2026-11-27 23:03:03`, UTC without a zone, which `new Date` would read as local time), PostgreSQL's
 * (`2026-11-27 23:03:12.028612+00`, any offset) and a Date. Text it cannot read is given back as it is.
 */
export function instantOf(value: string | Date): string {
  const text = value instanceof Date ? value.toISOString() : value;
  const time = new Date(NO_ZONE.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(time.getTime()) ? text : time.toISOString();
}

/**
 * Rows read for many parents at once (the lines of a page of orders, the files of a page of
 * requests), by their parent's id in `column`: `rowsOf(id)` is that parent's rows in the order they
 * were read, none when it has none. One pass over the rows, not a filter of all of them per parent.
 */
export function rowsByParent<R, K extends keyof R>(rows: readonly R[], column: K): (id: R[K]) => R[] {
  const byParent = new Map<R[K], R[]>();
  for (const row of rows) {
    const own = byParent.get(row[column]);
    if (own) own.push(row);
    else byParent.set(row[column], [row]);
  }
  return (id) => byParent.get(id) ?? [];
}

type Table = keyof Database;
type ColumnOf<T extends Table> = Extract<keyof Database[T], string>;
/** Which row: equal values of some of its columns (its id, and the order it belongs to…). */
type Match<T extends Table> = Partial<Record<ColumnOf<T>, number | string>>;

/**
 * Kysely types a statement by the table and columns written in it; these helpers take them as arguments
 * (checked against the schema at the call) and build the statement untyped.
 */
type Untyped = Kysely<Record<string, Record<string, unknown>>>;

function whereMatch(db: Db, table: Table, match: Record<string, unknown>) {
  return Object.entries(match).reduce((q, [column, value]) => q.where(column, '=', value), (db as unknown as Untyped).updateTable(table as string));
}

/**
 * Adds `amount` to a counter of one row only while the counter stays at most the row's `limit` column,
 * in one conditional statement: of any number of concurrent calls, together they never pass the limit
 * (a refund against its payment, the units of a line held by returns). True when added.
 */
export async function addUpTo<T extends Table>(db: Db, table: T, match: Match<T>, counter: ColumnOf<T>, amount: number, limit: ColumnOf<T>): Promise<boolean> {
  const res = await whereMatch(db, table, match)
    .set({ [counter]: sql`${sql.ref(counter)} + ${amount}` })
    .where(sql`${sql.ref(counter)} + ${amount}`, '<=', sql.ref(limit))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Takes `amount` off a counter of one row, never below zero: what a failed or undone hold gives back. */
export async function takeBack<T extends Table>(db: Db, table: T, match: Match<T>, counter: ColumnOf<T>, amount: number): Promise<void> {
  await whereMatch(db, table, match)
    .set({ [counter]: sql`${sql.ref(counter)} - ${amount}` })
    .where(counter as string, '>=', amount)
    .execute();
}

/**
 * Inserts a row unless one with the same unique `column` is there (a payment, a webhook event seen
 * again); answers the new row's id, or null when the row was there.
 */
export async function insertOnce<T extends Table>(db: Db, table: T, row: Insertable<Database[T]>, column: ColumnOf<T>): Promise<number | null> {
  const inserted = await (db as unknown as Untyped)
    .insertInto(table as string)
    .values(row as Record<string, unknown>)
    .onConflict((oc) => oc.column(column as string).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : null;
}

/**
 * Locks one row until the transaction ends (PostgreSQL; SQLite's writer lock already serialises
 * writes), with the lock an UPDATE of it takes (FOR NO KEY UPDATE): a transaction that locks the same
 * row first waits for this one and then sees what it did. Inserts that only reference the row (their
 * foreign key takes KEY SHARE) do not wait for it.
 */
export async function lockRow(trx: Db, table: 'orders' | 'products', id: number): Promise<void> {
  await lockRows(trx, table, [id]);
}

/**
 * Locks several rows of one table as `lockRow` does, in the order of their ids (the one order every
 * transaction takes them in, so two that lock some of the same rows wait rather than deadlock).
 * `forDelete`: the lock a DELETE takes (FOR UPDATE), which also makes a transaction wait that inserts
 * a row referencing one of them (its foreign key takes KEY SHARE), and waits for one under way.
 */
export async function lockRows(trx: Db, table: 'orders' | 'products', ids: readonly number[], forDelete = false): Promise<void> {
  if (!isPostgres(trx) || ids.length === 0) return;
  const rows = (trx as unknown as Untyped)
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id');
  await (forDelete ? rows.forUpdate() : rows.forNoKeyUpdate()).execute();
}

/** How many rows a table has (a short list's total: the outbox, the Notify Me addresses). */
export async function countRows(db: Db, table: Table): Promise<number> {
  const row = await (db as unknown as Untyped)
    .selectFrom(table as string)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The tables whose rows move between statuses, with the time of the last move in `updated_at`. */
type StatusRow = 'refunds' | 'return_requests';

/**
 * Moves a row from one status to another (with `set`, what else the move writes) only if it is still in
 * the first, in one conditional statement: of any number of concurrent moves exactly one sees a row changed.
 */
export async function moveStatus<T extends StatusRow>(
  db: Db,
  table: T,
  id: number,
  from: string,
  to: string,
  set: Partial<Record<ColumnOf<T>, string | number | null>> = {},
): Promise<boolean> {
  const res = await whereMatch(db, table, { id, status: from })
    .set({ status: to, updated_at: new Date().toISOString(), ...set })
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The tables of the rows a product keeps in its own order (`position`): its images, options and variants. */
type ProductRowsTable = 'product_images' | 'product_options' | 'product_variants';

/**
 * A reader of the `columns` of the rows of several products in one of those tables, product by
 * product, each product's in their order (then by `thenBy`): what a page of products shows of each.
 * Its query is compiled once per number of products (compiledPerLength: the few of a cart or a page).
 */
export function rowsOfProducts<T extends ProductRowsTable, C extends keyof Selectable<Database[T]> & string>(
  table: T,
  columns: readonly C[],
  thenBy: readonly ColumnOf<T>[] = [],
): (db: Db, productIds: number[]) => Promise<Pick<Selectable<Database[T]>, C>[]> {
  const query = compiledPerLength((db: Db, productIds: number[]) => {
    const inOrder = (db as unknown as Untyped)
      .selectFrom(table as string)
      .select(columns as readonly string[])
      .where('product_id', 'in', productIds)
      .orderBy('product_id')
      .orderBy('position');
    return thenBy.reduce((q, column) => q.orderBy(column as string), inOrder);
  });
  return async (db, productIds) => {
    if (productIds.length === 0) return [];
    return (await query(db, productIds)).rows as Pick<Selectable<Database[T]>, C>[];
  };
}
