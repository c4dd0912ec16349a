import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/src/db/schema';
import { multipartBody, seededRandom, type Random } from '../../server/test/helpers/fuzz-input';
import { casesFor, templates, type Case, type Seeded } from '../../server/test/helpers/fuzz-routes';
import { shopNode, type ShopNode } from '../../server/test/helpers/shop-nodes';
import { benchSchema } from '../lib/postgres';
import { buildServer, freePort, onExit, outDir, runBench, shopNodeArgs } from '../lib/server-process';
import { signedInShoppers } from '../lib/shoppers';
import { loadAverage, machineLine } from '../lib/stats';
import { exampleOf, type JsonSchema } from './schema-example';

/**
 * An outside fuzzer (decision 122): two compiled nodes on one PostgreSQL schema (`bench_fuzz`,
 * dropped at the end) with the demo catalogue, and every route of the shop's own route table (its
 * OpenAPI document, plus better-auth's `/api/auth/*`) sent malformed paths, queries, bodies, forms,
 * content types and headers over real HTTP, spread over both nodes, as a visitor, a shopper, staff
 * with the `support` and `catalogue` roles and the owner. Counts and logs (with the request) every
 * 5xx, every hang, every 4xx without a JSON message and every JSON answer that does not parse;
 * checks that the visitor's, the shopper's and each role's requests changed nothing they may not;
 * and afterwards that both nodes are ready, a checkout completes and the admin lists answer.
 *
 * BENCH_FUZZ_REQUESTS (default 40,000): rounds are run, each with the next seed, until at least so
 * many requests were sent. BENCH_FUZZ_SEED (default 20261128): the first round's seed.
 * BENCH_FUZZ_CONCURRENCY (default 12): requests in flight at once. The failures go to
 * bench/.out/fuzz-<seed>.log, one request per line (method, URL, headers, body's start).
 */

const TARGET = Number(process.env.BENCH_FUZZ_REQUESTS ?? 40_000);
const FIRST_SEED = Number(process.env.BENCH_FUZZ_SEED ?? 20261128);
const CONCURRENCY = Number(process.env.BENCH_FUZZ_CONCURRENCY ?? 12);
const ADMIN_PASSWORD = 'fuzz-bench-admin-1';
/** No answer by then is a hang: above the query time-out (15 s). */
const HANG_MS = 25_000;

type Actor = 'visitor' | 'shopper' | 'support' | 'catalogue' | 'owner';
const ALL_ACTORS: Actor[] = ['visitor', 'shopper', 'support', 'catalogue', 'owner'];
/** BENCH_FUZZ_ACTORS=support,owner: only these (to replay a finding). */
const ACTORS = process.env.BENCH_FUZZ_ACTORS ? ALL_ACTORS.filter((a) => process.env.BENCH_FUZZ_ACTORS!.split(',').includes(a)) : ALL_ACTORS;

interface Answer {
  status: number | 'hang' | 'no answer' | 'not sent';
  contentType: string;
  body: string;
  /** only its first `keep` bytes were kept */
  truncated?: boolean;
  error?: string;
}

interface Failure {
  kind: '5xx' | 'hang' | 'no JSON message' | 'bad JSON' | 'bad encoding' | 'no answer';
  actor: Actor;
  node: number;
  c: Case;
  answer: Answer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One request over HTTP, as it is (node's client sends a body with any method and any header that HTTP allows). */
function send(port: number, c: Case, headers: Record<string, string>, keep = 256 * 1024): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (a: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    let req: http.ClientRequest;
    try {
      req = http.request({ host: '127.0.0.1', port, method: c.method, path: c.url, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (d: Buffer) => {
          size += d.length;
          if (size <= keep) chunks.push(d);
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const contentType = String(res.headers['content-type'] ?? '');
          const raw = Buffer.concat(chunks);
          try {
            if (size > keep) done({ status, contentType, body: raw.toString('utf8'), truncated: true });
            else done({ status, contentType, body: decoded(raw, String(res.headers['content-encoding'] ?? '')) });
          } catch (err) {
            done({ status, contentType, body: '', error: `content-encoding ${String(res.headers['content-encoding'])}: ${String(err)}` });
          }
        });
        res.on('error', (err) => done({ status: res.statusCode ?? 0, contentType: '', body: '', error: String(err) }));
      });
    } catch (err) {
      // node's client will not send it (a character HTTP does not allow in the path or a header): no server sees it.
      return resolve({ status: 'not sent', contentType: '', body: '', error: String(err) });
    }
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: 'hang', contentType: '', body: '' });
    }, HANG_MS);
    req.on('error', (err) => done({ status: 'no answer', contentType: '', body: '', error: String(err) }));
    if (c.body) req.end(c.body.payload);
    else req.end();
  });
}

