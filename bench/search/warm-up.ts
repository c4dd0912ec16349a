import { performance } from 'node:perf_hooks';
import { loadAverage, ms, percentile, processCpuMs, table, verdict } from '../lib/stats';
import { startShop } from '../lib/server-process';
import { searchTextMaker } from '../lib/typos';
import { prng, vocabulary } from './catalogue-generator';

/** How long after the start the searches are fired (the budget's window is the first 20 s after ready). */
const WINDOW_MS = 20_000;
const CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 10);
/** Budgets of issue 29 item 2 (decision 052). */
const INDEX_AFTER_READY_MS = 2_000;
const WARM_P95_MS = 50;

/** Never-repeating searches of 1-4 words, real words with typos and made-up ones (most match nothing). */
function neverAsked(seed: number): () => string {
  const random = prng(seed);
  const words = vocabulary(prng(20240611)).filter((w) => w.length >= 4);
  const { pick, typo, madeUp } = searchTextMaker(random);
  return () => {
    const n = 1 + Math.floor(random() * 4);
    return Array.from({ length: n }, () => (random() < 0.3 ? madeUp() : random() < 0.5 ? typo(pick(words)) : pick(words))).join(' ');
  };
}

interface Sample {
  /** ms after the process started, when the answer came */
  at: number;
  took: number;
  status: number;
}

/**
 * The warm-up window (issue 29 item 2, decision 052): starts the compiled shop on the catalogue and,
 * from the moment the process starts, fires never-asked searches over CONNECTIONS connections
 * (a node not behind a balancer gets traffic before it is ready) while polling readiness every 50
 * ms; prints the time to ready, the time to the index in memory, and p50/p95 of the searches
 * before ready, in the first 20 s after the start and in the first 20 s after ready.
 */
export async function benchWarmUp(label: string, serverEnv: Record<string, string>): Promise<void> {
  const started = performance.now();
  // SEARCH_WAIT_MS and SEARCH_READY_TIMEOUT_MS from this environment reach the shop (to compare settings).
  const passed = Object.fromEntries(['SEARCH_WAIT_MS', 'SEARCH_READY_TIMEOUT_MS'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
  const server = await startShop({ ...serverEnv, ...passed, SEED_DEMO_DATA: '0' }, { waitForReady: false });
  const since = () => performance.now() - started;
  let readyAt = Number.NaN;
  let memoryAt = Number.NaN;
  let listeningAt = Number.NaN;
  let stop = false;
  /** the shop's CPU time (ms) at ready and 20 s later: its CPU per answer in the window */
  let cpuAtReady = Number.NaN;
  let cpuAfterWindow = Number.NaN;
  const samples: Sample[] = [];
  const next = neverAsked(Math.floor(Math.random() * 1e9));

  const poll = async () => {
    while (!stop && !(Number.isFinite(readyAt) && Number.isFinite(memoryAt))) {
      try {
        const res = await fetch(`${server.url}/api/health/ready`, { signal: AbortSignal.timeout(5000) });
        const body = (await res.json()) as { search?: string };
        if (!Number.isFinite(listeningAt)) listeningAt = since();
        if (res.status === 200 && !Number.isFinite(readyAt)) {
          readyAt = since();
          cpuAtReady = processCpuMs(server.child.pid!);
        }
        if (body.search === 'memory' && !Number.isFinite(memoryAt)) memoryAt = since();
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const fire = async () => {
    while (!stop) {
      const t = performance.now();
      try {
        const res = await fetch(`${server.url}/api/products/search/${encodeURIComponent(next())}`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        samples.push({ at: since(), took: performance.now() - t, status: res.status });
      } catch {
        await new Promise((r) => setTimeout(r, 20)); // not listening yet
      }
    }
  };
  const polling = poll();
  const firing = Array.from({ length: CONNECTIONS }, fire);
  // Until 20 s after ready (or 90 s in all, for a node that never becomes ready).
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    if (Number.isFinite(readyAt) && since() >= readyAt + WINDOW_MS && !Number.isFinite(cpuAfterWindow)) cpuAfterWindow = processCpuMs(server.child.pid!);
    if (Number.isFinite(readyAt) && Number.isFinite(memoryAt) && since() >= Math.max(readyAt + WINDOW_MS, WINDOW_MS)) break;
    if (since() > 90_000) break;
  }
  stop = true;
  await Promise.all([polling, ...firing]);
  await server.stop();

  const answered = samples.filter((s) => s.status < 500);
  const row = (name: string, from: number, to: number) => {
    const took = answered.filter((s) => s.at >= from && s.at < to).map((s) => s.took);
    return [name, took.length, ms(percentile(took, 50), 1), ms(percentile(took, 95), 1), ms(percentile(took, 99), 1), ms(Math.max(0, ...took), 1)];
  };
  console.log(
    `\n${label}: warm-up window, never-asked searches at ${CONNECTIONS} connections from the start, ${JSON.stringify(passed)} (load average ${loadAverage()})`,
  );
  console.log(
    `  listening after ${ms(listeningAt / 1000, 2)} s, ready (/api/health/ready 200) after ${ms(readyAt / 1000, 2)} s, ` +
      `index in memory after ${ms(memoryAt / 1000, 2)} s (${ms((memoryAt - readyAt) / 1000, 2)} s after ready)`,
  );
  console.log(
    table(
      ['searches answered', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      [
        row('before ready', 0, readyAt),
        row('first 20 s after the start', 0, WINDOW_MS),
        row('first 20 s after ready', readyAt, readyAt + WINDOW_MS),
        // Where in the window the slow answers are (a cold cache fills, a collection runs).
        ...[0, 5, 10, 15].map((s) => row(`  ${s}-${s + 5} s after ready`, readyAt + s * 1000, readyAt + (s + 5) * 1000)),
      ],
    ),
  );
  const failed = samples.length - answered.length;
  if (failed > 0) console.log(`  ${failed} searches answered 5xx`);
  const afterReady = answered.filter((s) => s.at >= readyAt && s.at < readyAt + WINDOW_MS).map((s) => s.took);
  console.log(
    `  the shop's CPU per answer in the first 20 s after ready: ${ms((cpuAfterWindow - cpuAtReady) / afterReady.length, 3)} ms (from /proc, 10 ms ticks)`,
  );
  console.log(
    `Budget index in memory <= ${INDEX_AFTER_READY_MS / 1000} s after ready: ${verdict(memoryAt - readyAt <= INDEX_AFTER_READY_MS)}; ` +
      `p95 of never-asked searches in the first 20 s after ready <= ${WARM_P95_MS} ms: ${ms(percentile(afterReady, 95), 1)} ms, ${verdict(percentile(afterReady, 95) <= WARM_P95_MS)}`,
  );
}
