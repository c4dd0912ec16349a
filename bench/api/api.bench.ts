/**
 * API throughput: autocannon against the real shop (child process, SQLite,
 * demo catalogue) and against a bare Fastify server returning the same bytes
 * from memory. The ratio real/bare is the figure: how much of the raw HTTP
 * capacity the shop's own work (validation, database, serialisation, plugins)
 * leaves.
 *
 *   npm run bench:api                      # 10 connections, 10 s per run
 *   BENCH_QUICK=1 npm run bench:api        # 3 s per run
 *   BENCH_API_DURATION=20 BENCH_API_CONNECTIONS=50 npm run bench:api
 *
 * Requests carry no Accept-Encoding, so both servers send identical,
 * uncompressed bytes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { machineLine, ms, table } from '../lib/stats';
import { freePort, onExit, repoRoot, startShop, TSX } from '../lib/server-process';
import type { RecordedResponse } from './bare-server';

const QUICK = process.env.BENCH_QUICK === '1';
const DURATION = Number(process.env.BENCH_API_DURATION ?? (QUICK ? 3 : 10));
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 10);
const WARMUP = QUICK ? 1 : 2;

const ENDPOINTS = [
  { name: 'product', path: '/api/product/1' },
  { name: 'search', path: `/api/products/search/${encodeURIComponent('robobox')}` },
  { name: 'categories', path: '/api/categories' },
];

async function startBare(responses: RecordedResponse[]): Promise<{ url: string; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-bare-'));
  const file = path.join(dir, 'responses.json');
  fs.writeFileSync(file, JSON.stringify(responses));
  const port = await freePort();
  const child = spawn(process.execPath, [...TSX, 'bench/api/bare-server.ts', file, String(port)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = () => {
    if (!exited) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  onExit(stop);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error('The bare server exited before it was ready.');
    try {
      if ((await fetch(`${url}/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The bare server did not start within 30 s.');
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop };
}

async function record(url: string, p: string): Promise<RecordedResponse> {
  const res = await fetch(`${url}${p}`, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) console.log(`warning: ${p} answered ${res.status} on the real server`);
  return { path: p, status: res.status, contentType: res.headers.get('content-type') ?? 'application/octet-stream', body: body.toString('base64') };
}

interface Run {
  rps: number;
  p99: number;
  p50: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, duration: number): Promise<Run> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 });
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

async function main() {
  console.log(`API benchmark: ${machineLine()}`);
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per run after a ${WARMUP} s warm-up; real shop on SQLite with the demo catalogue.`);
  const shop = await startShop();
  try {
    const responses = await Promise.all(ENDPOINTS.map((e) => record(shop.url, e.path)));
    for (const r of responses) console.log(`  ${r.path}: ${r.status}, ${Buffer.from(r.body, 'base64').length} bytes, ${r.contentType}`);
    const bare = await startBare(responses);
    try {
      const rows: (string | number)[][] = [];
      for (const e of ENDPOINTS) {
        const measured: Record<'real' | 'bare', Run> = {} as never;
        for (const [which, base] of [['real', shop.url], ['bare', bare.url]] as const) {
          await load(`${base}${e.path}`, WARMUP);
          measured[which] = await load(`${base}${e.path}`, DURATION);
          const m = measured[which];
          if (m.non2xx || m.errors) console.log(`  warning: ${which} ${e.path}: ${m.non2xx} non-2xx, ${m.errors} errors/timeouts`);
        }
        const { real, bare: b } = measured;
        rows.push([
          `GET ${e.path}`,
          Math.round(real.rps),
          ms(real.p99, 0),
          Math.round(b.rps),
          ms(b.p99, 0),
          `${((real.rps / b.rps) * 100).toFixed(1)} %`,
          b.p99 >= 1 ? `${(real.p99 / b.p99).toFixed(1)}x` : `>= ${real.p99}x`,
        ]);
        console.log(`  measured ${e.path}`);
      }
      console.log('\nRequests per second and p99 latency (ms), real shop vs bare Fastify with the same bytes');
      console.log(table(['endpoint', 'real req/s', 'real p99', 'bare req/s', 'bare p99', 'real/bare req/s', 'p99 real/bare'], rows));
      console.log('(autocannon reports whole milliseconds; a bare p99 under 1 ms gives a lower bound for the p99 ratio.)');
    } finally {
      bare.stop();
    }
  } finally {
    await shop.stop();
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
