import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { ADMIN_PASSWORD, adminToken, asAdmin } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

/**
 * A web build whose server entry draws a page as a stand-in for React would: the URL, the shop's
 * name and the answer it was given, so the tests can see exactly what reached it. It fails for
 * the product page of a product titled "Broken …".
 */
function webBuildWithDrawing(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.ssr'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Robokits India</title><meta name="description" content="Shop">' +
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-abc123.js"></head>' +
      '<body><div id="root"><header><div>shell</div></header></div><noscript>This shop needs JavaScript to run.</noscript></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(dir, '.ssr', 'entry-server.js'),
    `let shop = '';
export function configure(config) { shop = config.shopName; }
export async function renderPage(url, data) {
  if (url.startsWith('/product/') && JSON.stringify(data).includes('Broken')) throw new Error('cannot draw');
  return '<link rel="preload" as="image" href="/favicon.svg"/><main data-url="' + url + '" data-shop="' + shop + '"><img fetchpriority="high" src="/x.png">' + JSON.stringify(data).replace(/</g, '&lt;') + '</main>';
}
`,
  );
  return dir;
}

/** The answer the page was drawn with, as the app reads it. */
function pageData(html: string): unknown {
  const json = /<script type="application\/json" id="first-page-data">(.*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe.each(DB_KINDS)('pages drawn on the server, on %s', (kind) => {
  let shop: TestShop;
  let other: App;
  let token: string;
  let productId: number;
  const web = webBuildWithDrawing();

  beforeAll(async () => {
    shop = await startTestShop(kind, { WEB_DIST_DIR: web, ADMIN_PASSWORD, SHOP_NAME: 'Maker Shop' });
    other = await shop.secondApp();
    token = await adminToken(shop);
    const f = factories(shop);
    const c = await f.category('Drone Kits');
    productId = (await f.product({ title: 'Mini <Drone> Kit', categoryId: c.id, pricePaise: 149_900, images: 1 })).id;
    await f.product({ title: 'Broken Drone Kit', categoryId: c.id });
  });
  afterAll(async () => {
    await shop.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('draws the home page, a product page and a search page with exactly the answer of the API the app would ask', async () => {
    const cases = [
      ['/', '/api/storefront/home'],
      [`/product/${productId}`, `/api/product/${productId}`],
      ['/searchquer?q=mini%20drone', `/api/products/search/${encodeURIComponent('mini drone')}`],
    ] as const;
    for (const [page, api] of cases) {
      const res = await shop.app.inject(page);
      expect(res.statusCode, page).toBe(200);
      expect(pageData(res.body), page).toEqual((await shop.app.inject(api)).json());
      // The drawing stands in the app's root, in a disabled fieldset; React's own preload hints are dropped.
      expect(res.body).toContain(
        `<div id="root"><fieldset data-drawing disabled role="none" style="display:contents"><main data-url="${page}" data-shop="Maker Shop">`,
      );
      expect(res.body).not.toContain('shell');
      expect(res.body).not.toContain('href="/favicon.svg"/>');
      // The drawing's text cannot end the data's script element early.
      expect(res.body).toContain('Mini \\u003cDrone> Kit');
    }
  });

  it('starts the app, once the largest image is painted, with the one inline script the Content-Security-Policy allows by its hash', async () => {
    const res = await shop.app.inject(`/product/${productId}`);
    // The app's modules are fetched by that script, not beside the image.
    expect(res.body).not.toContain('<script type="module" crossorigin src=');
    expect(res.body).not.toContain('<link rel="modulepreload"');
    expect(res.body).toContain('<script type="application/json" id="app-modules">["/assets/index-abc123.js","/assets/react-abc123.js"]</script>');
    const inline = [...res.body.matchAll(/<script type="module">(.*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(res.headers['content-security-policy']).not.toContain("unsafe-inline'; script");
  });

  it('sends other pages, pages with nothing to show and pages it cannot draw undrawn, with the app started as usual', async () => {
    const broken = (await shop.db.selectFrom('products').select('id').where('title', '=', 'Broken Drone Kit').executeTakeFirstOrThrow()).id;
    for (const page of ['/cart', '/soon', '/admin', '/product/999999', '/searchquer?q=zqxjvw', '/searchquer', `/product/${broken}`, '/no/such/page']) {
      const res = await shop.app.inject(page);
      expect(res.body, page).toContain('<div id="root"><header><div>shell</div></header></div>');
      expect(res.body, page).toContain(
        '<script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/react-abc123.js">',
      );
      expect(pageData(res.body), page).toBeUndefined();
    }
  });

  it('never serves the server entry itself', async () => {
    for (const url of ['/.ssr/entry-server.js', '/.ssr/', '/%2essr/entry-server.js']) {
      const res = await shop.app.inject(url);
      expect(res.body, url).not.toContain('renderPage');
    }
  });

  it('draws the same page for every visitor: a signed-in shopper gets the page a stranger gets', async () => {
    const { cookie } = await verifiedShopper(shop);
    const stranger = await shop.app.inject(`/product/${productId}`);
    const shopper = await shop.app.inject({ url: `/product/${productId}`, headers: { cookie } });
    expect(shopper.body).toBe(stranger.body);
    expect(shopper.body).not.toContain(cookie.split('=')[1]!.slice(0, 12));
  });

  it('draws an admin change on the next request, on every node', async () => {
    const seen = async (app: App) => pageData((await app.inject(`/product/${productId}`)).body) as { price: number; title: string };
    for (const app of [shop.app, other]) expect((await seen(app)).price).toBe(1499);
    const admin = asAdmin(shop, token);
    expect((await admin.form('PATCH', `/api/products/${productId}`, [{ name: 'price', value: '1234.50' }])).statusCode).toBe(200);
    for (const app of [shop.app, other]) {
      expect((await seen(app)).price).toBe(1234.5);
      const home = pageData((await app.inject('/')).body) as { sections: { products: { id: number; price: number }[] }[] };
      expect(home.sections.flatMap((s) => s.products).find((p) => p.id === productId)?.price).toBe(1234.5);
    }
  });
});
