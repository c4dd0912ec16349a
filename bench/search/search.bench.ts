/**
 * Search at scale: loads a generated 100,000-product catalogue into SQLite and
 * PostgreSQL and reports search latency per query: one at a time, called
 * directly with the copy of the index in memory and with the tables alone
 * (searchProductIds), and through the HTTP route (app.inject); then under 10
 * concurrent connections over real HTTP against the compiled shop in its own
 * process, for queries never asked before and for repeated ones.
 * Budget: p95 <= 20 ms.
 *
 *   npm run bench:search                 # both databases, cached catalogue when possible
 *   npm run bench:search -- --rebuild    # regenerate the catalogue
 *   npm run bench:search -- --no-pg      # SQLite only
 *   BENCH_QUICK=1 npm run bench:search   # fewer iterations
 *   npm run bench:search -- --concurrent-only   # only the 10-connection runs over HTTP
 *   npm run bench:search -- --concurrent-only --new-only   # and of those only never-asked queries, index in memory
 *   npm run bench:search -- --reuse      # keep the catalogue built by other search code (see cacheKey)
 *   npm run bench:search -- --warm-up    # the warm-up window after a start (issue 29 item 2, decision 052):
 *                                        # never-asked searches from the process's start, time to ready and to
 *                                        # the index in memory, p50/p95 before ready and in the first 20 s
 *   npm run bench:search -- --filtered   # only filtered and sorted never-asked searches and facet counts
 *                                        # (issue 26, decision 046) at 10 connections, index in memory
 *
 * Environment: BENCH_SEARCH_PRODUCTS (default 100000), BENCH_SEARCH_QUERIES (names or texts of the
 * queries to run, separated by commas; default all), BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test; the schema bench_search, or BENCH_SEARCH_SCHEMA, is
 * dropped and recreated there, nothing else is touched).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp, type App } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createDb, migrateToLatest, type Db } from '../../server/src/db/database';
import { insertCategory } from '../../server/src/modules/catalogue/catalogue.repository';
import { indexProducts, searchProductIds } from '../../server/src/modules/search/search.service';
import { replicateSearchIndex } from '../../server/src/modules/search/search-replica';
import { LocalStorage } from '../../server/src/storage/local-storage';
import { SEARCH_PAGE_DEFAULT } from '@shared/catalogue.schemas';
import { machineLine, ms, percentile, processCpuMs, table, verdict } from '../lib/stats';
import autocannon from 'autocannon';
import { onExit, outDir, repoRoot, startShop, type ShopServer } from '../lib/server-process';
import { benchWarmUp } from './warm-up';
import { CATEGORIES, GENERATOR_VERSION, generateCatalogue, rareWord, type GeneratedProduct } from './catalogue-generator';

const args = new Set(process.argv.slice(2));
const REBUILD = args.has('--rebuild');
const WITH_PG = !args.has('--no-pg');
const WITH_SQLITE = !args.has('--no-sqlite');
/** Only the runs under concurrent connections (the servers are compiled shops; no one-at-a-time figures). */
const CONCURRENT_ONLY = args.has('--concurrent-only');
/**
 * Keep a cached catalogue whose key differs (the search code changed in a way that does not change
 * what the index holds, e.g. only how it is queried). The figures are then not a clean build's.
 */
const REUSE = args.has('--reuse');
/** Under concurrent connections, only never-asked queries against the copy in memory (no tables-only server, no repeats). */
const NEW_ONLY = args.has('--new-only');
const QUICK = process.env.BENCH_QUICK === '1';
/** Only never-asked searches with filters and sorting, and facet counts (decision 046). */
const FILTERED = args.has('--filtered');
/** Only the warm-up window of a compiled shop started on the catalogue (bench/search/warm-up.ts). */
const WARM_UP = args.has('--warm-up');
const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Another name lets two checkouts' benches keep their catalogues side by side in one database. */
const PG_SCHEMA = process.env.BENCH_SEARCH_SCHEMA ?? 'bench_search';
const BUDGET_MS = 20;
/** Products loaded and indexed per transaction. */
const LOAD_BATCH = 2_000;
const WARMUP = QUICK ? 3 : 10;
const MAX_RUNS = QUICK ? 30 : 200;
const MIN_RUNS = QUICK ? 5 : 20;
/** Time cap per (query, mode), so that a slow query cannot stall the run. */
const MAX_SECONDS = QUICK ? 1 : 3;

