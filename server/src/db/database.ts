import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Config } from '../config';
import { isPostgres } from './dialect';
import type { Database } from './schema';
import * as m001 from './migrations/001-catalogue';
import * as m002 from './migrations/002-search-impact';
import * as m003 from './migrations/003-accounts';
import * as m004 from './migrations/004-orders';
import * as m005 from './migrations/005-order-admin';
import * as m006 from './migrations/006-services';
import * as m007 from './migrations/007-cart-keeps-lines';

export type Db = Kysely<Database>;

/** Migrations are imported statically so that a bundled or compiled server carries them. */
const migrations: Record<string, Migration> = {
  '001-catalogue': m001,
  '002-search-impact': m002,
  '003-accounts': m003,
  '004-orders': m004,
  '005-order-admin': m005,
  '006-services': m006,
  '007-cart-keeps-lines': m007,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// PostgreSQL's bigint (int8) arrives as a string by default; our amounts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export function createDb(database: Config['database'], options: { schema?: string } = {}): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: database.poolSize,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Keeps the query planner's statistics fresh (SQLite's advice for every new connection).
  sqlite.pragma('analysis_limit = 400');
  sqlite.pragma('optimize = 0x10002');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Brings the schema up to date; fails loudly with the migration that broke. */
export async function migrateToLatest(db: Db): Promise<void> {
  // On PostgreSQL the migrator must look for its bookkeeping tables in our schema only: other
  // schemas of the same database (another app, a test run) may have tables of the same names.
  const schema = isPostgres(db) ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** True when the database answers a trivial query. */
export async function pingDb(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
