/**
 * API throughput: autocannon against the real shop (compiled, child process,
 * SQLite, demo catalogue) and against a bare Fastify server answering the same
 * URLs with the same bytes (headers and body) from memory. The ratio real/bare is the figure: how
 * much of the raw HTTP capacity the shop's own work leaves.
 *
 *   npm run bench:api                      # 10 connections, 5 rounds of 5 s per endpoint and server
 *   BENCH_QUICK=1 npm run bench:api        # 3 rounds of 2 s
 *   BENCH_API_ROUNDS=7 BENCH_API_DURATION=10 BENCH_API_CONNECTIONS=50 npm run bench:api
 *   BENCH_API_TYPOS=1 npm run bench:api    # adds searches nobody asked before: 1-4 words with typos, never repeated
 *   BENCH_API_BASELINE=/work/wt/base npm run bench:api   # also another checkout's built shop, in the same rounds
 *
 * What users get: every request carries the Accept-Encoding a browser sends, each
 * endpoint is asked for several URLs (random product ids, a query mix), and the
 * two servers are measured in turn, round after round (the machine is shared:
 * interleaving spreads its noise over both), reporting the median of the rounds.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadAverage, machineLine, ms, percentile, processCpuMs, table } from '../lib/stats';
import { freePort, repoRoot, runBench, startShop, TSX, untilReady } from '../lib/server-process';
import { searchTextMaker } from '../lib/typos';
import type { RecordedResponse } from './bare-server';

const QUICK = process.env.BENCH_QUICK === '1';
const DURATION = Number(process.env.BENCH_API_DURATION ?? (QUICK ? 2 : 5));
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? (QUICK ? 3 : 5));
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 10);
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';
/** Adds the endpoint "never-asked typos": every request a search text not asked before (about two thirds match nothing). */
const TYPOS = process.env.BENCH_API_TYPOS === '1';
/** Only the endpoints whose name contains this (e.g. `typos`). */
const ONLY = process.env.BENCH_API_ONLY;
const SEARCH = '/api/products/search/';
/** Another checkout whose `dist/server/main.js` is built (e.g. main's): its shop is loaded in the same rounds, in turn. */
const BASELINE = process.env.BENCH_API_BASELINE;
/** The URLs the shop answered 200 when recorded (the others, no-match searches, answer 404 by design). */
const answered200 = new Set<string>();

/** A fixed pseudo-random sequence, so that runs ask for the same URLs. */
function seeded(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/**
 * Search texts that never repeat: 1-4 words, each a word of the catalogue's titles with a typo
 * (a letter dropped, doubled or changed) or, one time in two, a made-up word, with a serial
 * number that only makes the text new (digits alone match nothing).
 */
function typoQueries(titles: string[]) {
  const random = seeded(7);
  const words = [...new Set(titles.flatMap((t) => t.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 4))];
  const { pick, typo, madeUp } = searchTextMaker(random);
  let serial = 0;
  return () => {
    const n = 1 + Math.floor(random() * 4);
    const text = Array.from({ length: n }, () => (random() < 0.5 ? madeUp() : typo(pick(words)))).join(' ');
    return `${SEARCH}${encodeURIComponent(`${text} ${String(++serial)}`)}`;
  };
}

async function endpoints(base: string) {
  const random = seeded(42);
  const products = (await (await fetch(`${base}/api/products?limit=500`)).json()) as { id: number; title: string }[];
  const ids = Array.from({ length: 12 }, () => products[Math.floor(random() * products.length)]!.id);
  const queries = ['robobox', 'drone', 'robot kit', 'arduino kit for kids', 'dron', 'mechatronics', 'blix', 'workshop', 'sensor module'];
  return [
    { name: 'page /', paths: ['/', '/product/1', '/searchquer?q=robot'] },
    { name: 'product', paths: ids.map((id) => `/api/product/${id}`) },
    { name: 'search', paths: queries.map((q) => `/api/products/search/${encodeURIComponent(q)}`) },
    { name: 'categories', paths: ['/api/categories'] },
    { name: 'adverts', paths: ['/api/advertimages'] },
    { name: 'home data', paths: ['/api/storefront/home'] },
    { name: 'product list', paths: ['/api/products?limit=12', '/api/products?category=1&limit=12', '/api/products?limit=12&offset=12'] },
    ...(TYPOS
      ? [
          typoEndpoint(products.map((p) => p.title)),
          { name: 'no-match search, asked again', paths: ['zorblax', 'qwixle vunterp', 'flimbo gzarnik'].map((q) => `${SEARCH}${encodeURIComponent(q)}`) },
        ]
      : []),
  ];
}

/**
 * Never-asked searches: autocannon asks a new text at every request. The bare server cannot hold
 * an answer for each; it answers any search it has not recorded with one of the samples recorded
 * here, chosen by the text (as many no-match samples among them as the shop answered 404).
 */
function typoEndpoint(titles: string[]) {
  const next = typoQueries(titles);
  const samples = Array.from({ length: 30 }, next);
  return { name: 'never-asked typos', paths: samples, next };
}

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
  const url = `http://127.0.0.1:${port}`;
  const { kill } = await untilReady('bare server', child, dir, `${url}/ready`, 30_000);
  return { url, stop: kill };
}

/** Headers that Node sets on any answer (the bare server's own) or that name one connection. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The headers the shop chose to send, so the bare server sends the same header bytes too. */
function sentHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name, value]) => !CONNECTION_HEADERS.has(name) && value !== undefined)
      .map(([name, value]) => [name, [value!].flat().join(', ')]),
  );
}

