/**
 * The admin orders list at size: the compiled shop on SQLite and on PostgreSQL, its orders table
 * filled by bulk inserts (one INSERT … SELECT over a generated series) to each size in turn, then
 * GET /api/ordersAdmin asked one request at a time: the shop's CPU per request (from /proc, which
 * moves far less with the machine's load than latency does) and the latency, for the first page
 * and for the first page of a status, of an e-mail prefix search and of an order id.
 *
 *   npm run bench:admin                                   # 1,000 and 1,000,000 orders, both databases
 *   BENCH_QUICK=1 npm run bench:admin                     # 1,000 and 20,000 orders
 *   BENCH_ADMIN_SIZES=1000,100000 npm run bench:admin -- --no-pg
 *
 * --customers: the Customers list instead (GET /api/admin/customers, decision 047) at 1,000 and
 * 100,000 customers (BENCH_QUICK: 1,000 and 10,000), with 100,000 orders of the first 5,000 of them
 * (the newest): the first page, a name prefix, an e-mail prefix, a phone prefix and page 40.
 *
 *   npm run bench:admin -- --customers
 *   BENCH_ADMIN_SIZES=200,2000 BENCH_ADMIN_REQUESTS=30 npm run bench:admin -- --customers --no-pg
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in the schema
 * bench_admin, dropped at the end; nothing else is touched. With --plans it prints the query
 * plans of the list's statements at the largest size.
 */
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDb } from '../../server/src/db/database';
import { ESTIMATE_KEPT_MS } from '../../server/src/db/row-estimate';
import type { Database } from '../../server/src/db/schema';
import { loadAverage, machineLine, ms, percentile, processCpuMs, table, verdict } from '../lib/stats';
import { benchSchema, DatabaseCpu } from '../lib/postgres';
import { runBench, startShop, type ShopServer } from '../lib/server-process';

const QUICK = process.env.BENCH_QUICK === '1';
const args = new Set(process.argv.slice(2));
const CUSTOMERS = args.has('--customers');
const DEFAULT_SIZES = CUSTOMERS ? (QUICK ? '1000,10000' : '1000,100000') : QUICK ? '1000,20000' : '1000,1000000';
const SIZES = (process.env.BENCH_ADMIN_SIZES ?? DEFAULT_SIZES).split(',').map(Number);
/** Orders of the customers mode: 20 for each of the 5,000 newest customers. */
const CUSTOMER_ORDERS = 100_000;
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? (QUICK ? 100 : 300));
const PG_SCHEMA = 'bench_admin';
const APP_NAME = 'bench_admin';
const ADMIN_PASSWORD = 'bench-admin-password-1';
/** The shop's SQLITE_OPTIMIZE_INTERVAL_MS here. */
const OPTIMIZE_MS = 2000;
const QUERIES = [
  ['first page', '/api/ordersAdmin?page=1'],
  ['status=delivered', '/api/ordersAdmin?page=1&status=delivered'],
  ['period=1m', '/api/ordersAdmin?page=1&period=1m'],
  ['e-mail prefix', '/api/ordersAdmin?page=1&q=shopper12'],
  ['order id', '/api/ordersAdmin?page=1&q=bench0000777'],
  ['page 40', '/api/ordersAdmin?page=40'],
] as const;

const CUSTOMER_QUERIES = [
  ['first page', '/api/admin/customers?page=1'],
  ['name prefix', '/api/admin/customers?q=customer 12'],
  ['e-mail prefix', '/api/admin/customers?q=customer777%40'],
  ['phone prefix', '/api/admin/customers?q=980000077'],
  ['page 40', '/api/admin/customers?page=40'],
] as const;

/**
 * Adds customers (better-auth users, no role) up to `size`: u0 the newest, 30 s apart; u<i> is
 * "Customer <i>", customer<i>@example.com, +9198<i as 8 digits>. The orders' user ids u0..u4999 are theirs.
 */
