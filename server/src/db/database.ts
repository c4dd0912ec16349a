import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import { isPostgres } from './dialect';
import type { DatabaseAvailability, Log } from './pg-pool';
import type { resilientPool } from './pg-resilient-pool';
import type { Database } from './schema';
import * as m001 from './migrations/001-catalogue';
import * as m002 from './migrations/002-search-impact';
import * as m003 from './migrations/003-accounts';
import * as m004 from './migrations/004-orders';
import * as m005 from './migrations/005-order-admin';
import * as m006 from './migrations/006-services';
import * as m007 from './migrations/007-cart-keeps-lines';
import * as m010 from './migrations/010-money';
import * as m011 from './migrations/011-sign-in-failures';
import * as m090 from './migrations/090-sign-in-addresses';
import * as m020 from './migrations/020-jobs';
import * as m021 from './migrations/021-dispatch';
import * as m022 from './migrations/022-notify';
import * as m023 from './migrations/023-invoices';
import * as m024 from './migrations/024-credit-notes';
import * as m025 from './migrations/025-legacy-import';
import * as m026 from './migrations/026-search-changes';
import * as m040 from './migrations/040-public-cache-version';
import * as m070 from './migrations/070-stock';
import * as m085 from './migrations/085-mail-delivery';
import * as m098 from './migrations/098-coupon-fractional-percent';
import * as m099 from './migrations/099-student-of-the-month';
import * as m100 from './migrations/100-request-invoice';
import * as m105 from './migrations/105-shipping';
import * as m110 from './migrations/110-audit-log';
import * as m120 from './migrations/120-admin-order-indexes';
import * as m150 from './migrations/150-customers';
import * as m151 from './migrations/151-low-stock-alerts';
import * as m155 from './migrations/155-returns';
import * as m130 from './migrations/130-cash-on-delivery';
import * as m160 from './migrations/160-seller-on-documents';
import * as m161 from './migrations/161-policies';
import * as m135 from './migrations/135-variants-and-kits';
import * as m167 from './migrations/167-product-fact-changes';
import * as m168 from './migrations/168-order-code-from-id';
import * as m171 from './migrations/171-admin-order-email-index';

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
  '010-money': m010,
  '011-sign-in-failures': m011,
  '020-jobs': m020,
  '021-dispatch': m021,
  '022-notify': m022,
  '023-invoices': m023,
  '024-credit-notes': m024,
  '025-legacy-import': m025,
  '026-search-changes': m026,
  '040-public-cache-version': m040,
  '070-stock': m070,
  '085-mail-delivery': m085,
  '090-sign-in-addresses': m090,
  '098-coupon-fractional-percent': m098,
  '099-student-of-the-month': m099,
  '100-request-invoice': m100,
  '105-shipping': m105,
  '110-audit-log': m110,
  '120-admin-order-indexes': m120,
  '150-customers': m150,
  '151-low-stock-alerts': m151,
  '155-returns': m155,
  '130-cash-on-delivery': m130,
  '160-seller-on-documents': m160,
  '161-policies': m161,
  '135-variants-and-kits': m135,
  '167-product-fact-changes': m167,
  '168-order-code-from-id': m168,
  '171-admin-order-email-index': m171,
};

export type DatabaseSettings =
  | { kind: 'sqlite'; file: string; optimizeIntervalMs?: number }
  | { kind: 'postgres'; url: string; poolSize: number; connectTimeoutMs?: number; queryTimeoutMs?: number; namedStatements?: boolean };

export function createDb(database: DatabaseSettings, options: { schema?: string } = {}): Db {
  if (database.kind === 'postgres') {
    const settings = {
      connectionString: database.url,
      max: database.poolSize,
      connectTimeoutMs: database.connectTimeoutMs ?? 2000,
      queryTimeoutMs: database.queryTimeoutMs ?? 15_000,
      namedStatements: database.namedStatements ?? true,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    };
    // The driver is loaded by the first connection (Kysely asks for the pool then): a SQLite shop
    // never loads pg (decision 062). Until then the database counts as up and logs where it is told.
    let made: ReturnType<typeof resilientPool> | undefined;
    let log: Log | undefined;
    const pool = async () => {
      made ??= (await import('./pg-resilient-pool')).resilientPool(settings);
      if (log) made.availability.setLog(log);
      pgPools.set(db, made.pgPool);
      return made.pool;
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    availabilities.set(db, {
      get up() {
        return made?.availability.up ?? true;
      },
      setLog(l) {
        log = l;
        made?.availability.setLog(l);
      },
    });
    return db;
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
  const stopOptimizing = optimizeEvery(sqlite, database.optimizeIntervalMs ?? DEFAULT_OPTIMIZE_INTERVAL_MS);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: keptStatements(sqlite, stopOptimizing) }) });
  sqliteHandles.set(db, sqlite);
  return db;
}

const DEFAULT_OPTIMIZE_INTERVAL_MS = 600_000;

/**
 * Runs `PRAGMA optimize` on a long-lived SQLite connection every `ms` (SQLite's advice for such
 * connections; decision 047). A connection plans with the statistics it read when it opened: a
 * table that was nearly empty then (the customers of a new shop) is planned as tiny for as long as
 * the process lives, and a search that should read two index ranges scans the table instead (40 to
 * 110 ms at 100,000 customers). `optimize` compares each table with the size
 * its statistics say, re-analyzes one that has changed tenfold (bounded by `analysis_limit`) and
 * makes the connection plan with the new figures; statistics another connection wrote (a bulk
 * import, `ANALYZE` by hand) are read again the same way. A check that finds nothing to do costs
 * well under a millisecond. Returns the stop.
 */
