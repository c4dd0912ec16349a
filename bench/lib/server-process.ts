import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const outDir = path.join(repoRoot, 'bench', '.out');

/**
 * Node arguments that run a TypeScript file, as `tsx file.ts` does. Spawning
 * node itself (not the tsx wrapper, which starts node as a grandchild) means a
 * kill reaches the server, and SIGTERM reaches its graceful shutdown.
 */
export const TSX = ['--import', 'tsx'];

/** A free TCP port on the loopback interface: any, or the first free one of BENCH_PORTS (`4170-4179`) when set. */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return listenOn(0);
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (taken.has(port) || !(await listenOn(port).catch(() => 0))) continue;
    taken.add(port);
    return port;
  }
  throw new Error(`no free port in BENCH_PORTS ${process.env.BENCH_PORTS}`);
}

/** Ports of BENCH_PORTS handed out by this process (a shop may not listen yet when the next asks). */
const taken = new Set<number>();

function listenOn(wanted: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(wanted, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const cleanups: (() => void)[] = [];
let hooked = false;

/** Runs fn when the process ends for any reason (normal exit, error, Ctrl-C, SIGTERM). */
export function onExit(fn: () => void): void {
  cleanups.push(fn);
  if (hooked) return;
  hooked = true;
  const runAll = () => {
    while (cleanups.length) {
      try {
        cleanups.pop()!();
      } catch {
        // best effort: keep cleaning up the rest
      }
    }
  };
  process.on('exit', runAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      runAll();
      process.exit(130);
    });
  }
  process.on('uncaughtException', (err) => {
    console.error(err);
    runAll();
    process.exit(1);
  });
  process.on('unhandledRejection', (err) => {
    console.error(err);
    runAll();
    process.exit(1);
  });
}

let built: Promise<void> | null = null;

/** Compiles the server once per benchmark run (`npm run build:server`), so that the figures are those of production. */
export function buildServer(): Promise<void> {
  built ??= new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build:server failed (exit code ${code})`))));
  });
  return built;
}

/**
 * Watches a server this process spawned, with the temporary directory it works in: `kill` ends it
 * (SIGKILL, unless it has exited) and removes the directory, and runs when this process ends too.
 * Resolves once `readyUrl` answers 2xx; fails when the server exits first or is not ready in time.
 */
export async function untilReady(name: string, child: ChildProcess, dir: string, readyUrl: string, timeoutMs: number) {
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const kill = () => {
    if (!exited) child.kill('SIGKILL');
    // The killed shop may still be writing for a moment (its uploads): retry what it refilled.
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  };
  onExit(kill);

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`The ${name} exited before it was ready (exit code ${child.exitCode}).`);
    try {
      const res = await fetch(readyUrl, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      kill();
      throw new Error(`The ${name} did not become ready within ${timeoutMs / 1000} s.`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { kill, exited: () => exited };
}

/**
 * The node flags the shop runs with: those of `npm run serve` (package.json; decision 060), so that
 * the benchmarks measure what production runs, or BENCH_NODE_ARGS instead when it is set (`''`: none),
 * to weigh another value.
 */
export function shopNodeArgs(): string[] {
  const serve = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve ?? '';
  const flags = process.env.BENCH_NODE_ARGS ?? /^node (.*?) ?dist\/server\/main\.js$/.exec(serve)?.[1] ?? '';
  return flags.split(' ').filter(Boolean);
}

/** The environment of a compiled shop on a loopback port with its own data directory, in production mode. */
export function shopEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    // glibc's malloc arenas, when the caller sets their number (decision 060)
    ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
  };
}

export interface ShopServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the real shop (the compiled `dist/server/main.js`, as `npm run serve` does; built here first) on a free loopback port with a
 * temporary data directory and the demo catalogue, and waits until
 * /api/health answers (unless `waitForReady` is false; at most BENCH_READY_TIMEOUT_MS, 90 s by default: a
 * heavily loaded machine may need more to seed the demo catalogue). The child is killed when this process exits, even on error.
 * `main`: another build's main.js (a baseline compared in turn; still run from this checkout).
 * With BENCH_PROFILE_DIR set, the shop runs under `--cpu-prof` and writes its CPU profile
 * there when the benchmark stops it (open it in Chrome's DevTools or speedscope).
 * `root`: another checkout whose `dist/server/main.js` is already built (a baseline to compare with), run instead of this one.
 */
export async function startShop(
  extraEnv: Record<string, string> = {},
  options: { waitForReady?: boolean; main?: string; root?: string } = {},
): Promise<ShopServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const root = options.root ?? repoRoot;
  if (options.root === undefined) await buildServer();
  else if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error(`${root}: build it first (node scripts/build-server.mjs there)`);
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const child = spawn(process.execPath, [...profile, ...shopNodeArgs(), options.main ?? 'dist/server/main.js'], {
    cwd: root,
    env: {
      ...shopEnv(port, dataDir),
      SEED_DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      // The benchmarks send far more than a shopper would; the limiter still runs, it just never refuses.
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Without waiting (the warm-up bench watches readiness itself): only the clean-up of untilReady.
  const server =
    options.waitForReady === false
      ? (() => {
          let exited = false;
          child.on('exit', () => (exited = true));
          const kill = () => {
            if (!exited) child.kill('SIGKILL');
            fs.rmSync(dataDir, { recursive: true, force: true });
          };
          onExit(kill);
          return { kill, exited: () => exited };
        })()
      : await untilReady('shop server', child, dataDir, `${url}/api/health`, Number(process.env.BENCH_READY_TIMEOUT_MS ?? 90_000));

  return {
    url,
    port,
    dataDir,
    child,
    async stop() {
      if (server.exited()) return server.kill();
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await done;
      clearTimeout(timer);
      server.kill();
    },
  };
}

/** Runs a benchmark's main function and exits: 0 when it finished, 1 (with the error) when it failed. */
export function runBench(main: () => Promise<void>): void {
  main()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