const QUERIES: { name: string; q: string }[] = [
  { name: 'common word', q: 'kit' },
  { name: 'brand', q: 'Robobox' },
  { name: 'rare word', q: rareWord() },
  { name: 'two words', q: 'drone camera' },
  { name: 'typo', q: 'robbox' },
  { name: 'typo/prefix', q: 'dron' },
  { name: 'typo (long)', q: 'mechatronix' },
  { name: 'prefix', q: 'quadc' },
  { name: 'no match', q: 'zqxjvw' },
  { name: 'six words', q: 'arduino servo motor kit for beginners' },
  { name: 'two words (issue 12)', q: 'robot kit' },
  { name: 'four words (issue 12)', q: 'robot kit for kids' },
  { name: 'eight words', q: 'beginner arduino robot kit with servo motor sensors' },
  { name: 'eight words, typos', q: 'begginer arduino robto kit wth servo motr sensors' },
].filter(({ name, q }) => {
  const only = process.env.BENCH_SEARCH_QUERIES?.split(',').map((s) => s.trim());
  return !only || only.includes(name) || only.includes(q);
});

/** Concurrent HTTP runs: connections and seconds per query. */
const CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 10);
const CONCURRENT_SECONDS = QUICK ? 1 : 3;

/**
 * The cache key: generator version, catalogue size, and the source of the code
 * that decides what the index holds. Change any of them and the catalogue is rebuilt.
 */
function cacheKey(): string {
  const files = [
    'server/src/modules/search/search.service.ts',
    'server/src/modules/search/search.repository.ts',
    'shared/src/search-text.ts',
    ...fs
      .readdirSync(path.join(repoRoot, 'server/src/db/migrations'))
      .sort()
      .map((f) => `server/src/db/migrations/${f}`),
  ];
  const hash = createHash('sha256').update(`g${GENERATOR_VERSION}:${PRODUCTS}`);
  for (const f of files) hash.update(fs.readFileSync(path.join(repoRoot, f)));
  return hash.digest('hex').slice(0, 16);
}

interface Meta {
  key: string;
  loadSeconds: number;
  builtAt: string;
}

async function readMeta(db: Db): Promise<Meta | null> {
  try {
    const { rows } = await sql<{ value: string }>`SELECT value FROM bench_meta WHERE name = 'meta'`.execute(db);
    return rows[0] ? (JSON.parse(rows[0].value) as Meta) : null;
  } catch {
    return null;
  }
}

