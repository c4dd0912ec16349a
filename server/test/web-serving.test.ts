import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, startTestShop, type TestShop } from './helpers/test-app';
import { bumpPublicCacheVersion } from '../src/plugins/public-cache';

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1d4ed8"/></svg>';

/** A stand-in for `vite build` output, so these tests do not depend on building the web app. */
function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    // Over 1 KB, as every real page is: smaller answers are sent uncompressed (decision 079).
    `<!doctype html><html lang="en"><head><title>Robokits</title><meta name="description" content="Shop"><link rel="icon" type="image/svg+xml" href="/favicon.svg" /><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"></div><noscript>${'This shop needs JavaScript to show its kits. '.repeat(30)}</noscript></body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.css'), '.brand{color:#1d4ed8}');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), `${ICON}\n`);
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // As the build's precompress step leaves them beside each asset.
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
  return dir;
}

describe('serving the web app', () => {
  let shop: TestShop;
  let productId: number;
  const web = fakeWebBuild();

  beforeAll(async () => {
    shop = await startTestShop('sqlite', { WEB_DIST_DIR: web, HOME_SITE_URL: 'https://home.example' });
    const f = factories(shop);
    const c = await f.category('Drone Kits');
    productId = (await f.product({ title: 'Mini <Drone> Kit', description: 'Fly "it" indoors & out.', categoryId: c.id, images: 1 })).id;
  });
  afterAll(async () => {
    await shop.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('serves the app for client routes with the public configuration embedded', async () => {
    for (const url of ['/', '/searchquer?q=drone', '/cart', '/soon', '/admin', '/Orders', `/product/${productId}`]) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const home = await shop.app.inject('/');
    const json = /<script type="application\/json" id="shop-config">(.*?)<\/script>/.exec(home.body)?.[1];
    expect(JSON.parse(json!)).toMatchObject({ homeSiteUrl: 'https://home.example', links: { about: 'https://home.example/about-us/' } });
  });

  it('answers unknown pages with the app and status 404 (the app shows "Page not found")', async () => {
    const res = await shop.app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('fills in the title, description and Open Graph tags of product pages, escaped', async () => {
    const res = await shop.app.inject(`/product/${productId}`);
    expect(res.body).toContain('<title>Mini &lt;Drone&gt; Kit | Robokits India</title>');
    expect(res.body).toContain('<meta name="description" content="Fly &quot;it&quot; indoors &amp; out.">');
    expect(res.body).toContain('<meta property="og:title" content="Mini &lt;Drone&gt; Kit">');
    expect(res.body).toMatch(/<meta property="og:image" content="http:\/\/shop\.test\/uploads\/products\/[\w-]+\.png">/);
    expect(res.body).toMatch(/<link rel="preload" as="image" imagesrcset="\/uploads\/products\/[\w-]+\.w160\.webp 160w/);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it('answers missing scripts and stylesheets with 404, not with the page', async () => {
    for (const url of ['/assets/app-old.js', '/assets/old.css', '/favicon-missing.png']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).not.toContain('text/html');
    }
  });

  it("tells the browser to preload the first page's data, exactly as the app requests it", async () => {
    await shop.db.insertInto('advert_images').values({ path: '/uploads/adverts/a.png', position: 0, width: 1600, height: 600 }).execute();
    // Written behind the app's back (not through an admin route): tell the page cache, as such code must.
    await bumpPublicCacheVersion(shop.db);
    const home = await shop.app.inject('/');
    expect(home.body).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/storefront/home">');
    expect(home.body).toContain('imagesrcset="/uploads/adverts/a.w160.webp 160w, /uploads/adverts/a.w320.webp 320w');
    const product = await shop.app.inject(`/product/${productId}`);
    expect(product.body).toContain(`href="/api/product/${productId}"`);
    const search = await shop.app.inject('/searchquer?q=drone%20kit');
    expect(search.body).toContain('href="/api/products/search/drone%20kit"');
    expect((await shop.app.inject('/nope')).body).not.toContain('rel="preload"');
  });

  it('serves hashed assets with long cache lives and the page itself without', async () => {
    const asset = await shop.app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await shop.app.inject('/')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli or gzip file the build made, as it is, with immutable caching', async () => {
    const br = await shop.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload).toEqual(fs.readFileSync(path.join(web, 'assets', 'app-abc123.js.br')));
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toContain('javascript');
    const gz = await shop.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload).toEqual(fs.readFileSync(path.join(web, 'assets', 'app-abc123.js.gz')));
    const plain = await shop.app.inject('/assets/app-abc123.js');
    expect(plain.body).toBe('console.log(1)');
    // The page itself comes pre-compressed from the page cache.
    const page = await shop.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });

  it('keeps the brotli and gzip copies out of the route table: one GET and one HEAD route per asset (decision 094)', async () => {
    expect(shop.app.hasRoute({ method: 'GET', url: '/assets/app-abc123.js' })).toBe(true);
    expect(shop.app.hasRoute({ method: 'HEAD', url: '/assets/app-abc123.js' })).toBe(true);
    for (const copy of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz']) {
      expect(shop.app.hasRoute({ method: 'GET', url: copy }), copy).toBe(false);
      expect(shop.app.hasRoute({ method: 'HEAD', url: copy }), copy).toBe(false);
      // asked for by name, a copy is a missing file (the browser asks for the asset and gets the copy)
      expect((await shop.app.inject(copy)).statusCode, copy).toBe(404);
    }
  });

  it('puts the stylesheet in the page, so the first paint waits for no other request', async () => {
    const page = await shop.app.inject('/product/1');
    expect(page.body).toContain('<style>.brand{color:#1d4ed8}</style>');
    expect(page.body).not.toContain('rel="stylesheet"');
  });

  it('puts the icon in the page, so the browser asks for nothing beside the main picture before its paint (decision 091)', async () => {
    const page = await shop.app.inject('/');
    const href = /<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,([^"]*)" \/>/.exec(page.body)?.[1];
    expect(href).toBeDefined();
    expect(decodeURIComponent(href!)).toBe(ICON);
    expect(page.body).not.toContain('href="/favicon.svg"');
    // The file is still served, for whatever links it.
    expect((await shop.app.inject('/favicon.svg')).body).toBe(`${ICON}\n`);
  });

  it('sends security headers', async () => {
    const res = await shop.app.inject('/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('maintenance mode', () => {
  let shop: TestShop;
  const web = fakeWebBuild();

  beforeAll(async () => {
    shop = await startTestShop('sqlite', { WEB_DIST_DIR: web, MAINTENANCE_MODE: '1' });
    const f = factories(shop);
    await f.category('Drone Kits');
  });
  afterAll(async () => {
    await shop.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('shows shoppers the maintenance page with 503 and Retry-After', async () => {
    for (const url of ['/', '/product/1', '/searchquer?q=x']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('600');
      expect(res.body).toContain('Developer needed!');
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('keeps the API read endpoints and the admin dashboard answering', async () => {
    expect((await shop.app.inject('/api/categories')).json()).toEqual([{ Id: expect.any(Number), type: 'Drone Kits' }]);
    expect((await shop.app.inject('/api/health')).statusCode).toBe(200);
    expect((await shop.app.inject('/admin')).statusCode).toBe(200);
  });
});

describe('configuration', () => {
  it('refuses bad values at start with a message naming the variable', async () => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ HOME_SITE_URL: 'not a url' })).toThrow(/HOME_SITE_URL/);
    expect(loadConfig({}).database).toMatchObject({ kind: 'sqlite' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toMatchObject({ kind: 'postgres' });
  });
});