/** The answer's body as the client reads it (a browser decompresses what the server says it compressed). */
function decoded(raw: Buffer, encoding: string): string {
  const text = (b: Buffer) => b.toString('utf8');
  if (encoding === '' || encoding === 'identity') return text(raw);
  if (encoding === 'br') return text(zlib.brotliDecompressSync(raw));
  if (encoding === 'gzip') return text(zlib.gunzipSync(raw));
  if (encoding === 'deflate') return text(zlib.inflateSync(raw));
  throw new Error('an encoding the client did not ask for');
}

/** What the answer does wrong for a client, or null. */
function judge(c: Case, a: Answer): Failure['kind'] | null {
  if (a.status === 'not sent') return null;
  if (a.status === 'hang') return 'hang';
  if (a.status === 'no answer') {
    // The server may close a connection whose body is over the limit while it is still being sent (decision 031).
    const big = c.body && c.body.payload.length > 1024 * 1024;
    return big ? null : 'no answer';
  }
  if (a.status >= 500) return '5xx';
  if (a.error) return 'bad encoding';
  const api = c.url.startsWith('/api/') && !c.url.startsWith('/api/docs');
  if (!api) return null;
  if (a.status >= 400) {
    try {
      const message = (JSON.parse(a.body) as { message?: unknown }).message;
      return typeof message === 'string' && message.trim() !== '' ? null : 'no JSON message';
    } catch {
      return 'no JSON message';
    }
  }
  if (/json/.test(a.contentType) && a.body !== '' && !a.truncated) {
    try {
      JSON.parse(a.body);
    } catch {
      return 'bad JSON';
    }
  }
  return null;
}

/** A JSON call that must succeed (set-up and the checks after the run). */
async function call(port: number, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Record<string, unknown>> {
  const a = await send(
    port,
    { method, url, ...(body !== undefined ? { body: { name: 'valid', contentType: 'application/json', payload: JSON.stringify(body) } } : {}) },
    { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    Infinity,
  );
  if (typeof a.status !== 'number' || a.status >= 300) throw new Error(`${method} ${url}: ${a.status} ${a.body.slice(0, 300)}`);
  return a.body && /json/.test(a.contentType) ? (JSON.parse(a.body) as Record<string, unknown>) : {};
}

/** The routes of the shop's route table, from its OpenAPI document (`{id}` as Fastify's `:id`), with better-auth's. */
async function routeTable(port: number) {
  type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; parameters?: { in: string; name: string }[] };
  const doc = (await call(port, 'GET', '/api/docs/json', {})) as { paths: Record<string, Record<string, Operation>> };
  const routes: { method: string; url: string; bodySchema?: JsonSchema; queryKeys: string[] }[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const queryKeys = (op.parameters ?? []).filter((q) => q.in === 'query').map((q) => q.name);
      routes.push({ method: method.toUpperCase(), url: p.replace(/\{(\w+)\}/g, ':$1'), ...(bodySchema ? { bodySchema } : {}), queryKeys });
    }
  }
  for (const method of ['GET', 'POST'])
    if (!routes.some((r) => r.method === method && r.url === '/api/auth/*')) routes.push({ method, url: '/api/auth/*', queryKeys: [] });
  return routes;
}

