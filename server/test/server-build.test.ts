import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

describe('the compiled server', () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-build-'));
  afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

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
    // The ones that every shop needs at start are there (the check itself reads the imports right).
    expect(externalAtStart).toContain('better-sqlite3');
    expect(bundledAtStart.has('fastify')).toBe(true);
  }, 60_000);
});