async function fillCustomersTo(db: Kysely<Database>, postgres: boolean, size: number) {
  const have = Number(
    (
      await db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (have >= size) return 0;
  const t0 = performance.now();
  const end = Math.floor(Date.now() / 1000);
  if (postgres) {
    const at = sql`to_timestamp(${end} - i * 30)`;
    await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", phone, address, city, state, "zipCode")
      SELECT 'u' || i, 'Customer ' || i, 'customer' || i || '@example.com', true, ${at}, ${at}, '+9198' || lpad(i::text, 8, '0'), '12 MG Road', 'Pune', 'Maharashtra', '411001'
      FROM generate_series(${have}::int, ${size - 1}::int) AS i`.execute(db);
    await sql`VACUUM ANALYZE "user"`.execute(db);
  } else {
    const at = sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.lit(end)} - i * 30, 'unixepoch')`;
    await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", phone, address, city, state, "zipCode")
      WITH RECURSIVE n(i) AS (SELECT ${sql.lit(have)} UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(size - 1)})
      SELECT 'u' || i, 'Customer ' || i, 'customer' || i || '@example.com', 1, ${at}, ${at}, '+9198' || substr('00000000' || i, -8, 8), '12 MG Road', 'Pune', 'Maharashtra', '411001'
      FROM n`.execute(db);
    await sql`ANALYZE`.execute(db);
  }
  return performance.now() - t0;
}

/** Adds orders up to `size`: paid over the last years, one in ten awaiting payment, one in fifty of those flagged. */
async function fillTo(db: Kysely<Database>, postgres: boolean, size: number) {
  const have = Number(
    (
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (have >= size) return 0;
  const from = have + 1;
  const t0 = performance.now();
  // The same rows on both databases: i → time (30 s apart, ending now), status, e-mail, flag.
  const end = Math.floor(Date.now() / 1000);
  if (postgres) {
    const at = sql`to_char(to_timestamp(${end} - (${size} - i) * 30) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await sql`INSERT INTO orders (order_code, user_id, status, subtotal_paise, discount_paise, total_paise, email, name, address, phone, provider, paid_at, created_at, updated_at, flag)
      SELECT 'BENCH' || lpad(i::text, 7, '0'), 'u' || (i % 5000), CASE WHEN i % 10 = 1 THEN 'pending_payment' ELSE (ARRAY['placed','dispatched','delivered','canceled'])[1 + i % 4] END,
        1000, 0, 1000, 'shopper' || (i % 5000) || '@example.com', 'N', 'A', '9876543210', 'simulated',
        CASE WHEN i % 10 = 1 THEN NULL ELSE ${at} END, ${at}, ${at}, CASE WHEN i % 500 = 1 THEN 'late_payment' END
      FROM generate_series(${from}::int, ${size}::int) AS i`.execute(db);
    await sql`VACUUM ANALYZE orders`.execute(db);
  } else {
    const at = sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.lit(end)} - (${sql.lit(size)} - i) * 30, 'unixepoch')`;
    await sql`INSERT INTO orders (order_code, user_id, status, subtotal_paise, discount_paise, total_paise, email, name, address, phone, provider, paid_at, created_at, updated_at, flag)
      WITH RECURSIVE n(i) AS (SELECT ${sql.lit(from)} UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(size)})
      SELECT 'BENCH' || substr('0000000' || i, -7, 7), 'u' || (i % 5000), CASE WHEN i % 10 = 1 THEN 'pending_payment' ELSE (CASE i % 4 WHEN 0 THEN 'placed' WHEN 1 THEN 'dispatched' WHEN 2 THEN 'delivered' ELSE 'canceled' END) END,
        1000, 0, 1000, 'shopper' || (i % 5000) || '@example.com', 'N', 'A', '9876543210', 'simulated',
        CASE WHEN i % 10 = 1 THEN NULL ELSE ${at} END, ${at}, ${at}, CASE WHEN i % 500 = 1 THEN 'late_payment' END
      FROM n`.execute(db);
    await sql`ANALYZE`.execute(db);
  }
  return performance.now() - t0;
}

/** Each query asked REQUESTS times, one at a time, after 20 to warm up: CPU of the shop (and of its database backends) per request, latency. */
async function measure(shop: ShopServer, token: string, pg: Kysely<Database> | null) {
  const rows: (string | number)[][] = [];
  const cpu: Record<string, number> = {};
  for (const [name, url] of CUSTOMERS ? CUSTOMER_QUERIES : QUERIES) {
    const ask = async () => {
      const res = await fetch(`${shop.url}${url}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' } });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return res.headers.get('x-total-count') ?? '';
    };
    for (let i = 0; i < 20; i++) await ask();
    const latencies: number[] = [];
    let total = '';
    const databaseCpu = new DatabaseCpu(pg, APP_NAME);
    await databaseCpu.sample();
    const before = processCpuMs(shop.child.pid!);
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      total = await ask();
      latencies.push(performance.now() - t0);
      if (i % 10 === 9) await databaseCpu.sample();
    }
    const shopCpu = (processCpuMs(shop.child.pid!) - before) / REQUESTS;
    await databaseCpu.sample();
    const dbCpu = databaseCpu.total() / REQUESTS;
    cpu[name] = shopCpu + dbCpu;
    rows.push([name, total, ms(shopCpu), ...(pg ? [ms(dbCpu)] : []), ms(percentile(latencies, 50)), ms(percentile(latencies, 95))]);
  }
  return { rows, cpu };
}

