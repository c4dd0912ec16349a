import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { startS3Server } from '../../server/test/helpers/s3-server';
import { adminWithCategory, shopNode, startBalancer, type ShopNode } from '../../server/test/helpers/shop-nodes';
import { startTcpProxy, type TcpProxy } from '../../server/test/helpers/tcp-proxy';
import { benchSchema } from '../lib/postgres';
import { buildServer, onExit, outDir, repoRoot, runBench, shopNodeArgs } from '../lib/server-process';
import { signedInShoppers } from '../lib/shoppers';
import { loadAverage, machineLine, percentile, table } from '../lib/stats';

/**
 * Faults injected under mixed traffic on three compiled app servers behind the shipped haproxy
 * configuration, on PostgreSQL (schema `bench_faults_…`, BENCH_FAULTS_SCHEMA), Redis (its own
 * database number) and S3 (a local S3 server). Every dependency is reached through a proxy of the bench's own, so only this
 * bench's traffic is hurt: PostgreSQL connections reset, PostgreSQL away (refused, as during a
 * restart, and black-holed), PostgreSQL slow, Redis away, S3 answering 503 and away, one node killed
 * with SIGKILL and started again. Shoppers check out a stock-tracked product, browse and search,
 * and an admin edits a product's title all along. Afterwards it checks what an outside tester would:
 * 5xx only during a fault (503 with Retry-After), no hung request, every node ready again within
 * seconds, no node serving an old title after an edit, every captured payment paid exactly once,
 * stock = initial - sold.
 *
 * Ports: BENCH_FAULTS_PORT (default 4180) for haproxy and the next three for the nodes.
 * BENCH_FAULTS_SECONDS scales every fault's length (default 1 = the lengths below).
 * BENCH_FAULTS_MAIN=<main.js> runs another build's compiled server (a baseline) on the same set-up.
 * BENCH_FAULTS_HAPROXY_CFG=<haproxy.cfg> runs the balancer with another tree's configuration (the baseline's).
 * BENCH_FAULTS_ONLY=<words,…> injects only the faults whose name holds one of the words (e.g. `killed`, `s3`).
 */