async function main() {
  console.log(machineLine());
  await buildServer();
  const schema = await benchSchema(process.env.BENCH_FUZZ_SCHEMA ?? 'bench_fuzz', 'bench_fuzz');
  if (!schema) throw new Error('bench:fuzz needs PostgreSQL');
  const db: Kysely<Database> = schema.open();
  onExit(() => void db.destroy());
  const ports = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${ports[0]}`;
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    DATABASE_URL: schema.shopUrl,
    PUBLIC_URL: origin,
    SEED_DEMO_DATA: '1',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    // One client address sends it all: the limits still run, they just never refuse (as in fuzz.test.ts).
    RATE_LIMIT_PER_MINUTE: '100000000',
    FORM_RATE_LIMIT: '100000000',
    SIMULATED_WEBHOOK_DELAY_MS: '500',
    ...(process.env.BENCH_FUZZ_REDIS_URL ? { REDIS_URL: process.env.BENCH_FUZZ_REDIS_URL } : {}),
  };
  const nodes: ShopNode[] = ports.map((p) => shopNode(p, env, [...shopNodeArgs(), 'dist/server/main.js']));
  onExit(() => {
    for (const n of nodes) if (n.process.exitCode === null) n.process.kill('SIGKILL');
  });
  // The first node migrates and seeds the demo catalogue, then the second joins it.
  for (const n of nodes) {
    n.start();
    await waitReady(n);
  }
  console.log(`two nodes on ports ${ports.join(' and ')}, PostgreSQL schema ${process.env.BENCH_FUZZ_SCHEMA ?? 'bench_fuzz'}; load ${loadAverage()}`);

  try {
    const base = { origin };
    // Each from an address of its own: the sign-in limit allows 10 a minute from one (the fuzzer ends sessions far more often).
    const signInAddresses = seededRandom(FIRST_SEED - 1);
    const adminLogin = async (username: string, password: string) =>
      String((await call(ports[0]!, 'POST', '/api/adminlogin', { ...base, 'x-forwarded-for': randomAddress(signInAddresses) }, { username, password })).token);
    // By e-mail: a staff member may rename itself (PATCH /api/me), and the fuzzer does.
    const credentials: Partial<Record<Actor, { email: string; password: string }>> = { owner: { email: 'admin@admin.invalid', password: ADMIN_PASSWORD } };
    const tokens: Partial<Record<Actor, string>> = { owner: await adminLogin('admin', ADMIN_PASSWORD) };
    for (const role of ['support', 'catalogue'] as const) {
      const username = `fuzz_${role}`;
      const made = await call(
        ports[1]!,
        'POST',
        '/api/admin/staff',
        { ...base, authorization: `Bearer ${tokens.owner}` },
        { username, email: `${username}@example.com`, role },
      );
      credentials[role] = { email: `${username}@example.com`, password: String(made.password) };
      tokens[role] = await adminLogin(username, String(made.password));
    }
    const shopUrl = { url: origin, port: ports[0]!, dataDir: '', child: nodes[0]!.process, stop: async () => undefined };
    let shopperCookie = (await signedInShoppers(shopUrl, db, 1, 'fuzz'))[0]!;

    const headersOf = (actor: Actor): Record<string, string> => {
      if (actor === 'shopper') return { ...base, cookie: shopperCookie };
      const token = tokens[actor];
      return token ? { ...base, authorization: `Bearer ${token}` } : base;
    };
    /** The actor's session again, when a fuzzed request ended it (logout, sign-out, a password change, a changed staff policy). */
    async function keepSignedIn(actor: Actor) {
      if (actor === 'visitor') return;
      if (actor === 'shopper') {
        const a = await send(ports[0]!, { method: 'GET', url: '/api/cart' }, headersOf(actor));
        if (a.status !== 200) shopperCookie = (await signedInShoppers(shopUrl, db, 1, 'fuzz'))[0]!;
        return;
      }
      const a = await send(ports[0]!, { method: 'GET', url: '/api/admin/me' }, headersOf(actor));
      if (a.status === 200) return;
      const { email, password } = credentials[actor]!;
      const user = await db.selectFrom('user').select('username').where('email', '=', email).executeTakeFirstOrThrow();
      tokens[actor] = await adminLogin(String(user.username), password);
    }

    const routes = await routeTable(ports[0]!);
    const productsCsv = (await send(ports[0]!, { method: 'GET', url: '/api/admin/products/export.csv' }, headersOf('owner'), Infinity)).body;
    const fromSchema = routes.filter((r) => r.bodySchema && !(`${r.method} ${r.url}` in templates({ productId: 1, freeProductId: 1, orderCode: 'x' })));
    console.log(
      `${routes.length} routes from the route table (${routes.filter((r) => r.queryKeys.length).length} with query parameters, ${routes.filter((r) => r.bodySchema).length} with a JSON body, ${fromSchema.length} of them bent from their schema's example: ${fromSchema.map((r) => `${r.method} ${r.url}`).join(', ')})`,
    );

    let sent = 0;
    let notSent = 0;
    const statuses = new Map<string, number>();
    const failures: Failure[] = [];
    const seeds: number[] = [];
    /** The slowest answer per route, with its request. */
    const slowest = new Map<string, { ms: number; c: Case }>();
    const logFile = path.join(outDir, `fuzz-${FIRST_SEED}.log`);
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(logFile, '');
    const started = Date.now();

    for (let round = 0; sent < TARGET; round++) {
      const seed = FIRST_SEED + round;
      seeds.push(seed);
      const seeded = await seedRound(ports[0]!, headersOf('shopper'), headersOf('owner'));
      for (const actor of ACTORS) {
        const random = seededRandom(seed * 8 + ALL_ACTORS.indexOf(actor));
        const before = await snapshot(db);
        for (const r of random.sample(routes, routes.length)) {
          if (sent >= TARGET) break;
          const fallback = r.bodySchema ? exampleOf(r.bodySchema, random) : undefined;
          const cases = [
            ...casesFor(r.method, r.url, seeded, random, { ...(fallback ? { fallback } : {}), queryKeys: r.queryKeys }),
            ...duplicates(r, seeded, random),
            ...csvCases(r.method, r.url, productsCsv, random),
          ];
          for (let i = 0; i < cases.length; i += CONCURRENCY) {
            const group = cases.slice(i, i + CONCURRENCY);
            await Promise.all(
              group.map(async (c, j) => {
                const node = (i + j) % 2;
                const headers: Record<string, string> = { ...headersOf(actor), 'x-forwarded-for': randomAddress(random) };
                if (c.body?.contentType) headers['content-type'] = c.body.contentType;
                Object.assign(headers, c.headers);
                const t0 = performance.now();
                const a = await send(ports[node]!, c, headers);
                const took = performance.now() - t0;
                const route = `${r.method} ${r.url}`;
                if (took > (slowest.get(route)?.ms ?? 0)) slowest.set(route, { ms: took, c });
                if (a.status === 'not sent') notSent++;
                else sent++;
                const key = typeof a.status === 'number' ? `${Math.floor(a.status / 100)}xx` : a.status;
                statuses.set(key, (statuses.get(key) ?? 0) + 1);
                const kind = judge(c, a);
                if (kind) {
                  failures.push({ kind, actor, node, c, answer: a });
                  fs.appendFileSync(logFile, `${line({ kind, actor, node, c, answer: a })}\n`);
                }
              }),
            );
            if (group.some((c) => /sign-out|logout|revoke|change-password|change-email|reset-password|staff|sessions|2fa/.test(c.url))) {
              await keepSignedIn(actor);
              await keepSignedIn('owner');
            }
          }
          // The owner may have required two-factor sign-in of every admin (itself included): the policy back, as an operator would.
          if (r.url === '/api/admin/staff-settings') {
            await db.deleteFrom('app_settings').where('name', 'in', ['require_two_factor', 'admin_session_idle_minutes', 'admin_session_max_hours']).execute();
            await new Promise((resolve) => setTimeout(resolve, 2_500));
          }
          await keepSignedIn(actor);
        }
        const after = await snapshot(db);
        for (const damage of damaged(actor, before, after)) {
          console.log(`STATE: ${actor} changed ${damage}`);
          fs.appendFileSync(logFile, `STATE ${actor} seed ${seed}: ${damage}\n`);
        }
        console.log(
          `seed ${seed} ${actor}: ${sent} sent so far, ${failures.length} failures, ${((Date.now() - started) / 1000).toFixed(0)} s, load ${loadAverage()}`,
        );
      }
    }

    // The shop after the run.
    const checks: [string, boolean][] = [];
    for (const [i, p] of ports.entries()) {
      const ready = await send(p, { method: 'GET', url: '/api/health/ready' }, {});
      checks.push([`node ${i + 1} ready`, ready.status === 200]);
    }
    await keepSignedIn('owner');
    await keepSignedIn('shopper');
    const checkout = await checkoutWorks(ports[1]!, headersOf('shopper'), headersOf('owner')).then(
      () => true,
      (err: unknown) => (console.log(`checkout after the run: ${String(err)}`), false),
    );
    checks.push(['a checkout completes', checkout]);
    for (const url of ['/api/ordersAdmin', '/api/admin/customers', '/api/admin/returns', '/api/coupons', '/api/admin/staff', '/api/products']) {
      const a = await send(ports[0]!, { method: 'GET', url }, headersOf('owner'));
      checks.push([`GET ${url} as the owner`, a.status === 200]);
    }

    const byKind = new Map<string, number>();
    for (const f of failures) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
    console.log(
      `\n${sent} requests sent (${notSent} more the HTTP client would not send) in ${((Date.now() - started) / 1000).toFixed(0)} s, seeds ${seeds.join(', ')}`,
    );
    console.log(`answers: ${[...statuses].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    console.log(`failures: ${failures.length}${byKind.size ? ` (${[...byKind].map(([k, v]) => `${k} ${v}`).join(', ')})` : ''}; logged in ${logFile}`);
    for (const f of distinct(failures).slice(0, 40)) console.log(`  ${line(f).slice(0, 400)}`);
    console.log('slowest answers:');
    for (const [route, { ms, c }] of [...slowest].sort((x, y) => y[1].ms - x[1].ms).slice(0, 8)) {
      console.log(`  ${(ms / 1000).toFixed(2)} s ${route}: ${c.method} ${c.url.slice(0, 100)}${c.body ? ` [${c.body.name}]` : ''}`);
    }
    for (const [name, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
    for (const [i, n] of nodes.entries()) {
      const file = path.join(outDir, `fuzz-${FIRST_SEED}-node${i + 1}.log`);
      const kinds = new Map<string, number>();
      for (const l of n.log().split('\n')) {
        if (!/"level":(50|60)/.test(l)) continue;
        const e = JSON.parse(l) as { msg?: string; err?: { message?: string } };
        const key = `${e.msg ?? ''}: ${e.err?.message ?? ''}`.slice(0, 300);
        kinds.set(key, (kinds.get(key) ?? 0) + 1);
      }
      console.log(`node ${i + 1}: ${[...kinds.values()].reduce((x, y) => x + y, 0)} error lines in its log (${file})`);
      for (const [k, count] of kinds) console.log(`  ${count} x ${k}`);
    }
  } finally {
    for (const [i, n] of nodes.entries()) {
      fs.writeFileSync(path.join(outDir, `fuzz-${FIRST_SEED}-node${i + 1}.log`), n.log());
      await n.dispose();
    }
    await db.destroy();
    await schema.drop();
  }
}

async function waitReady(n: ShopNode) {
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    const a = await send(n.port, { method: 'GET', url: '/api/health/ready' }, {});
    if (a.status === 200) return;
    if (n.process.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`node ${n.port} did not become ready:\n${n.log()}`);
}

/** An address per request (the server trusts the loopback proxy's X-Forwarded-For): per-address limits, as across many clients. */
function randomAddress(random: Random): string {
  return `10.${random.int(256)}.${random.int(256)}.${1 + random.int(254)}`;
}

/** The same valid body sent four times at once, to both nodes: races on unique rows and on the same order. */
function duplicates(r: { method: string; url: string; bodySchema?: JsonSchema }, s: Seeded, random: Random): Case[] {
  if (r.method === 'GET' || !r.bodySchema) return [];
  const template = templates(s)[`${r.method} ${r.url}`] ?? exampleOf(r.bodySchema, random);
  const url = r.url.replace(/:(\w+)/g, (_m, name: string) => ({ id: String(s.productId), orderId: s.orderCode, slug: 'terms' })[name] ?? '1');
  const c: Case = { method: r.method, url, body: { name: 'valid, four at once', contentType: 'application/json', payload: JSON.stringify(template) } };
  return [c, c, c, c];
}

/** Odd values a spreadsheet may hold in a cell. */
const BAD_CELLS = ['', '-1', '0', '1e308', '-0', 'NaN', '1,000', '9'.repeat(30), '"', '""', '"a""b', 'x'.repeat(5000), '=1+1', '\u0000', '😀', '\r', 'null'];

/** CSV uploads (the pincode list, the product import) with odd files: cells of the shop's own export bent, broken quoting, a BOM, NULs, a header only. */
function csvCases(method: string, url: string, productsCsv: string, random: Random): Case[] {
  const pincodes = 'pincode,zone,cod,days\n411001,local,1,2\n560001,national,0,3-5\n';
  const base = url === '/api/admin/shipping/pincodes' ? pincodes : url === '/api/admin/products/import' ? productsCsv : null;
  if (method !== 'POST' || base === null) return [];
  const rows = base.split('\n').filter(Boolean);
  const bent = (n: number) => {
    const out = rows.map((r) => r.split(','));
    for (let i = 0; i < n; i++) {
      const row = out[1 + random.int(Math.max(1, out.length - 1))] ?? out[0]!;
      row[random.int(row.length)] = random.pick(BAD_CELLS);
    }
    return out.map((r) => r.join(',')).join('\n');
  };
  const files = [
    ...Array.from({ length: 12 }, () => bent(1 + random.int(4))),
    rows[0]!,
    `\ufeff${base}`,
    base.replace(/\n/g, '\r\n'),
    base.replace(',', '\u0000,'),
    `${base}"unterminated,quote\n`,
    `${rows[0]!}\n${'x,'.repeat(5000)}\n`,
    `${rows[0]}\n${Array.from({ length: 20_000 }, () => rows[1 + random.int(Math.max(1, rows.length - 1))] ?? '').join('\n')}`,
    'not,a,header\n1,2,3\n',
    Buffer.from([0xff, 0xfe, 0x00, 0x41]).toString('latin1'),
  ];
  const dryRun: Record<string, string> = url === '/api/admin/products/import' ? { dryRun: random.int(4) === 0 ? '0' : '1' } : {};
  return files.map((text, i) => ({
    method,
    url,
    body: { ...multipartBody(dryRun, [{ name: 'file', filename: 'odd.csv', data: Buffer.from(text, 'utf8'), type: 'text/csv' }]), name: `odd CSV ${i}` },
  }));
}