async function writeMeta(db: Db, meta: Meta): Promise<void> {
  await sql`CREATE TABLE bench_meta (name text PRIMARY KEY, value text NOT NULL)`.execute(db);
  await sql`INSERT INTO bench_meta (name, value) VALUES ('meta', ${JSON.stringify(meta)})`.execute(db);
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Loads and indexes the catalogue the way the shop would: products, image rows, search index, per transaction. */
async function loadCatalogue(db: Db, label: string): Promise<number> {
  const started = performance.now();
  const categoryIds: number[] = [];
  for (const type of CATEGORIES) categoryIds.push(await insertCategory(db, type));

  let batch: GeneratedProduct[] = [];
  let loaded = 0;
  const flush = async () => {
    await db.transaction().execute(async (trx) => {
      // Explicit ids (1..N) so every run and both databases hold the same catalogue.
      for (const rows of chunk(batch, 500)) {
        await trx
          .insertInto('products')
          .values(
            rows.map((p) => ({
              id: p.id,
              title: p.title,
              description: p.description,
              price_paise: p.pricePaise,
              category_id: categoryIds[p.category]!,
            })),
          )
          .execute();
      }
      const images = batch.flatMap((p) =>
        Array.from({ length: p.images }, (_, position) => ({
          product_id: p.id,
          position,
          path: `/uploads/products/bench-${p.id}-${position}.png`,
          width: 800,
          height: 800,
        })),
      );
      for (const rows of chunk(images, 500)) await trx.insertInto('product_images').values(rows).execute();
      await indexProducts(
        trx,
        batch.map((p) => ({ id: p.id, title: p.title, description: p.description, category: CATEGORIES[p.category]! })),
      );
    });
    loaded += batch.length;
    batch = [];
    if (loaded % 20_000 === 0 || loaded === PRODUCTS) {
      console.log(`  ${label}: ${loaded.toLocaleString('en')} products loaded (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  };
  for (const p of generateCatalogue(PRODUCTS)) {
    batch.push(p);
    if (batch.length === LOAD_BATCH) await flush();
  }
  if (batch.length) await flush();
  return (performance.now() - started) / 1000;
}

interface Opened {
  db: Db;
  meta: Meta;
  cached: boolean;
  /** another handle on the same database (for the engine without the copy in memory) */
  another: () => Db;
  /** what a compiled shop server needs in its environment to serve this catalogue */
  serverEnv: Record<string, string>;
}

/** A data directory whose shop.sqlite is the benchmark's catalogue (a link: SQLite keeps its WAL beside the real file). */
function sqliteServerEnv(file: string): Record<string, string> {
  const dir = path.join(outDir, 'search-serve-sqlite');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.symlinkSync(file, path.join(dir, 'shop.sqlite'));
  return { DATA_DIR: dir };
}

async function openSqlite(key: string): Promise<Opened> {
  const file = path.join(outDir, `search-${PRODUCTS}.sqlite`);
  const another = () => createDb({ kind: 'sqlite', file });
  if (!REBUILD && fs.existsSync(file)) {
    const db = createDb({ kind: 'sqlite', file });
    const meta = await readMeta(db);
    if (meta && (meta.key === key || REUSE)) return { db, meta, cached: true, another, serverEnv: sqliteServerEnv(file) };
    await db.destroy();
  }
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  const db = createDb({ kind: 'sqlite', file });
  await migrateToLatest(db);
  const loadSeconds = await loadCatalogue(db, 'SQLite');
  const meta = { key, loadSeconds, builtAt: new Date().toISOString() };
  await writeMeta(db, meta);
  // What a long-running shop's file looks like after a checkpoint.
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  return { db, meta, cached: false, another, serverEnv: sqliteServerEnv(file) };
}

/**
 * Kysely's Migrator (without migrationTableSchema) decides whether its own tables
 * exist by looking for their names in every schema of the database, so a
 * kysely_migration table in another schema (other test runs share this
 * database) makes it skip creating ours and then fail. Creating them in our
 * schema first, with Kysely's own definitions, sidesteps that.
 */
async function createMigrationTables(db: Db): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS kysely_migration (name varchar(255) PRIMARY KEY, timestamp varchar(255) NOT NULL)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS kysely_migration_lock (id varchar(255) PRIMARY KEY, is_locked integer NOT NULL DEFAULT 0)`.execute(db);
}

async function openPostgres(key: string): Promise<Opened | null> {
  const database = { kind: 'postgres', url: PG_URL, poolSize: 10 } as const;
  const another = () => createDb(database, { schema: PG_SCHEMA });
  const serverEnv = { DATABASE_URL: `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${PG_SCHEMA}`)}` };
  const admin = createDb(database);
  try {
    await sql`SELECT 1`.execute(admin);
  } catch (err) {
    console.log(`PostgreSQL not reachable at ${PG_URL} (${(err as Error).message}); skipping it.`);
    await admin.destroy();
    return null;
  }
  try {
    if (!REBUILD) {
      const db = createDb(database, { schema: PG_SCHEMA });
      const meta = await readMeta(db);
      if (meta && (meta.key === key || REUSE)) return { db, meta, cached: true, another, serverEnv };
      await db.destroy();
    }
    await sql`DROP SCHEMA IF EXISTS ${sql.id(PG_SCHEMA)} CASCADE`.execute(admin);
    await sql`CREATE SCHEMA ${sql.id(PG_SCHEMA)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  const db = createDb(database, { schema: PG_SCHEMA });
  await createMigrationTables(db);
  await migrateToLatest(db);
  const loadSeconds = await loadCatalogue(db, 'PostgreSQL');
  // Autovacuum would analyse these tables within a minute of the load; do it now so the plans are the settled ones.
  await sql`ANALYZE`.execute(db);
  const meta = { key, loadSeconds, builtAt: new Date().toISOString() };
  await writeMeta(db, meta);
  return { db, meta, cached: false, another, serverEnv };
}

interface Row {
  name: string;
  q: string;
  results: number;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  samples: number[];
}

/** Runs fn after a warm-up until MAX_RUNS or MAX_SECONDS (but at least MIN_RUNS); returns milliseconds per call. */
async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < MAX_RUNS && (samples.length < MIN_RUNS || performance.now() - started < MAX_SECONDS * 1000)) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

function row(name: string, q: string, results: number, samples: number[]): Row {
  return {
    name,
    q,
    results,
    runs: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: Math.max(...samples),
    samples,
  };
}

/** p95 of the mix in which every query is equally frequent (queries with fewer runs are not under-weighted). */
function mixP95(rows: Row[]): number {
  const weighted = rows.flatMap((r) => r.samples.map((v) => ({ v, w: 1 / (r.samples.length * rows.length) })));
  weighted.sort((a, b) => a.v - b.v);
  let acc = 0;
  for (const { v, w } of weighted) {
    acc += w;
    if (acc >= 0.95 - 1e-9) return v;
  }
  return weighted.at(-1)?.v ?? Number.NaN;
}

/** The two engines behind search: the copy of the index in memory, and the database tables. */
interface Engines {
  memory: Db;
  tables: Db;
}

async function benchDatabase(label: string, engines: Engines, app: App): Promise<{ direct: Row[]; tables: Row[]; http: Row[] }> {
  const page = { limit: SEARCH_PAGE_DEFAULT, offset: 0 };
  const direct: Row[] = [];
  const tables: Row[] = [];
  const http: Row[] = [];
  for (const { name, q } of QUERIES) {
    const ids = await searchProductIds(engines.memory, q, page);
    const fromTables = await searchProductIds(engines.tables, q, page);
    if (JSON.stringify(ids) !== JSON.stringify(fromTables)) console.log(`  warning: ${JSON.stringify(q)}: the engines disagree`);
    direct.push(row(name, q, ids.length, await time(() => searchProductIds(engines.memory, q, page))));
    tables.push(row(name, q, fromTables.length, await time(() => searchProductIds(engines.tables, q, page))));
    const url = `/api/products/search/${encodeURIComponent(q)}`;
    const first = await app.inject({ method: 'GET', url });
    if (first.statusCode !== 200 && first.statusCode !== 404) {
      console.log(`  warning: ${url} answered ${first.statusCode}: ${first.body.slice(0, 200)}`);
    }
    const results = first.statusCode === 200 ? (first.json() as unknown[]).length : 0;
    http.push(row(name, q, results, await time(() => app.inject({ method: 'GET', url }))));
  }

  console.log(`\n${label}: search latency in ms, one at a time (${PRODUCTS.toLocaleString('en')} products, first page of ${page.limit})`);
  console.log(
    table(
      [
        'query',
        'text',
        'hits',
        'runs',
        'tables p50',
        'tables p95',
        'memory p50',
        'memory p95',
        'memory max',
        'HTTP p50',
        'HTTP p95',
        'HTTP max',
        `<= ${BUDGET_MS} ms`,
      ],
      direct.map((d, i) => {
        const h = http[i]!;
        const t = tables[i]!;
        return [
          d.name,
          JSON.stringify(d.q),
          d.results,
          d.runs,
          ms(t.p50),
          ms(t.p95),
          ms(d.p50),
          ms(d.p95),
          ms(d.max),
          ms(h.p50),
          ms(h.p95),
          ms(h.max),
          h.p95 <= BUDGET_MS ? 'yes' : 'NO',
        ];
      }),
    ),
  );
  const pooled = (rows: Row[]) => rows.flatMap((r) => r.samples);
  console.log(
    `${label} overall (every query equally often): tables p95 ${ms(mixP95(tables))} ms; memory p50 ${ms(percentile(pooled(direct), 50))} / p95 ${ms(mixP95(direct))} ms; ` +
      `HTTP p50 ${ms(percentile(pooled(http), 50))} / p95 ${ms(mixP95(http))} ms`,
  );
  return { direct, tables, http };
}

/**
 * p50/p95 of one query under CONNECTIONS concurrent connections over real HTTP (autocannon, latency
 * of every response). With `unique`, every request carries a query string never sent before
 * (`?u=<n>`, which search ignores), so the public cache cannot answer it: the cost of a query nobody
 * asked since the last change, search engine, product rows, serialising and compressing included.
 */
async function concurrent(
  server: ShopServer,
  q: string,
  unique: boolean,
  /** another path than the search's (facets), with its own query string */
  target?: string,
): Promise<{ p50: number; p95: number; rps: number; bad: number; cpu: number }> {
  const base = server.url;
  const latencies: number[] = [];
  const [path, search] = (target ?? `/api/products/search/${encodeURIComponent(q)}`).split('?') as [string, string | undefined];
  const first = search ? `?${search}&` : '?';
  let n = 0;
  const run = (duration: number, record: boolean) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${base}${path}${search ? `?${search}` : ''}`,
          connections: CONNECTIONS,
          duration,
          headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
          ...(unique ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: `${path}${first}u=${++n}` }) }] } : {}),
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      if (record) instance.on('response', (_c, _s, _b, time) => latencies.push(time));
    });
  await run(0.5, false);
  const cpuBefore = processCpuMs(server.child.pid!);
  const r = await run(CONCURRENT_SECONDS, true);
  const cpu = (processCpuMs(server.child.pid!) - cpuBefore) / Math.max(1, latencies.length);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), rps: r.requests.average, bad: r.non2xx - r['4xx'] + r.errors + r.timeouts, cpu };
}

/** Waits until the server searches its copy of the index in memory; the seconds that took. */
async function indexInMemory(server: ShopServer): Promise<number> {
  const started = performance.now();
  for (;;) {
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { search: string };
    if (health.search === 'memory') return (performance.now() - started) / 1000;
    if (performance.now() - started > 180_000) throw new Error('the search index did not load within 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Every query under concurrent load over real HTTP, as shoppers use the shop (public cache on):
 * asked for the first time, with the copy of the index in memory and with the database tables
 * alone, and asked again (from the cache).
 */
async function benchConcurrent(label: string, serverEnv: Record<string, string>): Promise<Row[]> {
  // Real servers in their own processes (the compiled shop, as in production), so that the load
  // generator in this process takes nothing from them.
  const env = { ...serverEnv, SEED_DEMO_DATA: '0', JOBS: '0' };
  const [memoryServer, tablesServer] = await Promise.all([startShop(env), NEW_ONLY ? null : startShop({ ...env, SEARCH_IN_MEMORY: '0' })]);
  try {
    const seconds = await indexInMemory(memoryServer);
    console.log(`\n${label}: the server's copy of the index was ready ${seconds.toFixed(1)} s after /api/health first answered`);
    const skipped = { p50: Number.NaN, p95: Number.NaN, rps: Number.NaN, bad: 0, cpu: Number.NaN };
    const rows: (string | number)[][] = [];
    const engineRows: Row[] = [];
    for (const { name, q } of QUERIES) {
      const memory = await concurrent(memoryServer, q, true);
      const tables = tablesServer ? await concurrent(tablesServer, q, true) : skipped;
      const cached = NEW_ONLY ? skipped : await concurrent(memoryServer, q, false);
      engineRows.push({ name, q, results: 0, runs: 0, p50: memory.p50, p95: memory.p95, max: memory.p95, samples: [memory.p95] });
      rows.push([
        name,
        JSON.stringify(q),
        Math.round(memory.rps),
        ms(memory.p50),
        ms(memory.p95),
        ms(memory.cpu),
        Math.round(tables.rps),
        ms(tables.p95),
        Math.round(cached.rps),
        ms(cached.p95),
        memory.p95 <= BUDGET_MS ? 'yes' : 'NO',
      ]);
      if (memory.bad || tables.bad || cached.bad) console.log(`  warning: ${q}: ${memory.bad + tables.bad + cached.bad} errors`);
    }
    console.log(
      `\n${label}: ${CONNECTIONS} concurrent connections over real HTTP to the compiled shop, ${CONCURRENT_SECONDS} s per query and column (ms); ` +
        'new: every request a query not asked before (index in memory, or the tables alone); again: the same query repeated; ' +
        "CPU/req: the server process's CPU time per answer (user + system, from /proc; 10 ms ticks over the run)",
    );
    console.log(
      table(
        ['query', 'text', 'new req/s', 'new p50', 'new p95', 'new CPU/req', 'tables req/s', 'tables p95', 'again req/s', 'again p95', `new <= ${BUDGET_MS} ms`],
        rows,
      ),
    );
    return engineRows;
  } finally {
    await Promise.all([memoryServer.stop(), tablesServer?.stop()]);
  }
}

/** Filters and orders the filtered mode asks with each query (decision 046). */
const FILTER_SETS: { name: string; params: string }[] = [
  { name: 'in stock, Rs 500-5,000', params: 'inStock=1&minPrice=500&maxPrice=5000' },
  { name: 'one category, price low-high', params: `category=${encodeURIComponent(CATEGORIES[1]!)}&sort=price_asc` },
  { name: 'in stock, newest', params: 'inStock=1&sort=newest' },
  { name: 'price high-low', params: 'sort=price_desc' },
];
const FILTERED_QUERIES = ['kit', 'robot kit', 'robbox', 'robot kit for kids', 'begginer arduino robot kit wth servo motr sensors'];

/**
 * The generated catalogue tracks no stock: give every product a stock (0 for one in nine, so
 * "in stock" filters something), as a shop that tracks it would have. Plain searches do not read it.
 */
async function giveStock(db: Db): Promise<void> {
  await sql`UPDATE products SET stock = id % 9`.execute(db);
  await sql`UPDATE public_cache_version SET version = version + 1 WHERE id = 1`.execute(db);
}

/**
 * Never-asked searches with filters and an order, and never-asked facet counts, under CONNECTIONS
 * concurrent connections over real HTTP to the compiled shop with its index in memory.
 */
async function benchFiltered(label: string, db: Db, serverEnv: Record<string, string>): Promise<Row[]> {
  await giveStock(db);
  // Another build's main.js on the same catalogue (BENCH_SEARCH_BASELINE), to compare run for run.
  const baseline = process.env.BENCH_SEARCH_BASELINE;
  if (baseline) console.log(`\n${label}: serving with ${baseline}`);
  const server = await startShop({ ...serverEnv, SEED_DEMO_DATA: '0', JOBS: '0' }, baseline ? { main: path.resolve(baseline) } : {});
  try {
    await indexInMemory(server);
    const rows: (string | number)[][] = [];
    const out: Row[] = [];
    const record = (name: string, q: string, r: Awaited<ReturnType<typeof concurrent>>, hits: number | string) => {
      out.push({ name, q, results: 0, runs: 0, p50: r.p50, p95: r.p95, max: r.p95, samples: [r.p95] });
      rows.push([name, JSON.stringify(q), hits, Math.round(r.rps), ms(r.p50), ms(r.p95), ms(r.cpu), r.p95 <= BUDGET_MS ? 'yes' : 'NO']);
      if (r.bad) console.log(`  warning: ${name} ${q}: ${r.bad} errors`);
    };
    for (const q of FILTERED_QUERIES) {
      for (const f of FILTER_SETS) {
        const url = `/api/products/search/${encodeURIComponent(q)}?${f.params}`;
        const res = await fetch(`${server.url}${url}`);
        const hits = res.status === 200 ? ((await res.json()) as unknown[]).length : res.status;
        record(f.name, q, await concurrent(server, q, true, url), hits);
      }
      const facets = `/api/search/facets?q=${encodeURIComponent(q)}&inStock=1`;
      const total = ((await (await fetch(`${server.url}${facets}`)).json()) as { total: number }).total;
      record('facets (in stock)', q, await concurrent(server, q, true, facets), `total ${total}`);
    }
    console.log(
      `\n${label}: filtered and sorted searches never asked before, ${CONNECTIONS} concurrent connections over real HTTP, ` +
        `${CONCURRENT_SECONDS} s each (ms; hits: results on the first page of ${SEARCH_PAGE_DEFAULT})`,
    );
    console.log(table(['filters', 'text', 'hits', 'req/s', 'p50', 'p95', 'CPU/req', `p95 <= ${BUDGET_MS} ms`], rows));
    return out;
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(`Search benchmark: ${machineLine()}`);
  console.log(`Budget: search p95 <= ${BUDGET_MS} ms at 100,000 products on SQLite (checked on the HTTP figures, which include the direct ones).`);
  fs.mkdirSync(outDir, { recursive: true });
  const key = cacheKey();
  const dataDir = path.join(outDir, 'search-data');
  const results: { label: string; direct: Row[]; http: Row[]; concurrent: Row[] }[] = [];

  const targets: { label: string; open: () => Promise<Opened | null>; env: Record<string, string> }[] = [];
  if (WITH_SQLITE) targets.push({ label: 'SQLite', open: () => openSqlite(key), env: {} });
  if (WITH_PG) targets.push({ label: 'PostgreSQL', open: () => openPostgres(key), env: { DATABASE_URL: PG_URL } });

  for (const target of targets) {
    console.log(`\n${target.label}: preparing the catalogue…`);
    const opened = await target.open();
    if (!opened) continue;
    const { db, meta, cached } = opened;
    const tablesDb = opened.another();
    onExit(() => void db.destroy());
    onExit(() => void tablesDb.destroy());
    console.log(
      `${target.label}: load + index of ${PRODUCTS.toLocaleString('en')} products: ${meta.loadSeconds.toFixed(1)} s` +
        (cached ? ` (measured ${meta.builtAt}; cached catalogue reused, --rebuild to redo)` : ''),
    );
    const counts = await db
      .selectNoFrom((eb) => [
        eb.selectFrom('search_postings').select(eb.fn.countAll<number>().as('n')).as('postings'),
        eb.selectFrom('search_vocab').select(eb.fn.countAll<number>().as('n')).as('vocab'),
        eb.selectFrom('search_deletes').select(eb.fn.countAll<number>().as('n')).as('deletes'),
      ])
      .executeTakeFirstOrThrow();
    console.log(
      `${target.label}: index holds ${Number(counts.postings).toLocaleString('en')} postings, ${Number(counts.vocab).toLocaleString('en')} words, ${Number(counts.deletes).toLocaleString('en')} typo variants`,
    );

    if (WARM_UP) {
      await db.destroy();
      await tablesDb.destroy();
      // On PostgreSQL a connection of the bench's own finds the shop's backends (their CPU).
      const watcher = opened.serverEnv.DATABASE_URL ? opened.another() : null;
      try {
        await benchWarmUp(target.label, opened.serverEnv, watcher);
      } finally {
        await watcher?.destroy();
      }
      continue;
    }

    if (FILTERED) {
      try {
        results.push({ label: target.label, direct: [], http: [], concurrent: await benchFiltered(target.label, db, opened.serverEnv) });
      } finally {
        await db.destroy();
        await tablesDb.destroy();
      }
      continue;
    }

    if (CONCURRENT_ONLY) {
      try {
        results.push({ label: target.label, direct: [], http: [], concurrent: await benchConcurrent(target.label, opened.serverEnv) });
      } finally {
        await db.destroy();
        await tablesDb.destroy();
      }
      continue;
    }

    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: '0',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...target.env,
    });
    // One at a time, the public cache is off (the engine answers every call). The copy in memory is
    // kept for `db`; `tablesDb` has none.
    const storage = new LocalStorage(config.uploadsDir);
    const heapBefore = process.memoryUsage();
    const loadStarted = performance.now();
    const app = await buildApp({ config: { ...config, publicCache: false }, db, storage });
    await app.ready();
    await replicateSearchIndex(db).start();
    const heapAfter = process.memoryUsage();
    console.log(
      `${target.label}: index loaded into memory in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s ` +
        `(resident memory +${Math.round((heapAfter.rss - heapBefore.rss) / 2 ** 20)} MB, ` +
        `array buffers +${Math.round((heapAfter.arrayBuffers - heapBefore.arrayBuffers) / 2 ** 20)} MB)`,
    );
    try {
      const measured = await benchDatabase(target.label, { memory: db, tables: tablesDb }, app);
      await app.close();
      const concurrentRows = await benchConcurrent(target.label, opened.serverEnv);
      results.push({ label: target.label, ...measured, concurrent: concurrentRows });
    } finally {
      await db.destroy();
      await tablesDb.destroy();
    }
  }

  console.log('\nSummary');
  console.log(
    table(
      [
        'database',
        'direct p95 (mix)',
        'HTTP p95 (mix)',
        'worst query HTTP p95',
        `worst p95 at ${CONNECTIONS} connections`,
        `over budget at ${CONNECTIONS} connections`,
      ],
      results.map((r) => {
        const worstOf = (rows: Row[]) => {
          const worst = rows.reduce<Row | null>((a, b) => (!a || b.p95 > a.p95 ? b : a), null);
          return worst ? `${ms(worst.p95)} ms ${JSON.stringify(worst.q)}` : '-';
        };
        const over = r.concurrent.filter((h) => h.p95 > BUDGET_MS).map((h) => JSON.stringify(h.q));
        return [r.label, `${ms(mixP95(r.direct))} ms`, `${ms(mixP95(r.http))} ms`, worstOf(r.http), worstOf(r.concurrent), over.join(' ') || 'none'];
      }),
    ),
  );
  const sqlite = results.find((r) => r.label === 'SQLite');
  if (sqlite && sqlite.http.length > 0) {
    const overall = mixP95(sqlite.http);
    const every = sqlite.http.every((h) => h.p95 <= BUDGET_MS);
    console.log(
      `Budget search p95 <= ${BUDGET_MS} ms on SQLite (${PRODUCTS.toLocaleString('en')} products): overall ${ms(overall)} ms: ${verdict(overall <= BUDGET_MS)}; every query: ${verdict(every)}`,
    );
    if (PRODUCTS !== 100_000) console.log('(Not the budget size: set BENCH_SEARCH_PRODUCTS=100000 for the budget figure.)');
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