const BASE_PORT = Number(process.env.BENCH_FAULTS_PORT ?? 4180);
const SCALE = Number(process.env.BENCH_FAULTS_SECONDS ?? 1);
const REDIS = new URL(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379');
/** Redis database of this bench's nodes (other benches and tests use the default one). */
const REDIS_DB = process.env.BENCH_FAULTS_REDIS_DB ?? '8';
const PG = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
/** A request with no answer by then counts as hung: above the query time-out (15 s) and haproxy's retries. */
const HANG_MS = 25_000;
/** How long after a fault ends its 5xx still count as the fault's own. */
const RECOVERY_GRACE_MS = 5_000;
const INITIAL_STOCK = 100_000;
const ADMIN_PASSWORD = 'faults-bench-admin-1';

interface Sample {
  kind: string;
  start: number;
  end: number;
  /** HTTP status; 0: no answer (connection failed), -1: hung */
  status: number;
  retryAfter: boolean;
  error?: string;
  /** a 5xx whose body is not JSON, or no answer: the request, to find haproxy's log line */
  url?: string;
}

interface Fault {
  name: string;
  from: number;
  to: number;
  /** ms from the fault's end until every node answered ready `ok` and haproxy had them all up */
  recoveredMs: number;
}

/** An HTTP proxy in front of the S3 server that can answer every request 503 SlowDown, as S3 does when it sheds load. */
async function s3ErrorProxy(target: string, port: number) {
  let failing = false;
  const to = new URL(target);
  const server = http.createServer((req, res) => {
    if (failing) {
      req.resume();
      res.writeHead(503, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>');
      return;
    }
    const up = http.request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    fail: (on: boolean) => void (failing = on),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  console.log(`${machineLine()}\nload before: ${loadAverage()}`);
  await buildServer();
  if (!fs.existsSync(`${repoRoot}dist/web`)) throw new Error('run `npm run build` first (the nodes serve the built storefront)');
  const schemaName = `${process.env.BENCH_FAULTS_SCHEMA ?? 'bench_faults'}_${randomBytes(3).toString('hex')}`;
  const schema = await benchSchema(schemaName, 'bench_faults');
  if (!schema) return;
  const db = schema.open();
  onExit(() => void schema.drop().catch(() => {}));

  const [lbPort, ...nodePorts] = [0, 1, 2, 3].map((i) => BASE_PORT + i) as [number, number, number, number];
  const s3 = await startS3Server('shop-faults');
  const proxies: Record<'db' | 'redis' | 'storage', TcpProxy> = {
    db: await startTcpProxy({ host: PG.hostname, port: Number(PG.port || 5432) }, BASE_PORT + 4),
    redis: await startTcpProxy({ host: REDIS.hostname, port: Number(REDIS.port || 6379) }, BASE_PORT + 5),
    storage: await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) }, BASE_PORT + 6),
  };
  const s3Errors = await s3ErrorProxy(`http://127.0.0.1:${proxies.storage.port}`, BASE_PORT + 7);
  const shopDb = new URL(schema.shopUrl);
  shopDb.hostname = '127.0.0.1';
  shopDb.port = String(proxies.db.port);
  const balancer = await startBalancer(nodePorts, lbPort, process.env.BENCH_FAULTS_HAPROXY_CFG);
  // Left running, it would share the port with the next run's balancer (decision 104).
  onExit(() => void balancer.close().catch(() => {}));
  const lb = balancer.url;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    ...s3.env,
    S3_ENDPOINT: s3Errors.url,
    DATABASE_URL: shopDb.toString(),
    REDIS_URL: `redis://127.0.0.1:${proxies.redis.port}/${REDIS_DB}`,
    PUBLIC_URL: lb,
    SEED_DEMO_DATA: '0',
    ADMIN_PASSWORD,
    AUTH_RATE_LIMIT: '0',
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: process.env.BENCH_FAULTS_LOG_LEVEL ?? 'warn',
    SHUTDOWN_DRAIN_MS: '3000',
    SIMULATED_WEBHOOK_DELAY_MS: '500',
    JOBS_TICK_MS: '500',
    HEALTH_CHECK_INTERVAL_MS: '1000',
  };
  const nodes: ShopNode[] = nodePorts.map((port) => shopNode(port, env, [...shopNodeArgs(), process.env.BENCH_FAULTS_MAIN ?? 'dist/server/main.js']));
  onExit(() => {
    for (const n of nodes) if (n.process.exitCode === null && n.process.signalCode === null) n.process.kill('SIGKILL');
  });
  /** Ready (200, `ok` or `degraded`: a health check of S3 or Redis may time out on a loaded machine) as the node itself says. */
  const nodeReady = async (n: ShopNode, timeoutMs = 60_000) => {
    const until = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < until) {
      // Another process on the node's port (a node of another run) would answer for it.
      if (n.process.exitCode !== null) throw new Error(`node ${n.port} ended (${n.process.exitCode}):\n${n.log().slice(-3000)}`);
      last = await fetch(`http://127.0.0.1:${n.port}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
        async (r) => `${r.status} ${await r.text()}`,
        (err: Error) => err.message,
      );
      if (last.startsWith('200 ')) return;
      await pause(100);
    }
    throw new Error(`node ${n.port} not ready within ${timeoutMs} ms (last: ${last}):\n${n.log().slice(-3000)}`);
  };
  const allReady = async (timeoutMs = 60_000) => {
    await Promise.all(nodes.map((n) => nodeReady(n, timeoutMs)));
    await balancer.allUp(timeoutMs);
  };
  // The first node migrates alone (the others would wait for its advisory lock anyway).
  nodes[0]!.start();
  await nodeReady(nodes[0]!, 180_000);
  nodes[1]!.start();
  nodes[2]!.start();
  await allReady(180_000);

  // The catalogue: one product with stock that shoppers buy, one with a picture that the admin edits.
  const admin = await adminWithCategory(lb, ADMIN_PASSWORD, 'Fault Kits');
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  };
  const bought = (await (
    await fetch(`${lb}/api/products`, {
      method: 'POST',
      headers: admin,
      body: form({ title: 'Resilient Rover', price: '1499', category: 'Fault Kits', description: 'Bought under faults.', stock: String(INITIAL_STOCK) }),
    })
  ).json()) as { id: number };
  const editedForm = form({ title: 'Edited Copter mark0', price: '999', category: 'Fault Kits', description: 'Edited under faults.' });
  const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#118811' } })
    .png()
    .toBuffer();
  editedForm.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'copter.png');
  const editedRes = await fetch(`${lb}/api/products`, { method: 'POST', headers: admin, body: editedForm });
  if (editedRes.status !== 201) throw new Error(`product with a picture: ${editedRes.status} ${await editedRes.text()}`);
  const edited = (await editedRes.json()) as { id: number; images: string[] };
  const shoppers = await signedInShoppers({ url: lb } as never, db, 4, 'faults');

  // Traffic.
  const samples: Sample[] = [];
  const hit = async (
    kind: string,
    method: string,
    url: string,
    opts: { body?: unknown; cookie?: string; headers?: Record<string, string>; form?: FormData } = {},
  ) => {
    const init: RequestInit = {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(HANG_MS),
      headers: {
        origin: lb,
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : opts.form ? { body: opts.form } : {}),
    };
    const start = Date.now();
    let [status, retryAfter, error, asked] = [0, false, undefined as string | undefined, undefined as string | undefined];
    let body: Record<string, unknown> = {};
    try {
      const res = await fetch(`${lb}${url}`, init);
      status = res.status;
      retryAfter = res.headers.has('retry-after');
      const text = await res.text();
      if (res.headers.get('content-type')?.includes('json') && text) body = JSON.parse(text) as Record<string, unknown>;
      if (status >= 500) error = String(body.message ?? text.replace(/\s+/g, ' ').slice(0, 80));
      if (status >= 500 && !res.headers.get('content-type')?.includes('json')) asked = `${method} ${url}`;
    } catch (err) {
      status = (err as Error).name === 'TimeoutError' ? -1 : 0;
      error = String((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message);
      asked = `${method} ${url}`;
    }
    samples.push({ kind, start, end: Date.now(), status, retryAfter, ...(error ? { error } : {}), ...(asked ? { url: asked } : {}) });
    return { status, body };
  };
  let running = true;
  let orderAttempts = 0;
  const browse = async (i0: number) => {
    const words = ['rover', 'resilient', 'rovr', 'copter', 'fault kits'];
    for (let i = i0; running; i++) {
      await hit('catalogue', 'GET', i % 2 ? '/api/products' : `/api/product/${bought.id}`);
      await hit('search', 'GET', `/api/products/search/${encodeURIComponent(words[i % words.length]!)}`);
      await hit('page', 'GET', i % 3 ? '/' : `/product/${edited.id}`);
      await hit('image', 'GET', edited.images[0]!);
      await pause(50);
    }
  };
  const checkout = async (cookie: string) => {
    while (running) {
      const cart = await hit('cart', 'POST', '/api/cart', { cookie, body: { productId: bought.id, quantity: 1 } });
      if (cart.status < 300 || cart.status === 409) {
        orderAttempts++;
        const order = await hit('checkout', 'POST', '/api/createBulkOrder', { cookie, body: { items: [{ productId: bought.id, quantity: 1 }] } });
        const paid = order.status < 300 ? await hit('checkout', 'POST', `/api/payments/simulated/${String(order.body.id)}/pay`, { cookie, body: {} }) : null;
        if (paid && paid.status < 300) await hit('checkout', 'POST', '/api/processOrder', { cookie, body: paid.body });
      }
      await pause(100);
    }
  };
  /** Edits, and for each edit that succeeded how long until every node (asked directly) showed it. */
  const staleness: { mark: number; fault: string | null; slowestMs: number; staleNodes: number }[] = [];
  let currentFault: string | null = null;
  const editor = async () => {
    for (let mark = 1; running; mark++) {
      const title = `Edited Copter mark${mark}`;
      const res = await hit('admin-edit', 'PATCH', `/api/products/${edited.id}`, { headers: admin, form: form({ title }) });
      if (res.status === 200) {
        const fault = currentFault;
        const edit = Date.now();
        const seen = await Promise.all(
          nodes.map(async (n) => {
            while (Date.now() - edit < 30_000) {
              const [page, found] = await Promise.all([
                fetch(`http://127.0.0.1:${n.port}/api/product/${edited.id}`, { signal: AbortSignal.timeout(5000) }).then(
                  async (r) => (r.ok ? ((await r.json()) as { title: string }).title : null),
                  () => null,
                ),
                fetch(`http://127.0.0.1:${n.port}/api/products/search/mark${mark}`, { signal: AbortSignal.timeout(5000) }).then(
                  async (r) => (r.ok ? ((await r.json()) as { id: number }[]).some((p) => p.id === edited.id) : null),
                  () => null,
                ),
              ]);
              // A node that cannot answer (down, restarting) is not stale: the balancer does not send it shoppers.
              if (page === null || found === null) return 0;
              if (page === title && found) return Date.now() - edit;
              await pause(50);
            }
            return Infinity;
          }),
        );
        staleness.push({ mark, fault, slowestMs: Math.max(...seen), staleNodes: seen.filter((s) => s > 1000).length });
      }
      await pause(300);
    }
  };
  const traffic = Promise.all([browse(0), browse(1), ...shoppers.map(checkout), editor()]);
  await pause(5000);

  // The faults, one after the other, each followed by the wait until every node is ready again.
  const faults: Fault[] = [];
  const inject = async (name: string, cut: () => unknown, ms: number, restore: () => unknown) => {
    currentFault = name;
    // From before the cut: a request the cut itself ends (a node killed inside it) belongs to the fault.
    const from = Date.now();
    await cut();
    await pause(ms * SCALE);
    await restore();
    const to = Date.now();
    await allReady();
    faults.push({ name, from, to, recoveredMs: Date.now() - to });
    currentFault = null;
    await pause(3000);
  };
  const dependencyFaults: [string, () => unknown, number, () => unknown][] = [
    ['PostgreSQL connections reset', () => proxies.db.cut('refuse'), 0, () => proxies.db.restore()],
    ['PostgreSQL restarted (refused 5 s)', () => proxies.db.cut('refuse'), 5000, () => proxies.db.restore()],
    ['PostgreSQL black-holed 8 s', () => proxies.db.cut('blackhole'), 8000, () => proxies.db.restore()],
    ['PostgreSQL slow (+200 ms each way) 10 s', () => proxies.db.slow(200), 10_000, () => proxies.db.slow(0)],
    ['Redis down 8 s', () => proxies.redis.cut('refuse'), 8000, () => proxies.redis.restore()],
    ['S3 answering 503 8 s', () => s3Errors.fail(true), 8000, () => s3Errors.fail(false)],
    ['S3 away 8 s', () => proxies.storage.cut('refuse'), 8000, () => proxies.storage.restore()],
  ];
  const only = process.env.BENCH_FAULTS_ONLY?.toLowerCase().split(',');
  const chosen = (name: string) => !only || only.some((word) => name.toLowerCase().includes(word));
  for (const [name, cut, ms, restore] of dependencyFaults) if (chosen(name)) await inject(name, cut, ms, restore);
  // The killed node's way back, stage by stage (ms after the kill): where a slow return spends its time.
  const killed = nodes[2]!;
  const restart: Record<string, number> = {};
  const watching: Promise<void>[] = [];
  let killedAt = 0;
  const lbSaid = (word: 'UP' | 'DOWN') => balancer.log().split(`Server nodes/node3 is ${word}`).length - 1;
  const watch = (stage: string, reached: () => boolean | Promise<boolean>) =>
    watching.push(
      (async () => {
        while (Date.now() - killedAt < 120_000 && !(await reached())) await pause(50);
        restart[stage] = Date.now() - killedAt;
      })(),
    );
  const answers = (url: string, status: number) => () =>
    fetch(`http://127.0.0.1:${killed.port}${url}`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === status,
      () => false,
    );
  const kill = async () => {
    const [downs, ups] = [lbSaid('DOWN'), lbSaid('UP')];
    killedAt = Date.now();
    killed.process.kill('SIGKILL');
    await killed.exited();
    restart.ended = Date.now() - killedAt;
    watch('haproxy: DOWN', () => lbSaid('DOWN') > downs);
    watch('haproxy: UP', () => lbSaid('UP') > ups);
  };
  const restartNode = () => {
    killed.start();
    restart.started = Date.now() - killedAt;
    watch('listening', answers('/api/health/live', 200));
    watch('ready', answers('/api/health/ready', 200));
  };
  if (chosen('killed')) {
    await inject('node 3 killed (-9), restarted 3 s later', kill, 3000, restartNode);
    await Promise.all(watching);
    // The node's own account of its start (logged at LOG_LEVEL=info: BENCH_FAULTS_LOG_LEVEL=info).
    const started = [...killed.log().matchAll(/^\{.*"startMs":(\{[^}]*\}).*shop ready at/gm)].at(-1)?.[1];
    console.log(
      `node 3's way back (ms after the kill): ${Object.entries(restart)
        .sort((a, b) => a[1] - b[1])
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}${started ? `; its start's stages (ms): ${started}` : ''}`,
    );
  }
  await pause(2000);
  running = false;
  await traffic;

  // What clients saw, per fault window (from the cut to the end of its grace) and outside them.
  // The latest fault begun before the request ended: a fault's grace ends where the next fault begins
  // (the kill came 3 s after S3's return, inside its grace, and its reset POSTs were counted as S3's).
  // A request still in flight when a fault began is the fault's too (a POST on the node killed inside it).
  const windowOf = (s: Sample) => faults.findLast((f) => s.end >= f.from && s.start <= f.to + Math.max(RECOVERY_GRACE_MS, f.recoveredMs));
  const key = (s: Sample) =>
    s.status >= 200 && s.status < 400 ? 'ok' : s.status === -1 ? 'hung' : s.status === 0 ? `no answer (${s.error})` : String(s.status);
  const summary = (list: Sample[]) => {
    const byKind: Record<string, Record<string, number>> = {};
    for (const s of list) {
      const k = (byKind[s.kind] ??= {});
      k[key(s)] = (k[key(s)] ?? 0) + 1;
    }
    return Object.entries(byKind)
      .map(
        ([kind, counts]) =>
          `${kind} ${Object.entries(counts)
            .map(([k, n]) => `${k}:${n}`)
            .join(' ')}`,
      )
      .join('; ');
  };
  const rows = faults.map((f) => {
    const list = samples.filter((s) => windowOf(s) === f);
    const p99 = percentile(
      list.map((s) => s.end - s.start),
      99,
    );
    return [f.name, String(f.recoveredMs), String(Math.round(p99)), summary(list)];
  });
  const outside = samples.filter((s) => !windowOf(s));
  rows.push([
    '(no fault)',
    '',
    String(
      Math.round(
        percentile(
          outside.map((s) => s.end - s.start),
          99,
        ),
      ),
    ),
    summary(outside),
  ]);
  console.log(`\n${table(['fault', 'all ready after (ms)', 'p99 (ms)', 'requests: status counts'], rows)}`);

  const problems: string[] = [];
  const fiveHundreds = samples.filter((s) => s.status >= 500 || s.status === 0 || s.status === -1);
  const outsideFailures = fiveHundreds.filter((s) => !windowOf(s));
  if (outsideFailures.length)
    problems.push(
      `${outsideFailures.length} failures outside any fault: ${JSON.stringify(outsideFailures.slice(0, 5).map((s) => ({ ...s, at: new Date(s.start).toISOString() })))}`,
    );
  const unanswered = samples.filter((s) => s.status === 0);
  if (unanswered.length)
    console.log(
      `no answer (connection failed): ${JSON.stringify(unanswered.slice(0, 8).map((s) => ({ ...s, at: new Date(s.start).toISOString(), fault: windowOf(s)?.name })))}`,
    );
  const hung = samples.filter((s) => s.status === -1);
  if (hung.length) problems.push(`${hung.length} requests hung past ${HANG_MS} ms: ${JSON.stringify(hung.slice(0, 5))}`);
  const not503 = fiveHundreds.filter((s) => s.status >= 500 && (s.status !== 503 || !s.retryAfter || s.url));
  if (not503.length)
    problems.push(
      `${not503.length} 5xx other than the shop's JSON 503 with Retry-After: ${JSON.stringify(not503.slice(0, 8).map((s) => ({ ...s, at: new Date(s.start).toISOString() })))}`,
    );
  const slowRecovery = faults.filter((f) => f.recoveredMs > 10_000);
  if (slowRecovery.length) problems.push(`slow recovery: ${slowRecovery.map((f) => `${f.name} ${f.recoveredMs} ms`).join(', ')}`);
  const stale = staleness.filter((s) => s.slowestMs > 2000);
  console.log(
    `admin edits seen on all 3 nodes: ${staleness.length}; slowest ${Math.max(0, ...staleness.map((s) => s.slowestMs))} ms; p95 ${Math.round(
      percentile(
        staleness.map((s) => s.slowestMs),
        95,
      ),
    )} ms`,
  );
  if (stale.length) problems.push(`edits still unseen on a node after 2 s: ${JSON.stringify(stale)}`);

  // Money and stock, once the webhooks and jobs have finished what the faults left.
  const paidCheck = async () =>
    (
      await sql<{ payment_id: string; status: string | null; provider_payment_id: string | null; payments: string }>`
        SELECT sp.id AS payment_id, o.status, o.provider_payment_id,
               (SELECT count(*) FROM order_payments op WHERE op.order_id = o.id) AS payments
          FROM simulated_payments sp LEFT JOIN orders o ON o.provider_order_id = sp.order_id
         WHERE sp.status = 'captured'`.execute(db)
    ).rows;
  let paid = await paidCheck();
  for (let t = 0; t < 120 && paid.some((r) => r.status !== 'placed'); t++) {
    await pause(250);
    paid = await paidCheck();
  }
  const badPayments = paid.filter((r) => r.status !== 'placed' || r.provider_payment_id !== r.payment_id || Number(r.payments) !== 1);
  const orders = await db
    .selectFrom('orders')
    .select(['status', db.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  const paidOrders = await db.selectFrom('orders').select(db.fn.countAll<string>().as('n')).where('paid_at', 'is not', null).executeTakeFirstOrThrow();
  const stock = await db.selectFrom('products').select('stock').where('id', '=', bought.id).executeTakeFirstOrThrow();
  const held = await db
    .selectFrom('order_lines')
    .select(sql<string>`coalesce(sum(quantity - restocked_quantity), 0)`.as('n'))
    .where('product_id', '=', bought.id)
    .executeTakeFirstOrThrow();
  console.log(
    `orders: ${orders.map((o) => `${o.status} ${o.n}`).join(', ')} (attempts ${orderAttempts}); captured payments ${paid.length}, paid orders ${paidOrders.n}; stock ${stock.stock} = ${INITIAL_STOCK} - ${held.n} held or sold: ${
      Number(stock.stock) === INITIAL_STOCK - Number(held.n)
    }`,
  );
  if (badPayments.length) problems.push(`captured payments not paid exactly once: ${JSON.stringify(badPayments)}`);
  if (Number(paidOrders.n) !== paid.length) problems.push(`${paidOrders.n} paid orders for ${paid.length} captured payments`);
  if (Number(stock.stock) !== INITIAL_STOCK - Number(held.n)) problems.push(`stock ${stock.stock} is not ${INITIAL_STOCK} - ${held.n}`);
  for (const n of nodes) if (n.process.exitCode !== null) problems.push(`node ${n.port} ended (${n.process.exitCode}):\n${n.log().slice(-2000)}`);

  // haproxy's word on every 5xx it sent: the termination state (two letters: who ended the session and
  // in which phase) and the node tell haproxy's own answers from the nodes' (haproxy's documentation, 8.5).
  const lbFailures: Record<string, number> = {};
  for (const m of balancer.log().matchAll(/ nodes\/(\S+) (-?\d+)\/(-?\d+)\/(-?\d+)\/(-?\d+)\/(-?\d+) (5\d\d) \d+ \S+ \S+ (\S{4}) .*"(\S+) (\S+)/g)) {
    const k = `${m[7]} ${m[8]} ${m[1]} ${m[9]}`;
    lbFailures[k] = (lbFailures[k] ?? 0) + 1;
  }
  console.log(`haproxy's 5xx by status, termination state, node, method: ${JSON.stringify(lbFailures)}`);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'faults-haproxy.log'), balancer.log());

  console.log(problems.length ? `\nPROBLEMS:\n- ${problems.join('\n- ')}` : '\nNo problem found.');
  console.log(`load after: ${loadAverage()}`);
  if (process.env.BENCH_FAULTS_LOGS) for (const n of nodes) console.log(`--- node ${n.port}\n${n.log().slice(-Number(process.env.BENCH_FAULTS_LOGS))}`);

  for (const n of nodes) await n.dispose();
  await balancer.close();
  await s3Errors.close();
  for (const p of Object.values(proxies)) await p.close();
  await s3.close();
  await db.destroy();
  await schema.drop();
}

runBench(main);
