import fs from 'node:fs';
import { ms, table } from './stats';

/**
 * The statements a shop sends PostgreSQL, counted from the server's own log: the shop's sessions get
 * `-c log_min_duration_statement=0` (SESSION_SETTING, a superuser's session setting: nothing changes for
 * anyone else), every statement they run is logged with its parse, bind and execute durations, and the
 * bench reads the slice of the log a run wrote. pg_stat_statements would need the server restarted
 * with it preloaded; this needs only a log the bench can read (`BENCH_PG_LOG`, e.g. Debian's
 * /var/log/postgresql/postgresql-15-main.log with the default stderr logging and line prefix
 * `%m [%p] ...`). Logging every statement costs the server CPU of its own: runs that count are not
 * runs that time.
 */
export const SESSION_SETTING = '-c log_min_duration_statement=0';

export interface StatementCount {
  sql: string;
  calls: number;
  /** parse + bind + execute, ms */
  ms: number;
}

/** Where the log ends now: a run's slice starts here. */
export function logOffset(file: string): number {
  return fs.statSync(file).size;
}

const ENTRY = /^\S+ \S+ \S+ \[(\d+)\] .*?LOG: {2}(?:duration: ([\d.]+) ms {2}(?:(parse|bind|execute) [^:]*: |statement: ))?(.*)$/;

/**
 * The statements the backends `pids` logged between `from` and the log's end, grouped by their text
 * (parameters are $n, so one text is one statement of the code), with their calls and time.
 */
export function countStatements(file: string, from: number, pids: Set<number>): StatementCount[] {
  const size = logOffset(file);
  const fd = fs.openSync(file, 'r');
  const buffer = Buffer.alloc(size - from);
  fs.readSync(fd, buffer, 0, buffer.length, from);
  fs.closeSync(fd);
  const counts = new Map<string, StatementCount>();
  let current: { pid: number; phase: string; ms: number; text: string[] } | null = null;
  const flush = () => {
    if (!current || !pids.has(current.pid)) return;
    const sql = current.text.join(' ').replace(/\s+/g, ' ').trim();
    const entry = counts.get(sql) ?? { sql, calls: 0, ms: 0 };
    entry.ms += current.ms;
    // One call per execute (extended protocol) or per simple statement; parse and bind add their time.
    if (current.phase === 'execute' || current.phase === 'statement') entry.calls++;
    counts.set(sql, entry);
  };
  for (const line of buffer.toString('utf8').split('\n')) {
    if (line.startsWith('\t')) {
      current?.text.push(line);
      continue;
    }
    flush();
    current = null;
    const m = ENTRY.exec(line);
    if (m?.[2] === undefined) continue;
    current = { pid: Number(m[1]), phase: m[3] ?? 'statement', ms: Number(m[2]), text: [m[4]!] };
  }
  flush();
  return [...counts.values()].sort((a, b) => b.calls - a.calls || b.ms - a.ms);
}

/** The statements per order, most frequent first, with the total. */
export function statementsTable(counts: StatementCount[], orders: number, width = 150): string {
  const calls = counts.reduce((n, c) => n + c.calls, 0);
  const time = counts.reduce((n, c) => n + c.ms, 0);
  const rows = counts
    .filter((c) => c.calls / orders >= 0.01)
    .map((c) => [(c.calls / orders).toFixed(2), ms(c.ms / orders, 3), c.sql.length > width ? `${c.sql.slice(0, width - 1)}…` : c.sql]);
  return [
    `${(calls / orders).toFixed(2)} statements per order, ${ms(time / orders, 3)} ms of statement time per order (${orders} orders; statements under 0.01 per order left out)`,
    table(['calls/order', 'ms/order', 'statement'], rows),
  ].join('\n');
}
