import { performance } from 'node:perf_hooks';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/src/db/schema';
import { DatabaseCpu } from '../lib/postgres';
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
/** Another build's main.js, started in turn with this one (same catalogue, interleaved rounds). */
const BASELINE = process.env.BENCH_SEARCH_BASELINE;
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? (BASELINE ? 3 : 1));
/** The shop's PostgreSQL connections carry this name, to find their backends' CPU. */
const APP_NAME = 'bench_search_warm_up';
/** A start not ready by then is not waited for (as startShop's wait). */
const GIVE_UP_MS = Number(process.env.BENCH_READY_TIMEOUT_MS ?? 90_000);

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

interface Build {
  name: string;
  /** main.js to start; undefined: this checkout's dist/server/main.js */
  main?: string;
}

interface Window {
  readyAt: number;
  memoryAt: number;
  /** searches answered in the first 20 s after ready, their latencies */
  afterReady: number[];
  shopCpuPerAnswer: number;
  databaseCpuPerAnswer: number;
}

/**
 * The warm-up window (issue 29 item 2, decision 052): starts the compiled shop on the catalogue and,
 * from the moment the process starts, fires never-asked searches over CONNECTIONS connections
 * (a node not behind a balancer gets traffic before it is ready) while polling readiness every 50
 * ms; prints the time to ready, the time to the index in memory, and p50/p95 of the searches
 * before ready, in the first 20 s after the start and in the first 20 s after ready. On PostgreSQL
 * (`database` given) also the CPU of the shop's backends per answer. With BENCH_SEARCH_BASELINE
 * another build starts in turn, BENCH_SEARCH_ROUNDS rounds (3), and the medians are compared.
 */
export async function benchWarmUp(label: string, serverEnv: Record<string, string>, database: Kysely<Database> | null): Promise<void> {
  const env = database ? { ...serverEnv, DATABASE_URL: `${serverEnv.DATABASE_URL}&application_name=${APP_NAME}` } : serverEnv;
  const builds: Build[] = [{ name: 'this build' }];
  if (BASELINE) builds.unshift({ name: `baseline ${BASELINE}`, main: path.resolve(BASELINE) });
  const windows = new Map<Build, Window[]>(builds.map((b) => [b, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // The first build alternates, so that neither always starts on a machine the other just warmed.
    for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
      windows.get(build)!.push(await windowOnce(`${label}, ${build.name}, round ${round + 1} of ${ROUNDS}`, build, env, database));
    }
  }
  if (builds.length === 1 && ROUNDS === 1) return;
  const median = (values: number[]) => percentile(values, 50);
  console.log(`\n${label}: medians of ${ROUNDS} rounds per build (load average ${loadAverage()})`);
  console.log(
    table(
      ['build', 'ready s', 'index after ready s', 'p50 ms', 'p95 ms', 'p99 ms', 'shop CPU/answer ms', 'PostgreSQL CPU/answer ms'],
      builds.map((b) => {
        const w = windows.get(b)!;
        return [
          b.name,
          ms(median(w.map((x) => x.readyAt / 1000)), 2),
          ms(median(w.map((x) => (x.memoryAt - x.readyAt) / 1000)), 2),
          ms(median(w.map((x) => percentile(x.afterReady, 50))), 1),
          ms(median(w.map((x) => percentile(x.afterReady, 95))), 1),
          ms(median(w.map((x) => percentile(x.afterReady, 99))), 1),
          ms(median(w.map((x) => x.shopCpuPerAnswer)), 3),
          ms(median(w.map((x) => x.databaseCpuPerAnswer)), 3),
        ];
      }),
    ),
  );
}

/** One start of one build and its window; prints it and answers its figures. */
async function windowOnce(label: string, build: Build, serverEnv: Record<string, string>, database: Kysely<Database> | null): Promise<Window> {
  const started = performance.now();
  // SEARCH_WAIT_MS and SEARCH_READY_TIMEOUT_MS from this environment reach the shop (to compare settings).
  const passed = Object.fromEntries(['SEARCH_WAIT_MS', 'SEARCH_READY_TIMEOUT_MS'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
  const server = await startShop({ ...serverEnv, ...passed, SEED_DEMO_DATA: '0' }, { waitForReady: false, ...(build.main ? { main: build.main } : {}) });
  const since = () => performance.now() - started;
  let readyAt = Number.NaN;
  let memoryAt = Number.NaN;
  let listeningAt = Number.NaN;
  let stop = false;
  /** the shop's CPU time (ms) at ready and 20 s later: its CPU per answer in the window */
  let cpuAtReady = Number.NaN;
  let cpuAfterWindow = Number.NaN;
  /** the shop's PostgreSQL backends, sampled from ready to the window's end */
  const databaseCpu = database ? new DatabaseCpu(database, APP_NAME) : null;
  let windowEnded = false;
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
          await databaseCpu?.sample();
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
  // Until 20 s after ready, and no longer than the bench waits for a start (BENCH_READY_TIMEOUT_MS) and one window.
  for (let tick = 0; ; tick++) {
    await new Promise((r) => setTimeout(r, 100));
    if (Number.isFinite(readyAt) && !windowEnded) {
      if (since() >= readyAt + WINDOW_MS) {
        cpuAfterWindow = processCpuMs(server.child.pid!);
        await databaseCpu?.sample();
        windowEnded = true;
      } else if (tick % 10 === 0) await databaseCpu?.sample(); // a backend the pool replaces is not lost
    }
    if (Number.isFinite(readyAt) && Number.isFinite(memoryAt) && since() >= Math.max(readyAt + WINDOW_MS, WINDOW_MS)) break;
    if (since() > GIVE_UP_MS + WINDOW_MS) break;
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
  const shopCpuPerAnswer = (cpuAfterWindow - cpuAtReady) / afterReady.length;
  const databaseCpuPerAnswer = databaseCpu ? databaseCpu.total() / afterReady.length : Number.NaN;
  console.log(
    `  CPU per answer in the first 20 s after ready: the shop ${ms(shopCpuPerAnswer, 3)} ms` +
      (databaseCpu ? `, its PostgreSQL backends ${ms(databaseCpuPerAnswer, 3)} ms` : '') +
      ' (from /proc, 10 ms ticks)',
  );
  console.log(
    `Budget index in memory <= ${INDEX_AFTER_READY_MS / 1000} s after ready: ${verdict(memoryAt - readyAt <= INDEX_AFTER_READY_MS)}; ` +
      `p95 of never-asked searches in the first 20 s after ready <= ${WARM_P95_MS} ms: ${ms(percentile(afterReady, 95), 1)} ms, ${verdict(percentile(afterReady, 95) <= WARM_P95_MS)}`,
  );
  return { readyAt, memoryAt, afterReady, shopCpuPerAnswer, databaseCpuPerAnswer };
}