async function plans(db: Kysely<Database>, postgres: boolean) {
  const where = `(paid_at IS NOT NULL OR flag IS NOT NULL)`;
  const c = postgres ? ' COLLATE "C"' : '';
  const shoppers = `("role" IS NULL OR "role" != 'admin')`;
  const named = `((lower(name)${c} >= 'customer 12' AND lower(name)${c} < 'customer 12\u{10FFFF}') OR (lower(email)${c} >= 'customer 12' AND lower(email)${c} < 'customer 12\u{10FFFF}'))`;
  const statements = CUSTOMERS
    ? [
        `SELECT id FROM "user" WHERE ${shoppers} ORDER BY "createdAt" DESC, id DESC LIMIT 25 OFFSET 0`,
        `SELECT count(*) FROM (SELECT 1 FROM "user" WHERE ${shoppers} LIMIT 10001) AS listed`,
        `SELECT id FROM "user" WHERE ${shoppers} AND ${named} ORDER BY "createdAt" DESC, id DESC LIMIT 25 OFFSET 0`,
        `SELECT count(*) FROM (SELECT 1 FROM "user" WHERE ${shoppers} AND ${named} LIMIT 10001) AS listed`,
        `SELECT id FROM "user" WHERE ${shoppers} ORDER BY "createdAt" DESC, id DESC LIMIT 25 OFFSET 975`,
      ]
    : [
        `SELECT id FROM orders WHERE ${where} ORDER BY coalesce(paid_at, created_at) DESC, id DESC LIMIT 25 OFFSET 0`,
        `SELECT count(*) FROM (SELECT 1 FROM orders WHERE ${where} LIMIT 10001) AS listed`,
        `SELECT id FROM orders WHERE ${where} AND status = 'delivered' ORDER BY coalesce(paid_at, created_at) DESC, id DESC LIMIT 25`,
        `SELECT id FROM orders WHERE ${where} AND coalesce(paid_at, created_at) >= '2026-10-01' AND paid_at IS NOT NULL ORDER BY coalesce(paid_at, created_at) DESC, id DESC LIMIT 25`,
        `SELECT count(*) FROM (SELECT 1 FROM orders WHERE ${where} AND coalesce(paid_at, created_at) >= '2026-10-28' AND paid_at IS NOT NULL LIMIT 10001) AS listed`,
        `SELECT count(*) FROM (SELECT 1 FROM orders WHERE ${where} AND coalesce(paid_at, created_at) >= '2026-10-28' AND paid_at IS NOT NULL ORDER BY coalesce(paid_at, created_at) DESC, id DESC LIMIT 10001) AS listed`,
        `SELECT id FROM orders WHERE ${where} AND (order_code = 'SHOPPER12' OR (lower(email)${postgres ? ' COLLATE "C"' : ''} >= 'shopper12' AND lower(email)${postgres ? ' COLLATE "C"' : ''} < 'shopper12\u{10FFFF}')) ORDER BY coalesce(paid_at, created_at) DESC, id DESC LIMIT 25`,
      ];
  for (const statement of statements) {
    console.log(`\n${statement}`);
    const result = await sql.raw(`${postgres ? 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)' : 'EXPLAIN QUERY PLAN'} ${statement}`).execute(db);
    for (const row of result.rows as Record<string, unknown>[]) console.log(`  ${String(row['QUERY PLAN'] ?? row.detail)}`);
  }
}

