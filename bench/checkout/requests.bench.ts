/**
 * The shop's CPU per checkout request, request by request, in thread CPU time (nanoseconds from
 * /proc/<pid>/task/<tid>/schedstat), which another process's load hardly moves: cart, createBulkOrder,
 * the simulated Pay, processOrder and the webhook after it, each for all shoppers at once, then the
 * next. Per shop: the main thread (where a checkout's JavaScript runs: on SQLite the limit) and all
 * its threads. With a baseline (another checkout, built), both shops run in turn, round by round.
 *
 *   npx tsx bench/checkout/requests.bench.ts [--pg]
 *   BENCH_REQUESTS_BASELINE=/work/wt/base BENCH_REQUESTS_ROUNDS=4 npx tsx bench/checkout/requests.bench.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDb } from '../../server/src/db/database';
import type { Database } from '../../server/src/db/schema';
import { benchSchema } from '../lib/postgres';
import { loadAverage, machineLine, ms, table } from '../lib/stats';
import { runBench, startShop, type ShopServer } from '../lib/server-process';
import { call, signedInShoppers } from '../lib/shoppers';

const SHOPPERS = Number(process.env.BENCH_REQUESTS_SHOPPERS ?? 10);
const ORDERS = Number(process.env.BENCH_REQUESTS_ORDERS ?? 8);
const ROUNDS = Number(process.env.BENCH_REQUESTS_ROUNDS ?? 3);
const BASELINE = process.env.BENCH_REQUESTS_BASELINE;
const SCHEMA = process.env.BENCH_REQUESTS_SCHEMA ?? 'bench_requests';
const POSTGRES = process.argv.includes('--pg');
/** A file to write each step's start and end to (µs, the monotonic clock of V8's CPU profiles), to split a profile by step. */
const PHASES = process.env.BENCH_REQUESTS_PHASES;
const STEPS = ['cart', 'createBulkOrder', 'pay', 'processOrder', 'webhook'] as const;
type Step = (typeof STEPS)[number];

/** CPU time (ns) the process's main thread and all its threads have used so far. */
function threadCpuNs(pid: number): { main: number; all: number } {
  let all = 0;
  let main = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const ns = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      all += ns;
      if (tid === String(pid)) main = ns;
    } catch {
      // the thread ended
    }
  }
  return { main, all };
}

interface Shop {
  label: string;
  shop: ShopServer;
  db: Kysely<Database>;
  cookies: string[];
  products: number[];
  close(): Promise<void>;
  /** per step: main-thread and all-thread CPU (ns), and the requests counted */
  totals: Map<Step, { main: number[]; all: number[] }>;
}

async function openShop(baseline: boolean): Promise<Shop> {
  const appName = `${SCHEMA}${baseline ? '_base' : ''}`;
  const schema = POSTGRES ? await benchSchema(appName, appName) : null;
  if (POSTGRES && !schema) throw new Error('PostgreSQL not reachable');
  const shop = await startShop({ AUTH_RATE_LIMIT: '0', ...(schema ? { DATABASE_URL: schema.shopUrl } : {}) }, baseline ? { root: BASELINE } : {});
  const db = schema ? schema.open() : createDb({ kind: 'sqlite', file: path.join(shop.dataDir, 'shop.sqlite') });
  const products = ((await (await fetch(`${shop.url}/api/products?limit=500`)).json()) as { id: number; price: number }[])
    .filter((p) => p.price > 0)
    .map((p) => p.id);
  const cookies = await signedInShoppers(shop, db, SHOPPERS, 'req');
  return {
    label: baseline ? 'baseline' : 'this',
    shop,
    db,
    cookies,
    products,
    totals: new Map(STEPS.map((s) => [s, { main: [], all: [] }])),
    async close() {
      await db.destroy();
      await shop.stop();
      await schema?.drop();
    },
  };
}

