/**
 * Storefront bundle size: the JavaScript and CSS a shopper's browser fetches
 * for the home route before anything is lazily loaded, gzip-compressed, against
 * the budget (150 KB gzip JS), and a check that no admin dashboard code is among
 * those files.
 *
 *   npm run bench:bundle          # runs `vite build` first
 *
 * The initial files are the entry script of dist/web/index.html with its
 * static imports (followed recursively through the built files, or through the
 * Vite manifest when build.manifest is on), the modulepreload links and the
 * stylesheets. Dynamic import() targets are lazy and not counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { kb, machineLine, table, verdict } from '../lib/stats';
import http from 'node:http';
import { repoRoot, runBench, startShop } from '../lib/server-process';

const DIST = path.join(repoRoot, 'dist', 'web');
const BUDGET_JS_GZIP = 150 * 1024;
/** Issue 12: what the server really sends a browser for the home page's initial JavaScript. */
const BUDGET_JS_SENT = 100 * 1024;
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';

/** Body bytes and Content-Encoding the running shop sends a browser for url (node:http does not decode). */
function sent(base: string, url: string): Promise<{ bytes: number; encoding: string; cacheControl: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers: { 'accept-encoding': BROWSER_ENCODING } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () =>
          resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity'), cacheControl: String(res.headers['cache-control'] ?? '') }),
        );
      })
      .on('error', reject);
  });
}
const ADMIN_SOURCE_DIRS = [path.join(repoRoot, 'web/src/features/admin')];
const ADMIN_FILE = /admin/i;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const read = (rel: string) => fs.readFileSync(path.join(DIST, rel));
const gzip = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;
const brotli = (buf: Buffer) => zlib.brotliCompressSync(buf).length;
const rel = (href: string) => href.replace(/^\//, '');

/** Static imports of a built ES module (import … from "./x.js", import "./x.js", export … from "./x.js"); never import(). */
function staticImports(file: string): string[] {
  const code = read(file).toString('utf8');
  const out: string[] = [];
  const re = /\b(?:import|export)\s*(?:[^"'`()]*?\bfrom\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
  for (const m of code.matchAll(re)) out.push(path.posix.join(path.posix.dirname(file), m[1]!));
  return out;
}

/** Initial files for the home route, from the manifest when there is one, else from index.html. */
function initialFiles(): { js: string[]; css: string[]; via: string; adminChunks: string[] } {
  const manifestFile = path.join(DIST, '.vite', 'manifest.json');
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const entry = Object.entries(manifest).find(([key, c]) => c.isEntry && key.endsWith('index.html'));
    if (!entry) throw new Error('The Vite manifest has no index.html entry.');
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || js.has(chunk.file)) return;
      js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) visit(i);
    };
    visit(entry[0]);
    const adminChunks = Object.values(manifest)
      .filter((c) => /features\/admin|routes\/admin/.test(c.src ?? '') || ADMIN_FILE.test(c.file))
      .map((c) => c.file);
    return { js: [...js], css: [...css], via: 'Vite manifest', adminChunks };
  }

  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}=["']([^"']+)["']`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (file: string) => {
    if (js.has(file) || !fs.existsSync(path.join(DIST, file))) return;
    js.add(file);
    for (const dep of staticImports(file)) visit(dep);
  };
  for (const tag of tags) {
    if (tag.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src')) visit(rel(attr(tag, 'src')!));
    if (tag.startsWith('<link') && attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) visit(rel(attr(tag, 'href')!));
    if (tag.startsWith('<link') && attr(tag, 'rel') === 'stylesheet' && attr(tag, 'href')) css.add(rel(attr(tag, 'href')!));
  }
  const assets = fs.existsSync(path.join(DIST, 'assets')) ? fs.readdirSync(path.join(DIST, 'assets')) : [];
  const adminChunks = assets.filter((f) => ADMIN_FILE.test(f)).map((f) => `assets/${f}`);
  return { js: [...js], css: [...css], via: 'index.html + static imports', adminChunks };
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(tsx?|jsx?)$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
}

/**
 * Texts that only the admin dashboard's source holds (string literals and JSX
 * text of at least 12 characters that no other web source file contains): if
 * one of them shows up in an initial file, admin code was bundled into it.
 */
function adminMarkers(): string[] {
  const literals = (code: string) => [
    ...[...code.matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.){12,200})\1/g)].map((m) => m[2]!),
    ...[...code.matchAll(/>\s*([^<>{}\n]{12,200}?)\s*</g)].map((m) => m[1]!.trim()),
  ];
  const adminFiles = ADMIN_SOURCE_DIRS.flatMap(sourceFiles);
  const others = sourceFiles(path.join(repoRoot, 'web/src'))
    .filter((f) => !adminFiles.includes(f))
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
  const markers = new Set<string>();
  for (const f of adminFiles) {
    for (const text of literals(fs.readFileSync(f, 'utf8'))) {
      if (/^[./@\w-]+$/.test(text) && !text.includes(' ')) continue; // import paths and identifiers
      if (/^[\w:/[\]#.%-]+( [\w:/[\]#.%-]+)*$/.test(text) && /\b(text|bg|px|py|mt|mb|flex|grid|font)-/.test(text)) continue; // CSS classes
      if (!others.includes(text)) markers.add(text);
    }
  }
  return [...markers];
}

async function main() {
  console.log(`Bundle benchmark: ${machineLine()}`);
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    console.log('dist/web/index.html is missing: run `npm run build` (npm run bench:bundle does).');
    process.exit(1);
  }
  const { js, css, via, adminChunks } = initialFiles();
  const rows = [...js, ...css].map((f) => {
    const buf = read(f);
    return { file: f, kind: f.endsWith('.css') ? 'css' : 'js', raw: buf.length, gzip: gzip(buf), brotli: brotli(buf) };
  });
  const sum = (kind: string, k: 'raw' | 'gzip' | 'brotli') => rows.filter((r) => r.kind === kind).reduce((a, r) => a + r[k], 0);

  console.log(`\nInitial files of the home route (found via ${via})`);
  console.log(
    table(
      ['file', 'raw', 'gzip', 'brotli'],
      [
        ...rows.map((r) => [r.file, kb(r.raw), kb(r.gzip), kb(r.brotli)]),
        ['total JavaScript', kb(sum('js', 'raw')), kb(sum('js', 'gzip')), kb(sum('js', 'brotli'))],
        ['total CSS', kb(sum('css', 'raw')), kb(sum('css', 'gzip')), kb(sum('css', 'brotli'))],
      ],
    ),
  );

  const lazy = fs
    .readdirSync(path.join(DIST, 'assets'))
    .map((f) => `assets/${f}`)
    .filter((f) => /\.(js|css)$/.test(f) && !js.includes(f) && !css.includes(f));
  console.log(`\nLazily loaded files (not counted): ${lazy.map((f) => `${f} ${kb(gzip(read(f)))}`).join(', ') || 'none'}`);

  // What the shop really sends: the compiled server, asked as a browser asks.
  const shop = await startShop();
  try {
    const wire = await Promise.all([...js, ...css].map(async (f) => ({ file: f, ...(await sent(shop.url, `/${f}`)) })));
    const page = await sent(shop.url, '/');
    console.log(`\nBytes the shop sends a browser (Accept-Encoding: ${BROWSER_ENCODING})`);
    console.log(
      table(
        ['file', 'bytes sent', 'encoding', 'cache-control'],
        [['/ (the page)', kb(page.bytes), page.encoding, page.cacheControl], ...wire.map((w) => [w.file, kb(w.bytes), w.encoding, w.cacheControl])],
      ),
    );
    const jsSent = wire.filter((w) => w.file.endsWith('.js')).reduce((a, w) => a + w.bytes, 0);
    const cssSent = wire.filter((w) => w.file.endsWith('.css')).reduce((a, w) => a + w.bytes, 0);
    console.log(`JavaScript sent ${kb(jsSent)}, CSS sent ${kb(cssSent)}, page ${kb(page.bytes)}`);
    console.log(`Budget initial JS <= ${kb(BUDGET_JS_SENT)} as sent: ${kb(jsSent)}: ${verdict(jsSent <= BUDGET_JS_SENT)}`);
  } finally {
    await shop.stop();
  }
  const initialCode = js.map((f) => read(f).toString('utf8')).join('\n');
  const zodMarkers = ['ZodError', '_zod', 'invalid_type'].filter((m) => initialCode.includes(m));
  console.log(`Budget no zod in the initial files: ${verdict(zodMarkers.length === 0)}${zodMarkers.length ? ` (found ${zodMarkers.join(', ')})` : ''}`);

  const jsGzip = sum('js', 'gzip');
  console.log(`\nBudget initial JS <= ${kb(BUDGET_JS_GZIP)} gzip: ${kb(jsGzip)}: ${verdict(jsGzip <= BUDGET_JS_GZIP)}`);

  const initialAdmin = [...js, ...css].filter((f) => adminChunks.includes(f) || ADMIN_FILE.test(path.basename(f)));
  const markers = adminMarkers();
  const initialText = [...js, ...css].map((f) => read(f).toString('utf8'));
  const leaked = markers.filter((m) => initialText.some((t) => t.includes(m)));
  console.log(`Admin chunks in the build: ${adminChunks.join(', ') || 'none found'}`);
  console.log(`Admin chunks among the initial files: ${initialAdmin.join(', ') || 'none'}`);
  console.log(`Admin-only texts checked (${markers.length}): ${markers.map((m) => JSON.stringify(m)).join(', ') || 'none found in web/src/features/admin'}`);
  console.log(`Admin-only texts found in the initial files: ${leaked.map((m) => JSON.stringify(m)).join(', ') || 'none'}`);
  const clean = initialAdmin.length === 0 && leaked.length === 0;
  console.log(
    `Budget no admin code in the initial files: ${verdict(clean)}${adminChunks.length === 0 && markers.length === 0 ? ' (nothing admin to look for yet)' : ''}`,
  );
}

runBench(main);
