import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The compiled server (scripts/build-server.mjs) loads at start its entry, main.js, and every chunk
 * that imports statically, with every package they import at their top. What a shop may never use
 * stays out of that set, imported where it is first needed: pdfkit and its font code (the first
 * invoice), the S3 SDK (only with S3_BUCKET), sharp (the first image) are left in node_modules;
 * nodemailer (the first mail sent over SMTP), the Redis client (only with REDIS_URL), the Razorpay
 * SDK with axios (only with Razorpay keys) and qrcode (the first two-factor enrolment) are bundled
 * into chunks of their own (decision 060), and so are the OpenAPI document's packages (@fastify/swagger
 * and yaml, the first request to /api/docs; Swagger UI stays in node_modules) and the PostgreSQL
 * driver (the first connection of a shop on PostgreSQL; decision 062). With them loaded at start the
 * idle shop was larger and slower to start (docs/performance.md).
 */
const EXTERNAL_ON_FIRST_USE = ['pdfkit', '@aws-sdk/client-s3', 'sharp', '@fastify/swagger-ui'];
/**
 * Fastify's default compilers and what they bring (Ajv, fast-json-stringify, fast-uri): required by
 * Fastify only when an instance is made without compiler factories, which the shop never does
 * (decision 073). Left in node_modules, so that V8 neither parses their text at start nor keeps it
 * (decision 094); in no chunk at all.
 */
const REQUIRED_ONLY_WITHOUT_FACTORIES = ['@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'];
const NEVER_BUNDLED = ['@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler', 'ajv', 'ajv-formats', 'fast-uri'];
/** node_modules folders whose code must be in no chunk loaded at start, only in lazily imported ones. */
const BUNDLED_ON_FIRST_USE = ['nodemailer', 'ioredis', 'razorpay', 'axios', 'qrcode', 'pngjs', '@fastify/swagger', 'yaml', 'pg', 'pg-pool', 'pg-protocol'];

interface Output {
  imports: { path: string; kind: string; external?: boolean }[];
  inputs: Record<string, unknown>;
}
interface Metafile {
  outputs: Record<string, Output>;
}

const packageOf = (input: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];

/**
 * Intl's formatters and collators read ICU's locale data into memory the first time a process makes
 * one: some 4 MB for a number format, 2 MB for localeCompare's collation, resident for as long as
 * the process runs (decision 073). Nothing the shop does at start needs them; this module, given to
 * node with --import, reports each use (the server's own code and its packages') on stderr.
 */
const ICU_TRAP = `
import { writeSync } from 'node:fs';
const report = (what) => writeSync(2, 'ICU used at start: ' + what + '\\n' + new Error().stack + '\\n');
for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'DisplayNames', 'Segmenter']) {
  const Real = Intl[name];
  Intl[name] = new Proxy(Real, { construct(target, args) { report('Intl.' + name); return Reflect.construct(target, args); }, apply(target, self, args) { report('Intl.' + name); return Reflect.apply(target, self, args); } });
}
for (const [proto, method] of [[String.prototype, 'localeCompare'], [Number.prototype, 'toLocaleString'], [BigInt.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString'], [Array.prototype, 'toLocaleString']]) {
  const real = proto[method];
  proto[method] = function (...args) { report(method); return real.apply(this, args); };
}
writeSync(2, 'ICU trap armed\\n');
`;

/**
 * Node's fetch (undici: Request, Response, Headers...) is loaded the first time a process reads one
 * of those globals: some 20-30 ms of CPU and megabytes kept. The first page needs it (React Router
 * draws with a Response), a readiness probe does not (decision 094); this module, given to node with
 * --import, reports the first read of each on stderr.
 */
const FETCH_TRAP = `
import { writeSync } from 'node:fs';
for (const name of ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'WebSocket', 'EventSource']) {
  const lazy = Object.getOwnPropertyDescriptor(globalThis, name);
  if (!lazy?.get) continue;
  Object.defineProperty(globalThis, name, {
    configurable: true,
    enumerable: lazy.enumerable,
    get() { writeSync(2, 'fetch loaded by ' + name + '\\n' + new Error().stack + '\\n'); Object.defineProperty(globalThis, name, lazy); return globalThis[name]; },
    set: lazy.set,
  });
}
writeSync(2, 'fetch trap armed\\n');
`;

/**
 * Starts the compiled main.js on dataDir with a trap given to --import, until it logs that it is
 * ready, then runs `probe` with its address (if any) and stops it; its stderr.
 */
function startWithTrap(mainJs: string, trap: string, dataDir: string, probe?: (url: string) => Promise<void>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', pathToFileURL(trap).href, mainJs], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO_DATA: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let probed: Error | undefined;
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('shop ready at') || child.killed) return;
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      void (probe && url ? probe(url) : Promise.resolve()).catch((e: Error) => (probed = e)).finally(() => child.kill('SIGKILL'));
    });
    child.on('exit', () => {
      if (probed) reject(probed);
      else if (out.includes('shop ready at')) resolve(err);
      else reject(new Error(`the shop did not start:\n${out}\n${err}`));
    });
  });
}

