/**
 * Checkout throughput: completed orders per second through the real API path
 * (cart → createBulkOrder → simulated payment → processOrder), over real HTTP
 * against the compiled shop, with several shoppers at once, on SQLite and on
 * PostgreSQL, three runs each. The simulated provider's webhooks come at the
 * shop's default delay (1.5 s), so their work falls inside the timed window as
 * in operation; after each run the bench waits until every webhook (and, with
 * --smtp, every mail) is delivered, then checks the database: every order the
 * shop confirmed is placed once, none is lost or doubled.
 *
 *   npm run bench:checkout                       # SQLite and PostgreSQL, 3 runs of 20 s each, 10 shoppers
 *   npm run bench:checkout -- --pg               # PostgreSQL only (--sqlite: SQLite only)
 *   npm run bench:checkout -- --smtp             # a shop with SMTP_URL (a local SMTP sink) beside one without, runs interleaved
 *   npm run bench:checkout -- --pg --pg-commit-off   # the shop's PostgreSQL sessions without waiting for the WAL flush at commit
 *   BENCH_QUICK=1 npm run bench:checkout         # 5 s runs
 *   BENCH_CHECKOUT_WEBHOOK_DELAY_MS=60000 npm run bench:checkout   # the webhooks out of the window, as before issue 29
 *   BENCH_CHECKOUT_BASELINE=/tmp/main npm run bench:checkout -- --smtp   # the same shops of another checkout (built there), interleaved
 *   BENCH_PG_LOG=/var/log/postgresql/postgresql-15-main.log npm run bench:checkout -- --pg --pg-statements   # the statements per order, from the server's log
 *   BENCH_CHECKOUT_SCHEMA=bench_checkout_h8 npm run bench:checkout   # other schema and connection names (two benches at once on one server)
 *   BENCH_CHECKOUT_SHOPPERS=20 BENCH_CHECKOUT_SECONDS=30 BENCH_CHECKOUT_RUNS=5 npm run bench:checkout
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in the schemas
 * bench_checkout and bench_checkout_smtp (BENCH_CHECKOUT_SCHEMA: another name for bench_checkout, for
 * two benches at once), dropped at the end; nothing else is touched.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDb } from '../../server/src/db/database';
import type { Database } from '../../server/src/db/schema';
import { captureSmtp } from '../../server/test/helpers/smtp';
import { benchSchema, DatabaseCpu } from '../lib/postgres';
import { countStatements, logOffset, SESSION_SETTING, statementsTable } from '../lib/pg-statements';
import { loadAverage, machineLine, ms, percentile, processCpuMs, table, verdict } from '../lib/stats';
import { runBench, startShop, type ShopServer } from '../lib/server-process';
import { call, signedInShoppers } from '../lib/shoppers';

const QUICK = process.env.BENCH_QUICK === '1';
const SHOPPERS = Number(process.env.BENCH_CHECKOUT_SHOPPERS ?? 10);
const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? (QUICK ? 5 : 20));
const RUNS = Number(process.env.BENCH_CHECKOUT_RUNS ?? 3);
/** Unset: the shop's default (SIMULATED_WEBHOOK_DELAY_MS, 1.5 s). */
const WEBHOOK_DELAY_MS = process.env.BENCH_CHECKOUT_WEBHOOK_DELAY_MS;
/** Another checkout with its server built (`node scripts/build-server.mjs` there), e.g. main's: its shops run beside these, interleaved. */
const BASELINE = process.env.BENCH_CHECKOUT_BASELINE;
/** The schema (and application_name) of the PostgreSQL shop; the others add _smtp and _base to it. */
const SCHEMA = process.env.BENCH_CHECKOUT_SCHEMA ?? 'bench_checkout';
/** How long the bench waits after a run for the webhooks and mails still due (the delay on top). */
const DRAIN_LIMIT_MS = 60_000;
const args = new Set(process.argv.slice(2));
const SMTP = args.has('--smtp');
const SQLITE = !args.has('--pg') && !args.has('--no-sqlite');
const POSTGRES = !args.has('--sqlite') && !args.has('--no-pg');
/** The statements per order, from PostgreSQL's log (BENCH_PG_LOG, which the bench must be able to read); such runs log every statement, so their CPU is not comparable. */
const PG_LOG = args.has('--pg-statements') ? process.env.BENCH_PG_LOG : undefined;
if (args.has('--pg-statements') && !PG_LOG) throw new Error('--pg-statements needs BENCH_PG_LOG=<the PostgreSQL server log file>');
/** What PostgreSQL's commit waits cost: the shop's sessions with synchronous_commit off (an operator's choice, never the bench's default). */
const PG_SETTINGS = [args.has('--pg-commit-off') ? '-c synchronous_commit=off' : '', PG_LOG ? SESSION_SETTING : ''].filter(Boolean).join(' ');

