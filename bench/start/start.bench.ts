/**
 * Start and memory of the compiled shop on an existing demo database (issue 29): the time from the
 * process's spawn to the first `/api/health/ready` 200, and its resident memory (VmRSS) after
 * BENCH_START_IDLE_MS of rest, first right after the start, then after one home page, one product
 * page and one search page; and the CPU time it used until ready, which a busy machine moves less.
 *
 *   npm run bench:start                                  # 5 starts of dist/server/main.js
 *   BENCH_START_BASELINE=/tmp/base/main.js npm run bench:start   # another build's main.js, started in turn
 *   BENCH_NODE_ARGS="--max-semi-space-size=1" npm run bench:start   # other node flags than npm run serve's
 *
 * The demo database is seeded once (a first start with SEED_DEMO_DATA) and copied for every start, so
 * that each start finds an existing database, as a restart or a deploy does. With a baseline the two
 * builds start in turn, round after round (the machine is shared: interleaving spreads its noise).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAverage, machineLine, ms, percentile, processCpuMs, table, verdict } from '../lib/stats';
import { buildServer, freePort, onExit, repoRoot, runBench, shopEnv, shopNodeArgs } from '../lib/server-process';

const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 5);
const IDLE_MS = Number(process.env.BENCH_START_IDLE_MS ?? 12_000);
const BASELINE = process.env.BENCH_START_BASELINE;
/** The pages a first shopper opens: drawn on the server, so they load what a shopper's visit loads. */
const PAGES = ['/', '/product/1', '/searchquer?q=robobox'];

interface Build {
  name: string;
  main: string;
  nodeArgs: string[];
}

interface Start {
  readyMs: number;
  /** CPU time (user + system) the shop used until ready: moves less with the machine's load than the wall-clock time */
  cpuMs: number;
  idleMiB: number;
  afterPagesMiB: number;
}

const sleep = (msToWait: number) => new Promise((r) => setTimeout(r, msToWait));

function residentMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kib / 1024;
}

function spawnShop(build: Build, dataDir: string, port: number, seed: boolean) {
  const child = spawn(process.execPath, [...build.nodeArgs, build.main], {
    cwd: repoRoot,
    env: {
      ...shopEnv(port, dataDir),
      SEED_DEMO_DATA: seed ? '1' : '0',
      // warnings (the first admin's password, no GSTIN) would repeat at every start
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const kill = () => {
    if (!exited) child.kill('SIGKILL');
  };
  onExit(kill);
  const stop = async () => {
    if (exited) return;
    const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(kill, 12_000);
    await done;
    clearTimeout(timer);
  };
  return { child, exited: () => exited, stop };
}

/** Polls readiness every 10 ms; the time counts from just before the spawn. */
async function untilReady(url: string, shop: ReturnType<typeof spawnShop>, since: number, timeoutMs: number): Promise<number> {
  for (;;) {
    if (shop.exited()) throw new Error(`the shop exited before it was ready (exit code ${shop.child.exitCode})`);
    try {
      const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs) throw new Error(`the shop was not ready within ${timeoutMs / 1000} s`);
    await sleep(10);
  }
}

async function seedDemoDatabase(build: Build): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-seed-'));
  onExit(() => fs.rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  const shop = spawnShop(build, dir, port, true);
  await untilReady(`http://127.0.0.1:${port}`, shop, performance.now(), 180_000);
  await shop.stop();
  return dir;
}

async function startOnce(build: Build, seedDir: string): Promise<Start> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
  fs.cpSync(seedDir, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const since = performance.now();
  const shop = spawnShop(build, dataDir, port, false);
  try {
    const readyMs = await untilReady(url, shop, since, 60_000);
    const cpuMs = processCpuMs(shop.child.pid!);
    await sleep(IDLE_MS);
    const idleMiB = residentMiB(shop.child.pid!);
    for (const page of PAGES) {
      const res = await fetch(url + page, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${page} answered ${res.status}`);
    }
    await sleep(IDLE_MS);
    return { readyMs, cpuMs, idleMiB, afterPagesMiB: residentMiB(shop.child.pid!) };
  } finally {
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** MiB, and MB (10^6 bytes, the budget's unit) beside it. */
const mib = (value: number) => `${value.toFixed(1)} MiB (${((value * 1024 * 1024) / 1e6).toFixed(1)} MB)`;

async function main() {
  await buildServer();
  const nodeArgs = shopNodeArgs();
  const builds: Build[] = [{ name: `dist/server/main.js ${nodeArgs.join(' ')}`.trim(), main: 'dist/server/main.js', nodeArgs }];
  // The baseline with the same flags: two builds compared as production runs them.
  if (BASELINE) builds.unshift({ name: `baseline ${BASELINE}`, main: path.resolve(BASELINE), nodeArgs });
  console.log(`Start benchmark: ${machineLine()}, load average ${loadAverage()}`);
  console.log(`${ROUNDS} starts per build on a copy of a seeded demo database; RSS after ${IDLE_MS / 1000} s idle, then after ${PAGES.join(', ')}`);
  const seedDir = await seedDemoDatabase(builds.at(-1)!);
  const results = new Map<Build, Start[]>(builds.map((b) => [b, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const build of builds) results.get(build)!.push(await startOnce(build, seedDir));
    console.log(`  round ${round + 1} of ${ROUNDS} done (load average ${os.loadavg()[0]!.toFixed(2)})`);
  }
  const rows = builds.map((build) => {
    const starts = results.get(build)!;
    const ready = starts.map((s) => s.readyMs);
    const cpu = starts.map((s) => s.cpuMs);
    const idle = starts.map((s) => s.idleMiB);
    const after = starts.map((s) => s.afterPagesMiB);
    return [
      build.name,
      `${ms(Math.min(...ready), 0)} / ${ms(percentile(ready, 50), 0)} ms`,
      `${ms(Math.min(...cpu), 0)} / ${ms(percentile(cpu, 50), 0)} ms`,
      `${mib(Math.min(...idle))} / ${mib(percentile(idle, 50))}`,
      `${mib(Math.min(...after))} / ${mib(percentile(after, 50))}`,
    ];
  });
  console.log(
    table(['build', 'ready, best / median', 'CPU until ready, best / median', 'idle RSS, best / median', 'RSS after the pages, best / median'], rows),
  );
  const ours = results.get(builds.at(-1)!)!;
  const bestReady = Math.min(...ours.map((s) => s.readyMs));
  const medianIdle = percentile(
    ours.map((s) => s.idleMiB),
    50,
  );
  console.log(
    `Budget (issue 29): cold start <= 0.6 s best of 5: ${verdict(bestReady <= 600)}; idle RSS <= 100 MB (median): ${verdict((medianIdle * 1024 * 1024) / 1e6 <= 100)}`,
  );
  console.log(`load average at the end ${loadAverage()}`);
}

runBench(main);