/** The exact bytes the shop sends a browser for p, headers and body (fetch would decode them; node:http does not). */
async function record(base: string, p: string): Promise<RecordedResponse> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${p}`, { headers: { 'accept-encoding': BROWSER_ENCODING } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode === 200) answered200.add(p);
          if (res.statusCode !== 200 && !p.startsWith(SEARCH)) console.log(`warning: ${p} answered ${res.statusCode} on the real server`);
          resolve({
            path: p,
            status: res.statusCode ?? 0,
            headers: sentHeaders(res.headers),
            body: Buffer.concat(chunks).toString('base64'),
          });
        });
      })
      .on('error', reject);
  });
}

interface Run {
  rps: number;
  /** the shop's CPU per answer (ms), NaN for the bare server */
  cpu: number;
  p50: number;
  p95: number;
  p99: number;
  bad: number;
}

async function load(base: string, paths: string[], duration: number, next?: () => string, pid?: number): Promise<Run> {
  const latencies: number[] = [];
  const cpuBefore = pid ? processCpuMs(pid) : Number.NaN;
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration,
        pipelining: 1,
        headers: { 'accept-encoding': BROWSER_ENCODING },
        requests: next
          ? [{ method: 'GET' as const, setupRequest: (req) => ({ ...req, path: next() }) }]
          : paths.map((p) => ({ method: 'GET' as const, path: p })),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
  });
  return {
    rps: r.requests.average,
    cpu: (processCpuMs(pid ?? 0) - cpuBefore) / r.requests.total,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    // A no-match search answers 404 by design.
    bad: (next || paths.some((p) => p.startsWith(SEARCH) && !answered200.has(p)) ? 0 : r.non2xx) + r.errors + r.timeouts,
  };
}

const median = (xs: number[]) => percentile(xs, 50);

async function main() {
  console.log(`API benchmark: ${machineLine()}, load average ${loadAverage()}`);
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s per endpoint and server; Accept-Encoding: ${BROWSER_ENCODING}.`,
  );
  const shop = await startShop();
  const baseline = BASELINE ? await startShop({}, { root: BASELINE }) : null;
  try {
    const list = (await endpoints(shop.url)).filter((e) => !ONLY || e.name.includes(ONLY));
    const responses = await Promise.all(list.flatMap((e) => e.paths).map((p) => record(shop.url, p)));
    const typos = responses.filter((r) => list.some((e) => 'next' in e && e.paths.includes(r.path)));
    if (typos.length) console.log(`never-asked typos: ${typos.filter((r) => r.status === 404).length} of ${typos.length} samples match nothing`);
    const bare = await startBare(responses);
    try {
      type Which = 'real' | 'baseline' | 'bare';
      const servers: Record<Which, { url: string; pid?: number } | null> = {
        real: { url: shop.url, pid: shop.child.pid },
        baseline: baseline && { url: baseline.url, pid: baseline.child.pid },
        bare: { url: bare.url },
      };
      const kinds = (['real', 'baseline', 'bare'] as const).filter((k) => servers[k]);
      const runs = new Map<string, Record<Which, Run[]>>(list.map((e) => [e.name, { real: [], baseline: [], bare: [] }]));
      for (const e of list) {
        const next = 'next' in e ? e.next : undefined;
        // warm-up (and fills the shops' caches)
        for (const which of kinds) await load(servers[which]!.url, e.paths, 1, next);
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const e of list) {
          // Who goes first turns round by round.
          const order = kinds.map((_, i) => kinds[(i + round) % kinds.length]!);
          for (const which of order) {
            const server = servers[which]!;
            const run = await load(server.url, e.paths, DURATION, 'next' in e ? e.next : undefined, server.pid);
            if (run.bad) console.log(`  warning: ${which} ${e.name}: ${run.bad} non-2xx, errors or timeouts`);
            runs.get(e.name)![which].push(run);
          }
        }
        console.log(`  round ${round + 1} of ${ROUNDS} done (load average ${os.loadavg()[0]!.toFixed(2)})`);
      }
      const rows = list.flatMap((e) => {
        const { real, baseline: base, bare: b } = runs.get(e.name)!;
        const m = (rs: Run[], k: keyof Run) => median(rs.map((r) => r[k]));
        const bytes = responses.filter((r) => e.paths.includes(r.path)).map((r) => Buffer.from(r.body, 'base64').length);
        const row = (name: string, shopRuns: Run[]) => [
          name,
          Math.round(m(shopRuns, 'rps')),
          `${ms(m(shopRuns, 'p50'))} / ${ms(m(shopRuns, 'p95'))} / ${ms(m(shopRuns, 'p99'))}`,
          Math.round(m(b, 'rps')),
          `${ms(m(b, 'p50'))} / ${ms(m(b, 'p95'))} / ${ms(m(b, 'p99'))}`,
          `${median(shopRuns.map((r, i) => r.rps / b[i]!.rps)).toFixed(2)}x`,
          ms(m(shopRuns, 'cpu'), 3),
        ];
        const name = `${e.name} (${e.paths.length} URLs, ${Math.round(bytes.reduce((a, c) => a + c, 0) / bytes.length)} B sent)`;
        return baseline ? [row(name, real), row(`  baseline: ${e.name}`, base)] : [row(name, real)];
      });
      console.log('\nMedian of rounds: requests per second and latency p50 / p95 / p99 (ms), real shop vs bare Fastify with the same bytes');
      console.log(table(['endpoint', 'shop req/s', 'shop p50/p95/p99', 'bare req/s', 'bare p50/p95/p99', 'shop/bare', 'shop CPU ms/req'], rows));
    } finally {
      bare.stop();
    }
  } finally {
    await shop.stop();
    await baseline?.stop();
  }
}

runBench(main);