async function undelivered(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('simulated_webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The shop's CPU (ns) while `work` runs, main thread and all threads. */
async function cpuOf(pid: number, work: () => Promise<unknown>, step = '') {
  const before = threadCpuNs(pid);
  const from = process.hrtime.bigint() / 1000n;
  await work();
  if (PHASES && step) fs.appendFileSync(PHASES, `${JSON.stringify({ step, from: String(from), to: String(process.hrtime.bigint() / 1000n) })}\n`);
  const after = threadCpuNs(pid);
  return { main: after.main - before.main, all: after.all - before.all };
}

/** One round: ORDERS checkouts per shopper, every step for all shoppers at once; returns per-step CPU per request (ns). */
async function round(s: Shop, record: boolean) {
  const pid = s.shop.child.pid!;
  const sums = new Map<Step, { main: number; all: number }>(STEPS.map((step) => [step, { main: 0, all: 0 }]));
  const add = (step: Step, c: { main: number; all: number }) => {
    const t = sums.get(step)!;
    t.main += c.main;
    t.all += c.all;
  };
  // The idle CPU (timers, jobs) per ms, to take out of the wait for the webhooks.
  const idle = await cpuOf(pid, () => new Promise((r) => setTimeout(r, 500)));
  for (let n = 0; n < ORDERS; n++) {
    const orders: Record<string, unknown>[] = [];
    const payments: Record<string, unknown>[] = [];
    add(
      'cart',
      await cpuOf(
        pid,
        () => Promise.all(s.cookies.map((c, i) => call(s.shop, 'POST', '/api/cart', c, { productId: s.products[(i + n) % s.products.length], quantity: 1 }))),
        'cart',
      ),
    );
    add(
      'createBulkOrder',
      await cpuOf(
        pid,
        async () =>
          orders.push(
            ...(await Promise.all(
              s.cookies.map((c, i) =>
                call(s.shop, 'POST', '/api/createBulkOrder', c, { items: [{ productId: s.products[(i + n) % s.products.length], quantity: 1 }] }),
              ),
            )),
          ),
        'createBulkOrder',
      ),
    );
    add(
      'pay',
      await cpuOf(
        pid,
        async () =>
          payments.push(...(await Promise.all(s.cookies.map((c, i) => call(s.shop, 'POST', `/api/payments/simulated/${String(orders[i]!.id)}/pay`, c, {}))))),
        'pay',
      ),
    );
    add(
      'processOrder',
      await cpuOf(pid, () => Promise.all(s.cookies.map((c, i) => call(s.shop, 'POST', '/api/processOrder', c, payments[i]))), 'processOrder'),
    );
    const t0 = performance.now();
    const webhook = await cpuOf(
      pid,
      async () => {
        while ((await undelivered(s.db)) > 0) await new Promise((r) => setTimeout(r, 50));
      },
      'webhook',
    );
    const waited = performance.now() - t0;
    add('webhook', { main: webhook.main - (idle.main * waited) / 500, all: webhook.all - (idle.all * waited) / 500 });
  }
  if (!record) return;
  const count = SHOPPERS * ORDERS;
  for (const step of STEPS) {
    const t = s.totals.get(step)!;
    t.main.push(sums.get(step)!.main / count);
    t.all.push(sums.get(step)!.all / count);
  }
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)] ?? Number.NaN;

runBench(async () => {
  console.log(`Checkout CPU per request: ${machineLine()}, load average ${loadAverage()}`);
  console.log(
    `${POSTGRES ? 'PostgreSQL' : 'SQLite'}; ${SHOPPERS} shoppers at once, ${ORDERS} orders each per round, ${ROUNDS} rounds${BASELINE ? `, beside ${BASELINE}` : ''}`,
  );
  const shops = [await openShop(false), ...(BASELINE ? [await openShop(true)] : [])];
  try {
    for (const s of shops) await round(s, false);
    for (let r = 0; r < ROUNDS; r++) {
      for (const s of r % 2 === 0 ? shops : [...shops].reverse()) await round(s, true);
      console.log(`round ${r + 1} done, load average ${loadAverage()}`);
    }
    const perRequest = (s: Shop, step: Step | 'per order', k: 'main' | 'all') =>
      step === 'per order' ? STEPS.reduce((sum, st) => sum + median(s.totals.get(st)![k]), 0) : median(s.totals.get(step)![k]);
    const rows = (['cart', 'createBulkOrder', 'pay', 'processOrder', 'webhook', 'per order'] as const).map((step) => [
      step,
      ...shops.map((s) => `${ms(perRequest(s, step, 'main') / 1e6, 3)} / ${ms(perRequest(s, step, 'all') / 1e6, 3)}`),
      ...(shops.length === 2 ? [ms(perRequest(shops[0]!, step, 'main') / perRequest(shops[1]!, step, 'main'), 3)] : []),
    ]);
    console.log(
      table(
        [
          'step (median of rounds)',
          ...shops.map((s) => `${s.label}: main / all threads, ms per request`),
          ...(shops.length === 2 ? ['this / baseline (main)'] : []),
        ],
        rows,
      ),
    );
    for (const s of shops)
      console.log(
        `${s.label} rounds, main thread ms per order: ${Array.from({ length: ROUNDS }, (_, r) => ms(STEPS.reduce((sum, st) => sum + s.totals.get(st)!.main[r]!, 0) / 1e6, 3)).join(', ')}`,
      );
    console.log(`load average at the end ${loadAverage()}`);
  } finally {
    for (const s of shops) await s.close();
  }
});