/** The ids a round's cases use: a product of the catalogue and an order paid just now. */
async function seedRound(port: number, shopper: Record<string, string>, owner: Record<string, string>): Promise<Seeded> {
  const order = await checkoutWorks(port, shopper, owner);
  const products = (await call(port, 'GET', '/api/products?limit=60', {})) as unknown as { id: number; price: number }[];
  const free = products.find((p) => p.price === 0) ?? products[0]!;
  return { productId: order.productId, freeProductId: free.id, orderCode: order.orderCode };
}

/** A shopper buys one unit of a product for sale and pays in the simulation: the order is placed. */
async function checkoutWorks(port: number, shopper: Record<string, string>, owner: Record<string, string>) {
  const products = (await call(port, 'GET', '/api/products?limit=60', {})) as unknown as {
    id: number;
    price: number;
    available?: boolean;
    variants?: unknown[];
  }[];
  // The owner's fuzzing may have made some unavailable meanwhile (a kit's parts, variants, stock): the first that sells.
  const candidates = products.filter((p) => p.price > 0 && p.available !== false && !(p.variants && p.variants.length > 0));
  let last: unknown = new Error('no product for sale');
  for (const product of candidates) {
    try {
      // An empty cart first: the fuzzing may have left a line of a product no longer for sale in it.
      const cart = await call(port, 'GET', '/api/cart', shopper);
      const lines = (Array.isArray(cart) ? cart : (Object.values(cart).find(Array.isArray) ?? [])) as { id: number }[];
      for (const l of lines) await call(port, 'DELETE', `/api/cart/${l.id}`, shopper);
      await call(port, 'POST', '/api/cart', shopper, { productId: product.id, quantity: 1 });
      const order = await call(port, 'POST', '/api/createBulkOrder', shopper, { items: [{ productId: product.id, quantity: 1 }] });
      const payment = await call(port, 'POST', `/api/payments/simulated/${String(order.id)}/pay`, shopper, {});
      const done = await call(port, 'POST', '/api/processOrder', shopper, payment);
      if (done.success !== true) throw new Error(`processOrder: ${JSON.stringify(done)}`);
      await listedForOwner(port, owner, String(order.orderId));
      return { productId: product.id, orderCode: String(order.orderId) };
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

async function listedForOwner(port: number, owner: Record<string, string>, orderCode: string) {
  const listed = (await call(port, 'GET', `/api/ordersAdmin?q=${orderCode}`, owner)) as unknown as { orderId?: string }[];
  if (!listed.some((o) => o.orderId === orderCode)) throw new Error(`the admin orders list has no ${orderCode}`);
}

async function snapshot(db: Kysely<Database>) {
  const rows = async (q: Promise<unknown[]>) => JSON.stringify(await q);
  return {
    products: await rows(db.selectFrom('products').select(['id', 'title', 'description', 'price_paise', 'stock', 'category_id']).orderBy('id').execute()),
    categories: await rows(db.selectFrom('categories').select(['id', 'type']).orderBy('id').execute()),
    coupons: await rows(db.selectFrom('coupons').select(['id', 'code', 'discount_paise', 'discount_percent']).orderBy('id').execute()),
    adverts: await rows(db.selectFrom('advert_images').select(['id', 'path']).orderBy('id').execute()),
    payments: await rows(db.selectFrom('order_payments').select(['id', 'refunded_paise']).orderBy('id').execute()),
    refunds: await rows(db.selectFrom('refunds').select('id').orderBy('id').execute()),
    admins: await rows(db.selectFrom('user').select(['id', 'role']).where('role', '!=', 'user').orderBy('id').execute()),
    settings: await rows(db.selectFrom('app_settings').select(['name', 'value']).where('name', 'not like', '%secret%').orderBy('name').execute()),
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The tables an actor changed that it may not change: nothing for a visitor or shopper, nothing outside its area for a role. */
function damaged(actor: Actor, before: Snapshot, after: Snapshot): string[] {
  const mayChange: Record<Actor, (keyof Snapshot)[]> = {
    visitor: [],
    shopper: [],
    support: [],
    catalogue: ['products', 'categories', 'adverts'],
    owner: Object.keys(before) as (keyof Snapshot)[],
  };
  return (Object.keys(before) as (keyof Snapshot)[]).filter((k) => before[k] !== after[k] && !mayChange[actor].includes(k));
}

function line(f: Failure): string {
  const body = f.c.body ? ` [${f.c.body.name}] ${String(f.c.body.payload).slice(0, 120)}` : '';
  const headers = f.c.headers ? ` ${JSON.stringify(f.c.headers).slice(0, 200)}` : '';
  return `${f.kind} ${f.actor} node${f.node + 1} ${f.c.method} ${f.c.url.slice(0, 200)}${headers}${body} -> ${f.answer.status} ${f.answer.contentType} ${f.answer.body.slice(0, 300)}${f.answer.error ? ` ${f.answer.error}` : ''}`;
}

/** One failure per kind, actor, method and route. */
function distinct(failures: Failure[]): Failure[] {
  const seen = new Set<string>();
  return failures.filter((f) => {
    const key = `${f.kind} ${f.c.method} ${f.c.url.split('?')[0]!.replace(/\/[^/]*\d[^/]*/g, '/:n')} ${f.answer.status}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

runBench(main);
