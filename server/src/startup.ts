import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { ConfigError, type Config } from './config';
import type { FileStorage } from './storage/storage';
import { S3Storage } from './storage/s3-storage';
import type { Db } from './db/database';
import { isPostgres } from './db/dialect';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './db/pg-pool';

/** An arbitrary constant: the PostgreSQL advisory lock every node takes for its start-up work. */
const STARTUP_LOCK_KEY = 482_163_907;

/**
 * Runs a node's start-up work (migrations, better-auth's tables, the first
 * admin, the demo catalogue) while holding one lock shared by every node of the
 * database, so any number of nodes may start at the same moment on an empty
 * database: one does the work, the others wait and then find it done. On
 * PostgreSQL an advisory lock held by one session (released by PostgreSQL
 * itself if the node dies); SQLite serves one machine and serialises writers
 * on its own.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work();
  return db.connection().execute(async (conn) => {
    // Asked again and again rather than waited for in one query: the other node's start-up work may
    // take longer than DATABASE_QUERY_TIMEOUT_MS, which would fail a waiting query.
    while (!(await sql<{ locked: boolean }>`select pg_try_advisory_lock(${STARTUP_LOCK_KEY}) as locked`.execute(conn)).rows[0]?.locked) await sleep(250);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
    }
  });
}

/** Resolves after `ms`, for the drain period of a graceful stop. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Checks what the configuration points at before anything else runs, so that a
 * wrong setting stops the start with one line naming the variable instead of a
 * stack trace: the data directory must be writable (uploads, SQLite, secrets),
 * and the database must answer.
 */
export function checkDataDir(config: Config): void {
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const probe = path.join(config.dataDir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe);
  } catch (err) {
    throw new ConfigError(`DATA_DIR: cannot write to ${config.dataDir} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

/**
 * A bucket that answers but refuses us (wrong name, keys or region) stops the start: that is a
 * setting to fix. One that does not answer is an outage of storage every node shares: the node
 * starts anyway and serves everything but pictures and uploads (health says storage: down), so
 * that nodes can still be restarted during the outage (decision 034). Answers whether it is up.
 */
export async function checkStorage(config: Config, storage: FileStorage): Promise<boolean> {
  if (!config.s3 || !(storage instanceof S3Storage)) return true;
  const state = await storage.probe();
  if (state === 'misconfigured') {
    throw new ConfigError(
      `S3_BUCKET: cannot reach the bucket "${config.s3.bucket}"${config.s3.endpoint ? ` at S3_ENDPOINT ${config.s3.endpoint}` : ''} (check the name, the endpoint and the keys)`,
    );
  }
  return state === 'up';
}

/**
 * The database must answer before anything else runs. One that cannot be reached (refused, timed
 * out, starting up: a PostgreSQL restart or failover while this node starts) is asked again every
 * half second for DATABASE_START_WAIT_MS, so that a node restarted during a database blip comes up
 * when the database does instead of exiting; any other failure (wrong password, no such database)
 * is a setting to fix and stops the start at once. Each attempt has at most 15 s.
 */
export async function checkDatabase(config: Config, db: Db): Promise<void> {
  const where = config.database.kind === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR';
  const giveUpAt = Date.now() + config.databaseStartWaitMs;
  let waiting = false;
  for (;;) {
    try {
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 15 s')), 15_000).unref());
      await Promise.race([sql`select 1`.execute(db), timeout]);
      if (waiting) console.error(`${where}: the database answers; starting`);
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() >= giveUpAt) throw new ConfigError(`${where}: cannot open the database (${reason(err)})`);
      if (!waiting)
        console.error(`${where}: the database cannot be reached yet (${reason(err)}); trying again for ${Math.round(config.databaseStartWaitMs / 1000)} s`);
      waiting = true;
      await sleep(500);
    }
  }
}

/** The driver's own words, or those of the failure it wraps (the pool's "unreachable" names none). */
function reason(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  return err instanceof DatabaseUnavailableError && cause instanceof Error ? cause.message : (err as Error).message;
}