/** A running shop ready to check out: its shoppers signed in, the products to buy, the bench's view of its database. */
interface Setup {
  label: string;
  /** a shop of the BENCH_CHECKOUT_BASELINE checkout */
  baseline: boolean;
  shop: ShopServer;
  db: Kysely<Database>;
  cookies: string[];
  paid: { id: number }[];
  /** the CPU of its PostgreSQL backends, on PostgreSQL */
  pgCpu: () => DatabaseCpu | null;
  smtp: Awaited<ReturnType<typeof captureSmtp>> | null;
  close(): Promise<void>;
}

interface RunResult {
  label: string;
  baseline: boolean;
  orders: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  /** shop CPU per order in the window, and with the work left after it (webhooks, mails) */
  shopCpuWindow: number;
  shopCpu: number;
  pgCpu: number;
  benchCpu: number;
  failures: string[];
  lost: number;
  doubled: number;
  /** after the window: how long until every webhook and mail was delivered, and what was still not */
  drainSeconds: number;
  webhooksLeft: number;
  mailsLeft: number;
  /** SMTP: mails the sink received in this run, and copies received twice */
  mailsReceived: number;
  mailsDoubled: number;
  load: string;
  /** --pg-statements: the statements per order of the run, window and after-work */
  statements: string | null;
}

async function openShop(postgres: boolean, withSmtp: boolean, baseline = false): Promise<Setup | null> {
  const label = `${baseline ? 'baseline: ' : ''}${postgres ? `PostgreSQL${args.has('--pg-commit-off') ? ' (synchronous_commit off)' : ''}${PG_LOG ? ' (every statement logged)' : ''}` : 'SQLite'}${withSmtp ? ' + SMTP' : ''}`;
  const appName = `${SCHEMA}${withSmtp ? '_smtp' : ''}${baseline ? '_base' : ''}`;
  const schema = postgres ? await benchSchema(appName, appName, PG_SETTINGS) : null;
  if (postgres && !schema) return null;
  const smtp = withSmtp ? await captureSmtp(() => false, { headersOnly: true }) : null;
  const shop = await startShop(
    {
      AUTH_RATE_LIMIT: '0',
      FORM_RATE_LIMIT: '100000',
      ...(WEBHOOK_DELAY_MS !== undefined ? { SIMULATED_WEBHOOK_DELAY_MS: WEBHOOK_DELAY_MS } : {}),
      ...(schema ? { DATABASE_URL: schema.shopUrl } : {}),
      ...(smtp ? { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } : {}),
    },
    baseline ? { root: BASELINE } : {},
  );
  // The bench reads the shop's database (its outbox, its orders) as an operator would.
  const db = schema ? schema.open() : createDb({ kind: 'sqlite', file: path.join(shop.dataDir, 'shop.sqlite') });
  const products = (await (await fetch(`${shop.url}/api/products?limit=500`)).json()) as { id: number; price: number }[];

  const cookies = await signedInShoppers(shop, db, SHOPPERS);
  return {
    label,
    baseline,
    shop,
    db,
    cookies,
    paid: products.filter((p) => p.price > 0),
    pgCpu: () => (schema ? new DatabaseCpu(db, appName) : null),
    smtp,
    async close() {
      await db.destroy();
      await shop.stop();
      await smtp?.close();
      await schema?.drop();
    },
  };
}

/** What the shop still has to do after the window: webhooks not yet delivered, mails queued or being sent. */
async function leftToDo(db: Kysely<Database>) {
  const count = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);
  const webhooks = await count(
    db
      .selectFrom('simulated_webhooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('delivered_at', 'is', null)
      .executeTakeFirst(),
  );
  const mails = await count(
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', 'in', ['queued', 'sending'])
      .executeTakeFirst(),
  );
  return { webhooks, mails };
}