async function run(label: string, postgres: boolean, budgets: string[]) {
  // SQLite: the shop re-reads the planner's statistics every 2 s instead of every 10 minutes (decision 047), and
  // each size is measured after that has happened: a shop that has grown in operation, not one planning for the empty table it started on.
  const env: Record<string, string> = { ADMIN_PASSWORD, SQLITE_OPTIMIZE_INTERVAL_MS: String(OPTIMIZE_MS) };
  const schema = postgres ? await benchSchema(PG_SCHEMA, APP_NAME) : null;
  if (postgres && !schema) return;
  if (schema) env.DATABASE_URL = schema.shopUrl;
  const shop = await startShop(env);
  const db: Kysely<Database> = schema ? schema.open() : createDb({ kind: 'sqlite', file: path.join(shop.dataDir, 'shop.sqlite') });
  try {
    const login = await fetch(`${shop.url}/api/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const firstPage: number[] = [];
    const what = CUSTOMERS ? 'customers' : 'orders';
    if (CUSTOMERS) await fillTo(db, postgres, CUSTOMER_ORDERS);
    for (const size of SIZES) {
      const took = CUSTOMERS ? await fillCustomersTo(db, postgres, size) : await fillTo(db, postgres, size);
      // PostgreSQL: measured once the shop's kept estimate of the list's rows (10 s, decision 054) is of this size.
      await new Promise((resolve) => setTimeout(resolve, postgres ? ESTIMATE_KEPT_MS + 1000 : 2 * OPTIMIZE_MS));
      console.log(`\n${label}, ${size.toLocaleString('en')} ${what} (filled in ${(took / 1000).toFixed(1)} s); load average ${loadAverage()}`);
      const { rows, cpu } = await measure(shop, token, postgres ? db : null);
      console.log(
        table(
          [
            CUSTOMERS ? 'GET /api/admin/customers' : 'GET /api/ordersAdmin',
            'X-Total-Count',
            'shop CPU ms/req',
            ...(postgres ? ['PostgreSQL CPU ms/req'] : []),
            'p50 ms',
            'p95 ms',
          ],
          rows,
        ),
      );
      firstPage.push(cpu['first page']!);
    }
    const small = firstPage[0]!;
    const large = firstPage.at(-1)!;
    budgets.push(
      `${label}: first page ${ms(large)} ms CPU (shop${postgres ? ' + PostgreSQL' : ''}) at ${SIZES.at(-1)!.toLocaleString('en')} ${what} (<= 5 ms: ${verdict(large <= 5)}), ${ms(large / small)}x its cost at ${SIZES[0]!.toLocaleString('en')} (<= 2x: ${verdict(large <= 2 * small)})`,
    );
    if (args.has('--plans')) await plans(db, postgres);
  } finally {
    await shop.stop();
    await db.destroy();
    await schema?.drop();
  }
}

async function main() {
  console.log(`Admin ${CUSTOMERS ? 'customers' : 'orders'} list benchmark: ${machineLine()}, load average ${loadAverage()}`);
  console.log(`Sizes ${SIZES.join(', ')}; ${REQUESTS} requests per query, one at a time, after 20 to warm up; compiled shop with the demo catalogue.`);
  const budgets: string[] = [];
  if (!args.has('--no-sqlite')) await run('SQLite', false, budgets);
  if (!args.has('--no-pg')) await run('PostgreSQL', true, budgets);
  console.log(
    `\nBudget (issue 29): first page <= 5 ms of server CPU at ${CUSTOMERS ? "100,000 customers (the orders list's budget)" : '1,000,000 orders'}, <= 2x its cost at 1,000; load average now ${loadAverage()}`,
  );
  for (const line of budgets) console.log(`  ${line}`);
}

runBench(main);
