// `npm run build:server`: compiles the server, with its pure-JavaScript dependencies, to one ES
// module, dist/server/main.js, so that production runs plain JavaScript (no tsx at run time) and
// starts fast: one file to parse instead of some two thousand modules to resolve and load.
// Native modules and packages that read files from their own folder at run time stay in
// node_modules and are imported from there.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const external = [
  'better-sqlite3',
  'sharp',
  'pg-native',
  '@fastify/swagger-ui',
  // reads its standard fonts from its own folder
  'pdfkit',
  // Fastify's default compilers (Ajv, fast-json-stringify, fast-uri: some 370 KB of source), which it
  // requires only when made without compiler factories; the app gives it the zod ones (decision 073).
  // Bundled, V8 would still parse their text at every start and keep it in memory (decision 094).
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  // optional peer dependencies that are never installed
  'mysql2',
  '@aws-sdk/*',
  'mongodb',
  '@prisma/client',
  'drizzle-orm',
];

/**
 * zod's namespaces (`z.locales`, `z.core.locales`) export its 64 locales, some 300 KB of source: the
 * shop and its packages read none of them (zod's messages are English, `locales/en.js`, which zod's
 * schemas import themselves), but a namespace used as a value keeps every export in the bundle, parsed
 * at every start. Bundled here: the English one alone (decision 094).
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(builder) {
    const zodFolder = `${path.sep}node_modules${path.sep}zod${path.sep}`;
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(zodFolder) ? { path: path.resolve(args.resolveDir, '../locales/index.js'), namespace: 'zod-english-only' } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(args.path),
    }));
  },
};

// The bundle's static imports of external packages are all loaded at start: packages a shop may
// never use (pdfkit, the S3 SDK, sharp) are imported where first needed, `await import(...)`
// (server/test/server-build.test.ts holds the bundle to it; SERVER_BUILD_OUTDIR also writes meta.json).
const outdir = process.env.SERVER_BUILD_OUTDIR ?? 'dist/server';
// Chunks are named by their content's hash: the last build's would stay beside this one's.
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  // seed-process: the demo catalogue is seeded in a child process (server/src/seed/seed-process.ts).
  // admin, backup: `npm run admin` and `npm run backup`/`restore` for a machine that holds only the
  // build (docs/operations/deploy.md).
  entryPoints: {
    main: 'server/src/main.ts',
    'seed-process': 'server/src/seed/seed-process.ts',
    admin: 'server/src/cli/admin.ts',
    backup: 'server/src/cli/backup.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Code reached only through `await import(...)` (nodemailer, the Redis client, the Razorpay SDK,
  // qrcode: decision 060) goes to chunks of its own, read from disk on first use: a module of the
  // one bundle, even one never called, is text V8 keeps in memory. Chunks sit next to the entry
  // points, so that import.meta.url names the same folder (seed-process.ts finds its script by it).
  splitting: true,
  target: 'node20',
  external,
  sourcemap: true,
  legalComments: 'none',
  // Whitespace and comments out, names kept (logs and stack traces stay readable): V8 keeps the
  // whole source text in memory, as two bytes a character once one character needs it (a dash in
  // a comment did), so this is memory saved for as long as the server runs.
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  logLevel: 'warning',
  plugins: [zodEnglishOnly],
  metafile: process.env.SERVER_BUILD_OUTDIR !== undefined,
  // CommonJS dependencies call require(); give the bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
if (result.metafile) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(`${outdir}/meta.json`, JSON.stringify(result.metafile));
}
