import type { ColumnDataType, CreateTableBuilder } from 'kysely';

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
 * A row with the named columns read as numbers: PostgreSQL answers BIGINT/NUMERIC columns (paise,
 * counts) as strings, SQLite as numbers; the services work in numbers.
 */
export function withNumbers<T extends object, K extends keyof T>(row: T, names: readonly K[]): Omit<T, K> & Record<K, number> {
  const out = { ...row } as Record<PropertyKey, unknown>;
  for (const name of names) out[name as PropertyKey] = Number(row[name]);
  return out as Omit<T, K> & Record<K, number>;
}
