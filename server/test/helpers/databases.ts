import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { createDb, migrateToLatest, type Db } from '../../src/db/database';

/**
 * The databases API tests run on: SQLite always, PostgreSQL when reachable at
 * TEST_DATABASE_URL (default: the local server's `test` database). With
 * REQUIRE_POSTGRES=1 (set by CI) an unreachable PostgreSQL fails the run
 * instead of being skipped.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const pgUp = await postgresReachable();
if (!pgUp && process.env.REQUIRE_POSTGRES === '1') {
  throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL is not reachable at ${POSTGRES_URL}`);
}

export type DbKind = 'sqlite' | 'postgres';
export const DB_KINDS: DbKind[] = pgUp ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb {
  db: Db;
  kind: DbKind;
  /** Another handle on the same database, as a second app server would open (closed by dispose). */
  another(): Db;
  dispose(): Promise<void>;
}

/** The migrated schema as SQL, made once per run by the server project's global setup (postgres-template.ts). */
const template = pgUp ? inject('postgresTemplate') : null;

/**
 * A fresh, migrated, empty database: a SQLite file, or a PostgreSQL schema of its own. On PostgreSQL
 * the schema is a copy of the run's migrated template (decision 106) unless `migrate` is set (or there
 * is no template): then the migrations run on it, as at a shop's first start.
 */
export async function freshDb(kind: DbKind, options: { migrate?: boolean } = {}): Promise<TestDb> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
    const file = path.join(dir, 'test.sqlite');
    const db = createDb({ kind: 'sqlite', file });
    await migrateToLatest(db);
    const others: Db[] = [];
    return {
      db,
      kind,
      another: () => (others.push(createDb({ kind: 'sqlite', file })), others.at(-1)!),
      async dispose() {
        for (const other of others) await other.destroy();
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const copy = !options.migrate && template;
  await admin.query(copy ? template.sql.replaceAll(template.name, schema) : `CREATE SCHEMA ${schema}`);
  await admin.end();
  const open = () => createDb({ kind: 'postgres', url: POSTGRES_URL, poolSize: 4 }, { schema });
  const db = open();
  // Either way the handle has connected before the test uses it, as a shop's has after its start's
  // migrations: the app finds its pool open (the metrics of /metrics read it when the app is built).
  if (copy) await sql`SELECT 1`.execute(db);
  else await migrateToLatest(db);
  const others: Db[] = [];
  return {
    db,
    kind,
    another: () => (others.push(open()), others.at(-1)!),
    async dispose() {
      for (const other of others) await other.destroy();
      await db.destroy();
      // On a client of its own: a test that made the database "lost" may leave the shop's pool counting
      // it down for a moment, and that pool refuses every connection meanwhile (pg-resilient-pool.ts).
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      try {
        // Dropping a schema locks each of its tables; another test's DROP SCHEMA, locking shared catalog
        // rows in another order, can make PostgreSQL pick this one as a deadlock's victim: try again.
        for (let attempt = 1; ; attempt++) {
          try {
            await admin.query(`DROP SCHEMA ${schema} CASCADE`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
            await new Promise((r) => setTimeout(r, 100 * attempt));
          }
        }
      } finally {
        await admin.end();
      }
    },
  };
}
