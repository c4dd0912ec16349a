import { PostgresAdapter, sql, type Kysely, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';

/** The dialect-specific bits of the schema and of a few queries live here, nowhere else. */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key named id. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A creation/update timestamp column, stored as ISO-8601 text on both databases. */
export function timestampColumn(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder {
  return c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`);
}

/** Escape LIKE wildcards so shopper text is matched literally (used with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** The database driver's error code (PostgreSQL's SQLSTATE, SQLite's SQLITE_… name). */
const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

/** True when a statement failed on a unique constraint (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY). */
export function isUniqueViolation(err: unknown): boolean {
  const code = codeOf(err);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when a statement failed on a foreign key (PostgreSQL 23503, SQLite SQLITE_CONSTRAINT_FOREIGNKEY): the row it refers to was deleted meanwhile, or it is still referred to. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = codeOf(err);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * A write after a "does it exist?" check: a request at the same moment can pass the
 * same check and write first. Its unique-constraint failure is then the same refusal
 * the check gives (`conflict`), not a 500.
 */
export async function refuseDuplicate<T>(write: Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}
