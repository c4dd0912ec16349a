import { sql, type Kysely } from 'kysely';
import { createDb } from '../../server/src/db/database';
import type { Database } from '../../server/src/db/schema';
import { processCpuMs } from './stats';

/** The PostgreSQL the benchmarks use: BENCH_DATABASE_URL, by default the local test database. */
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A schema of the bench's own in PG_URL, dropped and created afresh (nothing else in that database is
 * touched): the shop's DATABASE_URL that works in it, its connections named `appName` (to find their
 * backends' CPU; `sessionSettings` adds `-c name=value` settings to its sessions), and `drop()` for the end. Null, with a message, when PostgreSQL is not reachable.
 */
export async function benchSchema(schema: string, appName: string, sessionSettings = '') {
  const admin = createDb({ kind: 'postgres', url: PG_URL, poolSize: 2 });
  try {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(admin);
    await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(admin);
  } catch (err) {
    console.log(`PostgreSQL not reachable at ${PG_URL} (${(err as Error).message}); skipping it.`);
    await admin.destroy();
    return null;
  }
  return {
    shopUrl: `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}${sessionSettings ? ` ${sessionSettings}` : ''}`)}&application_name=${appName}`,
    /** The bench's own connections in the schema (reads and fills, as an operator would); no query time-out. */
    open: () => createDb({ kind: 'postgres', url: PG_URL, poolSize: 2, queryTimeoutMs: 0 }, { schema }),
    async drop() {
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(admin);
      await admin.destroy();
    },
  };
}

/**
 * The CPU of the PostgreSQL backends serving a shop (its connections carry application_name
 * `appName`), from /proc: on PostgreSQL the queries' work is done there, not in the shop. Sample it
 * every few requests, per backend: the pool closes a connection idle for 10 s and opens another, and
 * a sum over the backends alive at the start and at the end would lose (or, negative, take back) the
 * CPU of one that ended in between. A backend first seen during the run counts from its start.
 */
export class DatabaseCpu {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private started = false;

  constructor(
    private readonly db: Kysely<Database> | null,
    private readonly appName: string,
  ) {}

  async sample(): Promise<void> {
    if (!this.db) return;
    const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE application_name = ${this.appName}`.execute(this.db);
    for (const { pid } of rows) {
      const cpu = processCpuMs(pid);
      if (Number.isNaN(cpu)) continue;
      if (!this.first.has(pid)) this.first.set(pid, this.started ? 0 : cpu);
      this.last.set(pid, cpu);
    }
    this.started = true;
  }

  /** The backends seen so far. */
  pids(): Set<number> {
    return new Set(this.first.keys());
  }

  /** ms of CPU of those backends between the first sample and the last. */
  total(): number {
    let sum = 0;
    for (const [pid, first] of this.first) sum += this.last.get(pid)! - first;
    return sum;
  }
}