async function runOnce(s: Setup, runSeconds = SECONDS): Promise<RunResult> {
  const { shop, db, cookies, paid } = s;
  const confirmed: string[] = [];
  const failures: string[] = [];
  const latencies: number[] = [];
  const mailsBefore = s.smtp?.messages.length ?? 0;
  const pgCpu = s.pgCpu();
  await pgCpu?.sample();
  const logFrom = PG_LOG && pgCpu ? logOffset(PG_LOG) : 0;
  const runLoad = loadAverage();
  const deadline = performance.now() + runSeconds * 1000;
  const started = performance.now();
  const shopCpuBefore = processCpuMs(shop.child.pid!);
  const benchCpuBefore = process.cpuUsage();
  // The PostgreSQL backends' CPU, sampled every second (a backend the pool replaces is counted from its start).
  const sampler = pgCpu ? setInterval(() => void pgCpu.sample().catch(() => {}), 1000) : null;
  await Promise.all(
    cookies.map(async (cookie, i) => {
      let n = 0;
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const product = paid[(i + n++) % paid.length]!;
          await call(shop, 'POST', '/api/cart', cookie, { productId: product.id, quantity: 1 });
          const order = await call(shop, 'POST', '/api/createBulkOrder', cookie, { items: [{ productId: product.id, quantity: 1 }] });
          const payment = await call(shop, 'POST', `/api/payments/simulated/${String(order.id)}/pay`, cookie, {});
          const done = await call(shop, 'POST', '/api/processOrder', cookie, payment);
          if (done.success !== true) throw new Error(`processOrder: ${JSON.stringify(done)}`);
          confirmed.push(String(done.orderId));
          latencies.push(performance.now() - t0);
        } catch (err) {
          failures.push(String(err));
          // a failed round may leave the product in the cart: empty it before the next one
          await fetch(`${shop.url}/api/cart`, { headers: { cookie } })
            .then((r) => r.json() as Promise<{ items: { id: number }[] }>)
            .then((cart) =>
              Promise.all(cart.items.map((item) => fetch(`${shop.url}/api/cart/${item.id}`, { method: 'DELETE', headers: { cookie, origin: shop.url } }))),
            )
            .catch(() => {});
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const shopCpuWindow = processCpuMs(shop.child.pid!) - shopCpuBefore;
  const benchCpu = process.cpuUsage(benchCpuBefore);

  // The work the window left: webhooks due up to the delay later, mails queued.
  const drainStart = performance.now();
  let left = await leftToDo(db);
  while ((left.webhooks > 0 || left.mails > 0) && performance.now() - drainStart < DRAIN_LIMIT_MS) {
    await new Promise((r) => setTimeout(r, 100));
    left = await leftToDo(db);
  }
  const drainSeconds = (performance.now() - drainStart) / 1000;
  // The sink has the last mails a moment after the shop marked them sent.
  await new Promise((r) => setTimeout(r, s.smtp ? 300 : 0));
  const shopCpu = processCpuMs(shop.child.pid!) - shopCpuBefore;
  if (sampler) clearInterval(sampler);
  await pgCpu?.sample();

  const placed = await db.selectFrom('orders').select(['order_code', 'status']).where('status', '!=', 'pending_payment').execute();
  const placedCount = new Map<string, number>();
  for (const o of placed) placedCount.set(o.order_code, (placedCount.get(o.order_code) ?? 0) + 1);
  const mails = s.smtp ? s.smtp.messages.slice(mailsBefore) : [];
  const messageIds = mails.map((m) => /^message-id:\s*(\S+)/im.exec(m.raw)?.[1] ?? '');
  return {
    label: s.label,
    baseline: s.baseline,
    orders: confirmed.length,
    seconds,
    perSecond: confirmed.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    shopCpuWindow: shopCpuWindow / confirmed.length,
    shopCpu: shopCpu / confirmed.length,
    pgCpu: pgCpu ? pgCpu.total() / confirmed.length : Number.NaN,
    benchCpu: (benchCpu.user + benchCpu.system) / 1000 / confirmed.length,
    failures,
    lost: confirmed.filter((id) => !placedCount.has(id)).length,
    doubled: [...placedCount.values()].filter((n) => n > 1).length + (confirmed.length - new Set(confirmed).size),
    drainSeconds,
    webhooksLeft: left.webhooks,
    mailsLeft: left.mails,
    mailsReceived: mails.length,
    mailsDoubled: messageIds.length - new Set(messageIds).size,
    load: runLoad,
    statements: PG_LOG && pgCpu ? statementsTable(countStatements(PG_LOG, logFrom, pgCpu.pids()), confirmed.length) : null,
  };
}

const median = (values: number[]) => percentile(values, 50);
/** The runs' largest distance from their median, in % of it. */
const spread = (values: number[]) => (Math.max(...values.map((v) => Math.abs(v - median(values)))) / median(values)) * 100;

/** Three (RUNS) runs of each shop of a database, interleaved, the first shop changing every round. */
async function measure(postgres: boolean, budgets: string[]) {
  const setups: Setup[] = [];
  try {
    for (const baseline of BASELINE ? [false, true] : [false]) {
      for (const withSmtp of SMTP ? [false, true] : [false]) {
        const setup = await openShop(postgres, withSmtp, baseline);
        if (!setup) return;
        setups.push(setup);
      }
    }
    // One short run each first: the shops' first orders compile their code paths and fill their caches.
    for (const setup of setups) await runOnce(setup, 3);
    const results: RunResult[] = [];
    for (let round = 0; round < RUNS; round++) {
      const order = round % 2 === 0 ? setups : [...setups].reverse();
      for (const setup of order) results.push(await runOnce(setup));
    }
    console.log(`\n${postgres ? 'PostgreSQL' : 'SQLite'}: ${RUNS} runs of ${SECONDS} s, ${SHOPPERS} shoppers; load average now ${loadAverage()}`);
    console.log(
      table(
        [
          'shop',
          'load at start',
          'orders',
          'orders/s',
          'p50 / p95 ms',
          'shop CPU/order: window / all ms',
          ...(postgres ? ['PostgreSQL CPU/order ms'] : []),
          'bench CPU/order ms',
          'after-work s',
          'failed',
          'lost',
          'doubled',
          'webhooks / mails undelivered',
          ...(SMTP ? ['mails received / twice'] : []),
        ],
        results.map((r) => [
          r.label,
          r.load,
          r.orders,
          r.perSecond.toFixed(1),
          `${ms(r.p50, 0)} / ${ms(r.p95, 0)}`,
          `${ms(r.shopCpuWindow)} / ${ms(r.shopCpu)}`,
          ...(postgres ? [ms(r.pgCpu)] : []),
          ms(r.benchCpu),
          r.drainSeconds.toFixed(1),
          r.failures.length,
          r.lost,
          r.doubled,
          `${r.webhooksLeft} / ${r.mailsLeft}`,
          ...(SMTP ? [r.label.endsWith('SMTP') ? `${r.mailsReceived} / ${r.mailsDoubled}` : '-'] : []),
        ]),
      ),
    );
    for (const r of results) if (r.statements) console.log(`\n${r.label}, statements (window and after-work):\n${r.statements}`);
    const failures = results.flatMap((r) => r.failures);
    if (failures.length) console.log(`first failures:\n  ${failures.slice(0, 3).join('\n  ')}`);
    const budget = postgres ? 150 : 250;
    for (const baseline of BASELINE ? [false, true] : [false]) {
      const mine = results.filter((r) => r.baseline === baseline);
      const plain = mine.filter((r) => !r.label.endsWith('SMTP'));
      const rates = plain.map((r) => r.perSecond);
      const intact = mine.every((r) => r.lost + r.doubled + r.webhooksLeft + r.mailsLeft + r.mailsDoubled === 0);
      budgets.push(
        `${plain[0]!.label}: median ${median(rates).toFixed(1)} orders/s (>= ${budget}: ${verdict(median(rates) >= budget)}), runs ${rates.map((r) => r.toFixed(1)).join(', ')}, spread ±${spread(rates).toFixed(1)} % (<= 20 %: ${verdict(spread(rates) <= 20)}); shop CPU ${ms(median(plain.map((r) => r.shopCpu)))} ms/order${postgres ? ` + PostgreSQL ${ms(median(plain.map((r) => r.pgCpu)))}` : ''}; nothing lost or doubled: ${verdict(intact)}`,
      );
      if (SMTP) {
        const mailed = mine.filter((r) => r.label.endsWith('SMTP'));
        const ratio = median(mailed.map((r) => r.perSecond)) / median(rates);
        budgets.push(
          `${mailed[0]!.label}: median ${median(mailed.map((r) => r.perSecond)).toFixed(1)} orders/s, ${(ratio * 100).toFixed(0)} % of the figure without (>= 90 %: ${verdict(ratio >= 0.9)}); shop CPU ${ms(median(mailed.map((r) => r.shopCpu)))} ms/order${postgres ? ` + PostgreSQL ${ms(median(mailed.map((r) => r.pgCpu)))}` : ''}; ${mailed.reduce((n, r) => n + r.mailsReceived, 0)} mails received`,
        );
      }
    }
  } finally {
    for (const setup of setups) await setup.close();
  }
}

async function main() {
  console.log(`Checkout benchmark: ${machineLine()}, load average ${loadAverage()}`);
  console.log(
    `${SHOPPERS} shoppers checking out at once, ${RUNS} runs of ${SECONDS} s per shop after a warm-up run; compiled shop with the demo catalogue; ` +
      `webhook delay ${WEBHOOK_DELAY_MS ?? "the shop's default (1.5 s)"}${SMTP ? '; with and without SMTP_URL (a local SMTP sink), interleaved' : ''}.`,
  );
  const budgets: string[] = [];
  if (SQLITE) await measure(false, budgets);
  if (POSTGRES) await measure(true, budgets);
  console.log(
    `\nBudget (issue 29): >= 250 orders/s on SQLite, >= 150 on PostgreSQL, spread within ±20 %, nothing lost or doubled; with SMTP within 10 % of the figure without. Load average now ${loadAverage()}`,
  );
  for (const line of budgets) console.log(`  ${line}`);
}

runBench(main);
