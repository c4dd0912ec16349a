import fs from 'node:fs';
import os from 'node:os';

/** Small statistics and formatting helpers shared by the benchmarks. */

/** Nearest-rank percentile of samples (any order); NaN when there are none. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function ms(value: number, digits = 2): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-';
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Plain-text table with right-aligned numeric columns, for stdout. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export function verdict(ok: boolean): string {
  return ok ? 'MET' : 'NOT MET';
}

/** The facts docs/performance.md records with each figure. */
export function machineLine(): string {
  return `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${os.platform()} ${os.release()}, ${new Date().toISOString()}`;
}

/** The 1, 5 and 15 minute load averages, as the figures are reported with them: '1.02 0.87 0.65'. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux; NaN elsewhere). The CPU
 * a server spends per request moves far less with the machine's load than requests/s does.
 */
export function processCpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks of 10 ms.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
