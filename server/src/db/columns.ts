import type { ColumnDataType, ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

/**
 * Columns of one type added in this order, for `createTable(…).$call(…)`: most of a table's columns
 * are plain NOT NULL or plain nullable columns, one line each would say the same thing many times.
 */
function columns<N extends string>(type: ColumnDataType, names: readonly N[], notNull: boolean) {
  return <T extends string, C extends string>(table: CreateTableBuilder<T, C>): CreateTableBuilder<T, C | N> =>
    names.reduce<CreateTableBuilder<T, C | N>>(
      (t, name) => (notNull ? t.addColumn(name, type, (c) => c.notNull()) : t.addColumn(name, type)),
      table as CreateTableBuilder<T, C | N>,
    );
}

/** NOT NULL columns of one type, without a default. */
export const required = <N extends string>(type: ColumnDataType, names: readonly N[]) => columns(type, names, true);

/** Nullable columns of one type, without a default. */
export const optional = <N extends string>(type: ColumnDataType, names: readonly N[]) => columns(type, names, false);

/**
 * A NOT NULL text and its case-folded copy `<name>_key`, unique: the name as typed is shown, the key is
 * what makes a second one with other capitals a duplicate (a category, a coupon code, a Notify Me address).
 */
export const uniqueByKey =
  <N extends string>(name: N) =>
  <T extends string, C extends string>(table: CreateTableBuilder<T, C>): CreateTableBuilder<T, C | N | `${N}_key`> =>
    table.addColumn(name, 'text', (c) => c.notNull()).addColumn(`${name}_key`, 'text', (c) => c.notNull().unique());

/** A NOT NULL column with a default, which the rows already there take when it is added to a table. */
export const notNullDefault =
  (value: string | number) =>
  (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    c.notNull().defaultTo(value);

/** A column added to an existing table: its name, its type and, unless plain nullable, what else it is. */
type AddedColumn = readonly [name: string, type: ColumnDataType, build?: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder];

/** Columns added to an existing table in this order, one ALTER TABLE each: SQLite adds a single column per statement. */
export async function addColumns(db: Kysely<unknown>, table: string, added: readonly AddedColumn[]): Promise<void> {
  for (const [name, type, build] of added) await db.schema.alterTable(table).addColumn(name, type, build).execute();
}

/**
 * A table of a single row (id 1) of counters, created with that row: transactions take a number from it
 * under its row lock, so that numbers become visible in the order they were taken.
 */
export async function createCounterRow(db: Kysely<unknown>, table: string, counters: Record<string, number>): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .$call(required('bigint', Object.keys(counters)))
    .execute();
  await (db as Kysely<Record<string, { id: number }>>)
    .insertInto(table)
    .values({ id: 1, ...counters })
    .execute();
}

/**
 * A table whose rows are known by a text they are given (a setting's or a job's name, the payment provider's id of an
 * order, a webhook's event id, a policy's slug, a shopper's user id), not by a number the database draws (`withId`): the
 * key is its first column and its primary key.
 */
export function createKeyedTable<T extends string, K extends string>(db: Kysely<unknown>, table: T, key: K) {
  return db.schema.createTable(table).addColumn(key, 'text', (c) => c.primaryKey());
}

/** A migration's `down`: the tables it created dropped in the order given, each before the tables it refers to. */
export async function dropTables(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