function optimizeEvery(sqlite: SQLite.Database, ms: number): () => void {
  const timer = setInterval(() => {
    try {
      // 0x10002: every table, not only those planned since the last run (kept statements are planned once).
      // Never inside a transaction of the app's (between its awaits): the next round comes soon enough.
      if (sqlite.open && !sqlite.inTransaction) sqlite.pragma('optimize = 0x10002');
    } catch {
      // Busy (a long write on another connection): the next round tries again.
    }
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The database as Kysely's SQLite driver sees it, with each prepared statement kept for its SQL text
 * (Kysely prepares every query afresh; preparing was 5 to 8 % of the CPU time of a search or a
 * cached read in profiles). SQLite re-prepares a kept statement by itself when the schema changes.
 * Safe because the driver runs one statement at a time to completion (the app never streams).
 */
function keptStatements(sqlite: SQLite.Database, onClose: () => void, max = 1000) {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      onClose();
      sqlite.close();
    },
    prepare(text: string) {
      let stmt = kept.get(text);
      if (!stmt) {
        stmt = sqlite.prepare(text);
        if (kept.size >= max) kept.delete(kept.keys().next().value!);
        kept.set(text, stmt);
      }
      return stmt;
    },
  };
}

/**
 * On PostgreSQL, opens every connection of the pool at once and runs `work` once on each, so that
 * the first requests after a start find open connections whose backends have already read and
 * planned the queries `work` makes (a fresh backend's first product query took 17 ms to plan under
 * load, docs/performance.md, h4). Each connection is held until all are open (or the time is up):
 * otherwise the pool would hand the same one out again. Resolves within `withinMs` whatever
 * happens (a slow or failing warm-up only costs the first requests what it always did); the work
 * left then goes on in the background. Answers how many connections were warmed in time (0 on SQLite).
 */
export async function warmConnections(db: Db, work: (conn: Kysely<Database>) => Promise<unknown>, withinMs: number): Promise<number> {
  const pool = pgPools.get(db);
  if (!pool) return 0;
  const count = pool.options.max ?? 10;
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
  let open = 0;
  let warmed = 0;
  let allOpen!: () => void;
  const everyOneOpen = new Promise<void>((resolve) => (allOpen = resolve));
  const each = Array.from({ length: count }, () =>
    db
      .connection()
      .execute(async (conn) => {
        if (++open === count) allOpen();
        await work(conn);
        warmed++;
        await Promise.race([everyOneOpen, timeUp]);
      })
      .catch(() => {}),
  );
  await Promise.race([Promise.all(each), timeUp]);
  clearTimeout(timer);
  return warmed;
}

/** The pg.Pool behind a PostgreSQL Db, for its connection counts (modules/system/metrics.ts). */
export const pgPools = new WeakMap<Db, pg.Pool>();

/**
 * The better-sqlite3 handle behind a SQLite Db, for the few hot reads that are worth a prepared
 * statement kept across requests (Kysely prepares each query afresh): see plugins/public-cache.ts.
 */
export const sqliteHandles = new WeakMap<Db, SQLite.Database>();

const availabilities = new WeakMap<Db, DatabaseAvailability>();

/** Whether a PostgreSQL Db is known to be reachable, and where its pool logs (undefined on SQLite). */
export function databaseAvailability(db: Db): DatabaseAvailability | undefined {
  return availabilities.get(db);
}

/**
 * Brings the schema up to date; fails loudly with the migration that broke. Answers the migrations
 * the database has run that this build does not know: a newer release ran them, and this node is an
 * old one starting during a rolling deploy or after a rollback. They are left alone (never undone),
 * so the node starts and serves on the expanded schema (docs/operations/deploy.md).
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // On PostgreSQL the migrator must look for its bookkeeping tables in our schema only: other
  // schemas of the same database (another app, a test run) may have tables of the same names.
  const schema = isPostgres(db) ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const table = schema ? sql.id(schema, 'kysely_migration') : sql.id('kysely_migration');
  const executed = await sql<{ name: string }>`select name from ${table}`.execute(db).then(
    (r) => r.rows.map((row) => row.name),
    () => [],
  );
  const newer = executed.filter((name) => !Object.hasOwn(migrations, name)).sort();
  // Every migration of this build has run (a restart, a new node of a migrated shop): nothing for Kysely's
  // migrator to do, which would still read the whole schema (every table's columns: its own bookkeeping
  // tables are looked for there) and take its lock, tens of ms of every start's CPU (decision 073).
  const run = new Set(executed);
  if (Object.keys(migrations).every((name) => run.has(name))) return newer;
  // Kysely refuses to migrate a database that has run migrations it is not given: it is given them
  // as done steps that do nothing (they are never run: they have run).
  const alreadyRun: Record<string, Migration> = Object.fromEntries(newer.map((name) => [name, { up: async () => {} }]));
  const all: MigrationProvider = { getMigrations: async () => ({ ...migrations, ...alreadyRun }) };
  // Migrations are independent of one another; allowing any order lets branches add theirs without renumbering.
  // Names compared as strings, not with Kysely's default localeCompare: that reads ICU's collation data
  // (some 2 MB) into memory at every start (decision 073); every name begins with its unique number.
  const migrator = new Migrator({
    db,
    provider: all,
    allowUnorderedMigrations: true,
    nameComparator: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely looks for its bookkeeping tables across every schema: a schema dropped at that moment
  // (another app's, a parallel test's) fails the look-up with "schema does not exist". Look again.
  for (let again = 0; again < 3 && (error as { code?: unknown } | undefined)?.code === '3F000' && !results?.some((r) => r.status === 'Error'); again++) {
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return newer;
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