/** Asks /api/health/ready until it answers 200 (the search index loads after the listener opens). */
async function untilReady(url: string): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    const res = await fetch(`${url}/api/health/ready`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    await res.arrayBuffer();
    if (res.ok) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the shop was not ready after 500 probes');
}

describe('the compiled server', () => {
  // node_modules beside the output: the packages left external are imported from there, as in dist/.
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-build-'));
  const outdir = path.join(workdir, 'server');
  /** The compiled server's main.js, built here if an earlier test of this file has not built it. */
  const builtMain = () => {
    const main = path.join(outdir, 'main.js');
    if (!fs.existsSync(main))
      execFileSync(process.execPath, ['scripts/build-server.mjs'], { env: { ...process.env, SERVER_BUILD_OUTDIR: outdir }, stdio: 'pipe' });
    return main;
  };
  fs.symlinkSync(path.resolve('node_modules'), path.join(workdir, 'node_modules'));
  afterAll(() => fs.rmSync(workdir, { recursive: true, force: true }));

  it('loads at start neither the packages a shop may never use nor their chunks, only where they are first used', () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { env: { ...process.env, SERVER_BUILD_OUTDIR: outdir }, stdio: 'pipe' });
    const meta = JSON.parse(fs.readFileSync(path.join(outdir, 'meta.json'), 'utf8')) as Metafile;
    const outputs = new Map(Object.entries(meta.outputs).map(([file, out]) => [path.basename(file), out]));
    // What main.js loads when it starts: itself and the chunks it imports statically, transitively.
    const atStart = new Set<string>();
    const visit = (file: string) => {
      if (atStart.has(file)) return;
      atStart.add(file);
      for (const i of outputs.get(file)!.imports) if (!i.external && i.kind === 'import-statement') visit(path.basename(i.path));
    };
    visit('main.js');
    const started = [...atStart].map((file) => outputs.get(file)!);
    const externalAtStart = started.flatMap((o) => o.imports.filter((i) => i.external && i.kind !== 'dynamic-import').map((i) => i.path));
    const externalLater = [...outputs.values()].flatMap((o) => o.imports.filter((i) => i.external && i.kind === 'dynamic-import').map((i) => i.path));
    for (const name of EXTERNAL_ON_FIRST_USE) {
      expect(externalAtStart, name).not.toContain(name);
      expect(externalLater, name).toContain(name);
    }
    const bundledAtStart = new Set(started.flatMap((o) => Object.keys(o.inputs).map(packageOf)));
    const bundledLater = new Set([...outputs].filter(([file]) => !atStart.has(file)).flatMap(([, o]) => Object.keys(o.inputs).map(packageOf)));
    for (const name of BUNDLED_ON_FIRST_USE) {
      expect(bundledAtStart.has(name), name).toBe(false);
      expect(bundledLater.has(name), name).toBe(true);
    }
    const bundledAnywhere = new Set([...outputs.values()].flatMap((o) => Object.keys(o.inputs).map(packageOf)));
    for (const name of NEVER_BUNDLED) expect(bundledAnywhere.has(name), name).toBe(false);
    // zod's messages are English: its other 63 locales (some 300 KB of source) are bundled nowhere (decision 094).
    const zodLocales = [...outputs.values()].flatMap((o) => Object.keys(o.inputs).filter((input) => /zod\/v4\/locales\/(?!index\.js)[\w-]+\.js$/.test(input)));
    expect(zodLocales.map((input) => path.basename(input))).toEqual(['en.js']);
    const requiredAtStart = started.flatMap((o) => o.imports.filter((i) => i.external && i.kind === 'require-call').map((i) => i.path));
    for (const name of REQUIRED_ONLY_WITHOUT_FACTORIES) expect(requiredAtStart, name).toContain(name);
    // The ones that every shop needs at start are there (the check itself reads the imports right).
    expect(externalAtStart).toContain('better-sqlite3');
    expect(bundledAtStart.has('fastify')).toBe(true);
  }, 60_000);

  it("uses none of Intl's locale data while it starts, on a new database and on an existing one", async () => {
    const main = builtMain();
    const trap = path.join(workdir, 'icu-trap.mjs');
    fs.writeFileSync(trap, ICU_TRAP);
    const dataDir = path.join(workdir, 'data');
    // The first start runs every migration; the second reads the ones run (Kysely compares their names).
    for (const start of ['new', 'existing']) {
      const stderr = await startWithTrap(main, trap, dataDir);
      expect(stderr, start).toContain('ICU trap armed');
      expect(stderr, start).not.toContain('ICU used at start');
    }
  }, 60_000);

  it("answers readiness probes without loading Node's fetch, which the first page loads", async () => {
    const main = builtMain();
    const trap = path.join(workdir, 'fetch-trap.mjs');
    fs.writeFileSync(trap, FETCH_TRAP);
    const stderr = await startWithTrap(main, trap, path.join(workdir, 'data-fetch'), untilReady);
    expect(stderr).toContain('fetch trap armed');
    expect(stderr).not.toContain('fetch loaded by');
  }, 60_000);
});
