import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '../../src/db/database';

/** What the server project's global setup hands to the test files: a migrated schema as SQL. */
interface PostgresTemplate {
  /** the template schema's name, as it appears in `sql` (each copy replaces it with its own) */
  name: string;
  /** pg_dump's text of the migrated schema (tables, data, sequences, functions, triggers), psql's commands left out */
  sql: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: PostgresTemplate | null;
  }
}

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Vitest's global setup of the `server` project (decision 106): migrates one PostgreSQL schema for
 * the whole run and hands its dump to the test files, which make each fresh database by running the
 * dump under a schema name of their own (`freshDb` in databases.ts) instead of the 35 migrations:
 * the migrator's round trips and catalogue reads cost about 1-3 s of wall time per database.
 * `migrated-schema.test.ts` still migrates, and checks that a copy is the migrated schema.
 * Without PostgreSQL or pg_dump it provides nothing and every database is migrated as before.
 */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('postgresTemplate', null);
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return; // databases.ts skips PostgreSQL, or fails the run under REQUIRE_POSTGRES=1
  }
  const name = `t_template_${randomBytes(6).toString('hex')}`;
  try {
    await admin.query(`CREATE SCHEMA ${name}`);
    const db = createDb({ kind: 'postgres', url: POSTGRES_URL, poolSize: 1 }, { schema: name });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      ['--dbname', POSTGRES_URL, '--schema', name, '--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=1000'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // psql's meta-commands around the dump (`\restrict` of newer pg_dump releases) are not SQL.
    const sql = stdout
      .split('\n')
      .filter((line) => !/^\\(restrict|unrestrict) /.test(line))
      .join('\n');
    if (!sql.includes(`CREATE SCHEMA ${name};`)) throw new Error(`pg_dump's output has no CREATE SCHEMA ${name}`);
    project.provide('postgresTemplate', { name, sql });
  } catch (err) {
    // No pg_dump (or one older than the server): the tests migrate each database, as before.
    console.warn(`PostgreSQL test databases are migrated one by one: no template (${String(err).split('\n')[0]})`);
  } finally {
    // The dump is all the copies need: the schema goes at once (a run stopped half-way leaves none).
    await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`).catch(() => {});
    await admin.end();
  }
}
