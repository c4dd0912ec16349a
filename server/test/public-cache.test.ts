import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { sql } from 'kysely';
import { bumpPublicCacheVersion, FirstAsks, pickEncoding, publicCacheVersion } from '../src/plugins/public-cache';
import { ADMIN_PASSWORD, adminToken, asAdmin, png } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

type Product = { id: number; title: string; price: number; images: string[]; category: string };

describe('Accept-Encoding negotiation', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=0,gzip;q=0')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});

describe('FirstAsks (which keys were asked for before)', () => {
  const keys = (prefix: string) => Array.from({ length: 1000 }, (_, i) => `GET ${prefix}${i}`);

  it('says no the first time and yes after, with few false yeses', () => {
    const asks = new FirstAsks(2000);
    const searches = keys('/api/products/search/kit?u=');
    expect(searches.filter((k) => asks.seenBefore(k)).length).toBeLessThan(10);
    expect(searches.every((k) => asks.seenBefore(k))).toBe(true);
    expect(keys('/api/product/').filter((k) => asks.seenBefore(k)).length).toBeLessThan(20);
  });

  it('forgets every key once it has taken in its capacity of new keys', () => {
    const asks = new FirstAsks(1000);
    const searches = keys('/api/products/search/kit?u=');
    for (const k of searches) asks.seenBefore(k);
    expect(searches.every((k) => asks.seenBefore(k))).toBe(true);
    // A thousand other new keys: past the capacity, a fresh start.
    for (const k of keys('/api/product/')) asks.seenBefore(k);
    expect(searches.filter((k) => asks.seenBefore(k)).length).toBeLessThan(20);
  });
});

describe('public cache and the rate limit', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop('sqlite', { RATE_LIMIT_PER_MINUTE: '5' });
    await factories(shop).category('Drone Kits');
  });
  afterAll(async () => {
    await shop.close();
  });

  it('counts only the requests that make an answer: a cached answer is sent before the limiter', async () => {
    const cached = [];
    for (let i = 0; i < 12; i++) cached.push((await shop.app.inject('/api/categories')).statusCode);
    expect(cached).toEqual(Array(12).fill(200));
    // The answer is made twice (it is stored at its second request), then sent from the cache ten
    // times without counting. Searches never asked before each make an answer: of the limit of 5,
    // 3 are left, and the fourth search within the minute is refused.
    const made = [];
    for (const q of ['drone', 'robot', 'kit', 'sensor', 'motor']) made.push((await shop.app.inject(`/api/products/search/${q}`)).statusCode);
    expect(made.slice(0, 3)).not.toContain(429); // found or not found (404), answered
    expect(made.slice(3)).toEqual([429, 429]);
  });
});

describe.each(DB_KINDS)('public cache on %s', (kind) => {
  let shop: TestShop;
  let other: App;
  let token: string;
  let productId: number;
  let categoryId: number;

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD });
    other = await shop.secondApp();
    token = await adminToken(shop);
    const f = factories(shop);
    const category = await f.category('Drone Kits');
    categoryId = category.id;
    // Long enough for the answers to be compressed (1 KB and more).
    const description = 'A quadcopter kit with a flight controller, four brushless motors and a camera mount. '.repeat(12);
    productId = (await f.product({ title: 'Quadcopter Kit', categoryId, pricePaise: 499_900, description, images: 1 })).id;
    await f.product({ title: 'Quadcopter Frame', categoryId, pricePaise: 99_900 });
  });
  afterAll(() => shop.close());

  const nodes = () => [shop.app, other];
  const product = async (app: App) => (await app.inject(`/api/product/${productId}`)).json() as Product;
  /** Every public read a change to a product can show up in, on one node. */
  async function everywhere(app: App) {
    const search = (await app.inject('/api/products/search/quadcopter')).json() as Product[];
    const list = (await app.inject(`/api/products?category=${categoryId}`)).json() as Product[];
    const home = (await app.inject('/api/storefront/home')).json() as { sections: { products: Product[] }[] };
    const page = (await app.inject(`/product/${productId}`)).body;
    return {
      product: await product(app),
      search: search.find((p) => p.id === productId),
      list: list.find((p) => p.id === productId),
      home: home.sections.flatMap((s) => s.products).find((p) => p.id === productId),
      page,
    };
  }

  it('answers public reads with stored, compressed bytes and a strong ETag; 304 on revalidation', async () => {
    const url = `/api/product/${productId}`;
    const plain = await shop.app.inject(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await shop.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const gz = await shop.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    // Under 1 KB an answer is sent as it is, whatever the request accepts (decision 079).
    const small = await shop.app.inject({ url: '/api/categories', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect([small.headers['content-encoding'], small.headers.vary]).toEqual([undefined, 'Accept-Encoding']);
    expect(small.headers.etag).toBe((await shop.app.inject('/api/categories')).headers.etag);

    const again = await shop.app.inject({ url, headers: { 'accept-encoding': 'gzip, br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(br.headers.etag);
    // The same bytes on another node give the same ETag: a revalidation behind a load balancer still gets 304.
    const elsewhere = await other.inject({ url, headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(elsewhere.statusCode).toBe(304);
    // A stale ETag gets the full answer.
    expect((await shop.app.inject({ url, headers: { 'if-none-match': '"old"' } })).statusCode).toBe(200);

    for (const path of ['/api/categories', '/api/advertimages', '/api/storefront/home', '/api/products', '/api/products/search/quadcopter', '/']) {
      const first = await shop.app.inject(path);
      expect(first.statusCode, path).toBe(200);
      const second = await shop.app.inject({ url: path, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(second.statusCode, path).toBe(304);
    }
    // Paging headers are part of the cached answer (stored at the second request, sent from the cache at the third).
    const listed = await shop.app.inject('/api/products?limit=1');
    await shop.app.inject('/api/products?limit=1');
    expect((await shop.app.inject('/api/products?limit=1')).headers['x-total-count']).toBe(listed.headers['x-total-count']);
    expect(listed.headers['x-total-count']).toBe('2');
  });

  it('stores an answer only when it is asked for a second time', async () => {
    const url = '/api/categories?asked=twice'; // a URL no other test asks for
    const names = async () => ((await shop.app.inject(url)).json() as { type: string }[]).map((c) => c.type);
    // Changes behind the app's back (no version bump) show which request was answered from the cache.
    const rename = (to: string) => shop.db.updateTable('categories').set({ type: to }).where('id', '=', categoryId).execute();
    try {
      expect(await names()).toContain('Drone Kits'); // first request: made, not stored
      await rename('Rotor Kits');
      expect(await names()).toContain('Rotor Kits'); // second request: made afresh, stored
      await rename('Wing Kits');
      expect(await names()).toContain('Rotor Kits'); // third request: from the cache
      await bumpPublicCacheVersion(shop.db);
      expect(await names()).toContain('Wing Kits'); // after a change: made afresh, and stored at once (asked before)
      await rename('Drone Kits');
      expect(await names()).toContain('Wing Kits');
    } finally {
      await rename('Drone Kits');
      await bumpPublicCacheVersion(shop.db);
    }
  });

  it('compresses a new answer fast, and an answer asked for again as densely as it can, under the same ETag', async () => {
    const url = `/api/products/search/${encodeURIComponent('quadcopter kit flight')}`;
    const ask = () => shop.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const first = await ask();
    expect(first.headers['content-encoding']).toBe('br');
    await ask();
    await ask(); // the second hit: the densest compression is made in the background
    await expect.poll(async () => (await ask()).rawPayload.length, { timeout: 15_000 }).toBeLessThan(first.rawPayload.length);
    const later = await ask();
    expect(later.headers.etag).toBe(first.headers.etag);
    expect(zlib.brotliDecompressSync(later.rawPayload).toString()).toBe(zlib.brotliDecompressSync(first.rawPayload).toString());
    expect(later.rawPayload.length).toBeLessThan(first.rawPayload.length);
  });

  it('compresses densely an answer whose first requests accepted no compression (a monitor, curl) once a browser asks for it', async () => {
    const url = `/api/products/search/${encodeURIComponent('drone flight kit')}`;
    // Made, stored, then a hit: all with no Accept-Encoding, so no compression exists at the first hit.
    for (let i = 0; i < 3; i++) expect((await shop.app.inject({ url })).headers['content-encoding']).toBeUndefined();
    const ask = () => shop.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const first = await ask();
    expect(first.headers['content-encoding']).toBe('br');
    await expect.poll(async () => (await ask()).rawPayload.length, { timeout: 15_000 }).toBeLessThan(first.rawPayload.length);
    const later = await ask();
    expect(later.headers.etag).toBe(first.headers.etag);
    expect(zlib.brotliDecompressSync(later.rawPayload).toString()).toBe(zlib.brotliDecompressSync(first.rawPayload).toString());
  });

  it('shows an admin change of price, title, description or image on the next request, on every node', async () => {
    // Asked twice: both nodes have cached the product everywhere (an answer is stored at its second request).
    for (const app of nodes()) for (let i = 0; i < 2; i++) await everywhere(app);
    const admin = asAdmin(shop, token);

    const priced = await admin.form('PATCH', `/api/products/${productId}`, [{ name: 'price', value: '4321.50' }]);
    expect(priced.statusCode).toBe(200);
    for (const app of nodes()) {
      const seen = await everywhere(app);
      expect([seen.product.price, seen.search?.price, seen.list?.price, seen.home?.price]).toEqual([4321.5, 4321.5, 4321.5, 4321.5]);
      expect(seen.page).toContain('content="4321.50"');
    }

    expect((await admin.form('PATCH', `/api/products/${productId}`, [{ name: 'title', value: 'Hexacopter Kit' }])).statusCode).toBe(200);
    for (const app of nodes()) {
      const seen = await everywhere(app);
      expect(seen.product.title).toBe('Hexacopter Kit');
      expect(seen.list?.title).toBe('Hexacopter Kit');
      expect(seen.home?.title).toBe('Hexacopter Kit');
      expect(seen.page).toContain('<title>Hexacopter Kit | Robokits India</title>');
      expect(((await app.inject('/api/products/search/hexacopter')).json() as Product[]).map((p) => p.id)).toEqual([productId]);
    }

    const before = (await product(shop.app)).images;
    const imaged = await admin.form('PATCH', `/api/products/${productId}`, [
      { name: 'images', value: await png('#00aa00'), filename: 'green.png', type: 'image/png' },
    ]);
    expect(imaged.statusCode).toBe(200);
    for (const app of nodes()) {
      const seen = await everywhere(app);
      expect(seen.product.images).toHaveLength(1);
      expect(seen.product.images[0]).not.toBe(before[0]);
      expect(seen.home?.images).toEqual(seen.product.images);
      expect(seen.page).toContain(seen.product.images[0]);
    }
  });

  it('shows a new, renamed or deleted category and a new product on the next request, on every node', async () => {
    for (const app of nodes()) for (let i = 0; i < 2; i++) await app.inject('/api/categories');
    const admin = asAdmin(shop, token);
    const created = await admin.post('/api/categories', { name: 'Rover Kits' });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { Id: number }).Id;
    for (const app of nodes()) {
      expect(((await app.inject('/api/categories')).json() as { type: string }[]).map((c) => c.type)).toContain('Rover Kits');
    }
    expect((await admin.patch(`/api/categories/${categoryId}`, { name: 'Flying Kits' })).statusCode).toBe(200);
    for (const app of nodes()) {
      expect(((await app.inject('/api/categories')).json() as { type: string }[]).map((c) => c.type)).toContain('Flying Kits');
      expect((await product(app)).category).toBe('Flying Kits');
    }
    expect((await admin.delete(`/api/categories/${id}`)).statusCode).toBe(200);
    for (const app of nodes()) {
      expect(((await app.inject('/api/categories')).json() as { type: string }[]).map((c) => c.type)).not.toContain('Rover Kits');
      expect((await app.inject('/api/products?limit=100')).headers['x-total-count']).toBe('2');
    }
    const added = await admin.form('POST', '/api/products', [
      { name: 'title', value: 'Quadcopter Propellers' },
      { name: 'price', value: '199' },
      { name: 'category', value: 'Flying Kits' },
    ]);
    expect(added.statusCode).toBe(201);
    for (const app of nodes()) {
      expect((await app.inject('/api/products?limit=100')).headers['x-total-count']).toBe('3');
      expect(((await app.inject('/api/products/search/quadcopter')).json() as Product[]).map((p) => p.title)).toContain('Quadcopter Propellers');
    }
    const addedId = (added.json() as Product).id;
    expect((await admin.delete(`/api/products/${addedId}`)).statusCode).toBe(200);
    for (const app of nodes()) {
      expect((await app.inject(`/api/product/${addedId}`)).statusCode).toBe(404);
      expect(((await app.inject('/api/products/search/quadcopter')).json() as Product[]).map((p) => p.title)).not.toContain('Quadcopter Propellers');
    }
  });

  it('caches a no-match search like a match, and finds a product added since on the next request, on every node', async () => {
    const url = '/api/products/search/zorblax%20wibbletn';
    for (const app of nodes()) {
      // Asked twice: stored at the second request; the third is answered from the cache.
      for (let i = 0; i < 2; i++) expect((await app.inject(url)).statusCode).toBe(404);
      const hits = app.publicCache.hits;
      const cached = await app.inject(url);
      expect(cached.statusCode).toBe(404);
      expect(cached.json()).toEqual({ message: expect.any(String), code: 'no_match' });
      expect(app.publicCache.hits).toBe(hits + 1);
    }
    const added = await asAdmin(shop, token).form('POST', '/api/products', [
      { name: 'title', value: 'Zorblax Wibbleton' },
      { name: 'price', value: '2499' },
      { name: 'category', value: (await product(shop.app)).category },
    ]);
    expect(added.statusCode).toBe(201);
    for (const app of nodes()) {
      const found = await app.inject(url);
      expect(found.statusCode).toBe(200);
      expect((found.json() as Product[]).map((p) => p.title)).toContain('Zorblax Wibbleton');
    }
    // Deleted: the search matches nothing again, on every node.
    expect((await asAdmin(shop, token).delete(`/api/products/${(added.json() as Product).id}`)).statusCode).toBe(200);
    for (const app of nodes()) for (let i = 0; i < 3; i++) expect((await app.inject(url)).statusCode).toBe(404);
  });

  it('shows an advert upload and removal on the next request, on every node, home page included', async () => {
    for (const app of nodes()) {
      for (let i = 0; i < 2; i++) await Promise.all([app.inject('/api/advertimages'), app.inject('/api/storefront/home'), app.inject('/')]);
    }
    const admin = asAdmin(shop, token);
    const up = await admin.form('POST', '/api/advertimages', [{ name: 'images', value: await png('#123456', 80), filename: 'ad.png', type: 'image/png' }]);
    expect(up.statusCode).toBe(200);
    const advert = (up.json() as { id: number; url: string }[]).at(-1)!;
    for (const app of nodes()) {
      expect(((await app.inject('/api/advertimages')).json() as { id: number }[]).map((a) => a.id)).toContain(advert.id);
      expect(((await app.inject('/api/storefront/home')).json() as { adverts: { id: number }[] }).adverts.map((a) => a.id)).toContain(advert.id);
    }
    expect((await admin.delete(`/api/advertimages/${advert.id}`)).statusCode).toBe(200);
    for (const app of nodes()) {
      expect(((await app.inject('/api/advertimages')).json() as { id: number }[]).map((a) => a.id)).not.toContain(advert.id);
      expect(((await app.inject('/api/storefront/home')).json() as { adverts: { id: number }[] }).adverts.map((a) => a.id)).not.toContain(advert.id);
    }
  });

  it('shares a version read only within one turn of the event loop, and never past a change made by this process', async () => {
    const first = await publicCacheVersion(shop.db);
    expect(await publicCacheVersion(shop.db)).toBe(first);
    // A change made through any handle of this process is seen at once, in the same turn.
    await bumpPublicCacheVersion(other.db);
    expect(await publicCacheVersion(shop.db)).toBe(first + 1);
    // A change made elsewhere (another process; here a bare UPDATE) is seen from the next turn on.
    await sql`UPDATE public_cache_version SET version = version + 1 WHERE id = 1`.execute(shop.db);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await publicCacheVersion(shop.db)).toBe(first + 2);
    expect(await publicCacheVersion(other.db)).toBe(first + 2);
  });

  it('does not let a failed admin attempt or a non-admin throw the caches away', async () => {
    const version = async () => (await shop.db.selectFrom('public_cache_version').select('version').executeTakeFirstOrThrow()).version;
    const start = Number(await version());
    const form = { name: 'price', value: '1' };
    const { multipart } = await import('./helpers/admin');
    const body = multipart([form]);
    const anonymous = await shop.app.inject({ method: 'PATCH', url: `/api/products/${productId}`, ...body });
    expect(anonymous.statusCode).toBe(401);
    expect(Number(await version())).toBe(start);
    expect((await product(shop.app)).price).toBe(4321.5);
  });

  it("never gives a shopper another shopper's or an admin's answer", async () => {
    const alice = await verifiedShopper(shop, { email: 'alice@example.com', name: 'Alice' });
    const bob = await verifiedShopper(shop, { email: 'bob@example.com', name: 'Bob' });
    for (const round of [1, 2]) {
      for (const app of nodes()) {
        const a = await app.inject({ url: '/api/me', headers: { cookie: alice.cookie } });
        const b = await app.inject({ url: '/api/me', headers: { cookie: bob.cookie } });
        expect(a.json(), `round ${round}`).toMatchObject({ email: 'alice@example.com' });
        expect(b.json(), `round ${round}`).toMatchObject({ email: 'bob@example.com' });
        expect((await app.inject('/api/me')).json()).toBeNull();
      }
    }
    // Alice's cart is hers alone, on every node.
    const put = await shop.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: alice.cookie, 'content-type': 'application/json', origin: 'http://shop.test' },
      payload: JSON.stringify({ productId, quantity: 2 }),
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    for (const app of nodes()) {
      const mine = await app.inject({ url: '/api/cart', headers: { cookie: alice.cookie } });
      const theirs = await app.inject({ url: '/api/cart', headers: { cookie: bob.cookie } });
      expect(mine.body).toContain(String(productId));
      expect(theirs.body).not.toContain(`"productId":${productId}`);
      expect(theirs.body).not.toBe(mine.body);
      expect(mine.headers.etag).toBeUndefined();
    }
    // An admin's reads (with the token) are never stored for others, and admin-only lists stay closed.
    for (const app of nodes()) {
      const adminRead = await app.inject({ url: '/api/ordersAdmin', headers: { authorization: `Bearer ${token}` } });
      expect(adminRead.statusCode).toBe(200);
      expect((await app.inject('/api/ordersAdmin')).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/ordersAdmin', headers: { cookie: alice.cookie } })).statusCode).toBe(401);
      const tokenRead = await app.inject({ url: '/api/product/999999', headers: { authorization: `Bearer ${token}` } });
      expect(tokenRead.statusCode).toBe(404);
    }
    // Shoppers with a session get exactly the public answer, and a public answer never sets a cookie.
    for (const path of ['/api/categories', `/api/product/${productId}`, '/api/products/search/quadcopter', '/']) {
      const anonymous = await shop.app.inject(path);
      const signedIn = await other.inject({ url: path, headers: { cookie: alice.cookie } });
      expect(signedIn.body, path).toBe(anonymous.body);
      expect(signedIn.headers['set-cookie'], path).toBeUndefined();
      expect(anonymous.headers['set-cookie'], path).toBeUndefined();
    }
  });

  it('only caches routes that answer every visitor alike', () => {
    expect([...shop.app.publicCache.routes].sort()).toEqual(
      [
        'GET /api/advertimages',
        'GET /api/categories',
        'GET /api/config',
        'GET /api/product/:id',
        'GET /api/product/:id/related',
        'GET /api/products',
        'GET /api/search/facets',
        'GET /api/products/search/:query',
        'GET /api/products/:category',
        'GET /api/storefront/home',
        'GET /api/studofmonth',
        'GET /api/shipping/check',
        'GET /api/policies/:slug',
      ].sort(),
    );
  });
});

describe.each(DB_KINDS.filter((k) => k === 'postgres'))('public cache under concurrent load on %s', (kind) => {
  let shop: TestShop;
  let urls: string[];
  let token: string;
  let productId: number;

  beforeAll(async () => {
    // Thousands of reads from one address: the limiter must not be what answers them.
    shop = await startTestShop(kind, { ADMIN_PASSWORD, RATE_LIMIT_PER_MINUTE: '10000000' });
    const other = await shop.secondApp();
    token = await adminToken(shop);
    const f = factories(shop);
    const category = await f.category('Drone Kits');
    productId = (await f.product({ title: 'Racing Drone', categoryId: category.id, pricePaise: 100_000 })).id;
    urls = [];
    for (const app of [shop.app, other]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(() => shop.close());

  it("never serves an old price once the admin's change has answered, while both nodes are under load", async () => {
    for (let round = 1; round <= 5; round++) {
      const price = 1000 + round;
      let changedAt = Number.POSITIVE_INFINITY;
      const stale: string[] = [];
      let stop = false;
      // Reads each reader began before and after the change had answered.
      const readsBefore = Array<number>(8).fill(0);
      const readsAfter = Array<number>(8).fill(0);
      const reader = async (i: number, base: string) => {
        while (!stop) {
          const startedAt = performance.now();
          const res = await fetch(`${base}/api/product/${productId}`, { headers: { 'accept-encoding': 'br, gzip' } });
          const body = (await res.json()) as Product;
          if (res.status !== 200) stale.push(`${base} round ${round}: status ${res.status}`);
          else if (startedAt > changedAt && body.price !== price) stale.push(`${base} round ${round}: ${body.price}`);
          if (startedAt > changedAt) readsAfter[i]!++;
          else readsBefore[i]!++;
        }
      };
      const readers = Array.from({ length: 8 }, (_, i) => reader(i, urls[i % 2]!));
      try {
        // The change comes while every reader is under way...
        await expect.poll(() => readsBefore.every((n) => n > 0), { timeout: 15_000 }).toBe(true);
        const form = new FormData();
        form.set('price', String(price));
        const res = await fetch(`${urls[round % 2]}/api/products/${productId}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        expect(res.status).toBe(200);
        changedAt = performance.now();
        // ...and each reads the product twice more after it has answered.
        await expect.poll(() => readsAfter.every((n) => n > 1), { timeout: 15_000 }).toBe(true);
      } finally {
        // Also when a step above failed: readers left running would read on into the closed shop
        // and the next files of this worker.
        stop = true;
        await Promise.allSettled(readers);
      }
      await Promise.all(readers);
      expect(stale).toEqual([]);
    }
  });
});

describe('public cache turned off (PUBLIC_CACHE=0)', () => {
  it("computes every public read afresh, so even a change behind the app's back shows at once", async () => {
    const shop = await startTestShop('sqlite', { PUBLIC_CACHE: '0' });
    try {
      const f = factories(shop);
      const category = await f.category('Kits');
      const { id } = await f.product({ title: 'Line Follower', categoryId: category.id });
      expect((await shop.app.inject(`/api/product/${id}`)).json()).toMatchObject({ title: 'Line Follower' });
      await shop.db.updateTable('products').set({ title: 'Maze Solver' }).where('id', '=', id).execute();
      const res = await shop.app.inject(`/api/product/${id}`);
      expect(res.json()).toMatchObject({ title: 'Maze Solver' });
      expect(res.headers.etag).toBeUndefined();
      expect(shop.app.publicCache.routes).toEqual([]);
    } finally {
      await shop.close();
    }
  });
});

describe.each(DB_KINDS)('cached answers sent without Fastify, over HTTP, on %s', (kind) => {
  let shop: TestShop;
  let base: string;
  let admin: ReturnType<typeof asAdmin>;
  let productId: number;
  const BR = { 'accept-encoding': 'gzip, deflate, br, zstd' };

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD });
    admin = asAdmin(shop, await adminToken(shop));
    const f = factories(shop);
    const category = await f.category('Drone Kits');
    productId = (await f.product({ title: 'Racing Drone', categoryId: category.id, pricePaise: 100_000, images: 1 })).id;
    await f.product({ title: 'Drone Camera', categoryId: category.id, pricePaise: 50_000 });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => shop.close());

  /** A product priced ₹999 added by the admin, through the API. */
  const addProduct = async (title: string, category: string) => {
    const added = await admin.form('POST', '/api/products', [
      { name: 'title', value: title },
      { name: 'price', value: '999' },
      { name: 'category', value: category },
    ]);
    expect(added.statusCode).toBe(201);
  };
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    const sent = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'));
    return { status: res.status, headers: sent, body, id: res.headers.get('x-request-id') };
  };

  it.each([
    ['categories', '/api/categories', BR],
    ['a product', () => `/api/product/${productId}`, BR],
    ['adverts', '/api/advertimages', { 'accept-encoding': 'gzip' }],
    ['a search', '/api/products/search/drone', BR],
    ['a product list', '/api/products?category=Drone%20Kits&page=1', {}],
  ] as const)('sends %s with the bytes and headers the app sends, and a request id of its own', async (_name, path, headers) => {
    const url = typeof path === 'function' ? path() : path;
    // The first two requests make the answer and store it; the third is sent by the app from the cache.
    for (let i = 0; i < 3; i++) expect((await get(url, headers)).status).toBe(200);
    const before = shop.app.publicCache.sentFast;
    const fast = await get(url, { ...headers, 'x-request-id': 'balancer-id-1' });
    expect(shop.app.publicCache.sentFast).toBe(before + 1);
    // If-None-Match (not matching) keeps a request on the app's own path.
    const slow = await get(url, { ...headers, 'if-none-match': '"other"' });
    expect(shop.app.publicCache.sentFast).toBe(before + 1);
    // The densest compression may replace the fast one in between (same ETag, fewer bytes).
    const { 'content-length': _fastLength, ...fastHeaders } = fast.headers;
    const { 'content-length': _slowLength, ...slowHeaders } = slow.headers;
    expect(fastHeaders).toEqual(slowHeaders);
    expect(Number(fast.headers['content-length'])).toBeGreaterThan(0);
    expect(fast.body.equals(slow.body)).toBe(true);
    expect(fast.id).toBe('balancer-id-1');
    expect((await get(url, headers)).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends an admin change on the next request, and leaves admins, cross-origin requests and revalidations to the app', async () => {
    const url = `/api/product/${productId}`;
    for (let i = 0; i < 4; i++) await get(url, BR);
    const res = await admin.form('PATCH', url.replace('/product/', '/products/'), [{ name: 'price', value: '1234' }]);
    expect(res.statusCode).toBe(200);
    const after = await get(url, BR);
    expect(JSON.parse(after.body.toString()).price).toBe(1234);
    for (let i = 0; i < 3; i++) await get(url, BR);
    const sent = shop.app.publicCache.sentFast;
    const cors = await get(url, { ...BR, origin: 'https://elsewhere.example' });
    const withToken = await get(url, { ...BR, authorization: 'Bearer not-a-token' });
    const etag = after.headers.etag!;
    const revalidated = await get(url, { ...BR, 'if-none-match': etag });
    expect([cors.status, withToken.status, revalidated.status]).toEqual([200, 200, 304]);
    expect(shop.app.publicCache.sentFast).toBe(sent);
  });

  it("sends a never-asked no-match search's 404 itself, as the app sends it, and finds a product added since on the next request, on every node", async () => {
    const other = await shop.secondApp();
    await other.listen({ port: 0, host: '127.0.0.1' });
    const nodes = [
      { app: shop.app, base },
      { app: other, base: `http://127.0.0.1:${(other.server.address() as AddressInfo).port}` },
    ];
    const getFrom = async (from: string, url: string, headers: Record<string, string>) => {
      const res = await fetch(`${from}${url}`, { headers });
      const sent = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'));
      return { status: res.status, headers: sent, body: Buffer.from(await res.arrayBuffer()) };
    };
    const url = '/api/products/search/zentrofy%20plimbek';
    for (const node of nodes) {
      // The app's first no-match answer on this node (its headers are what the fast path sends).
      expect((await getFrom(node.base, '/api/products/search/qwixlor', BR)).status).toBe(404);
      const before = node.app.publicCache.sentFast;
      const fast = await getFrom(node.base, url, BR);
      expect(node.app.publicCache.sentFast).toBe(before + 1);
      // If-None-Match keeps a request on the app's own path: the same bytes and headers.
      const slow = await getFrom(node.base, url, { ...BR, 'if-none-match': '"other"' });
      expect(node.app.publicCache.sentFast).toBe(before + 1);
      expect([fast.status, slow.status]).toEqual([404, 404]);
      expect(fast.headers).toEqual(slow.headers);
      expect(fast.body.equals(slow.body)).toBe(true);
      expect(JSON.parse(fast.body.toString())).toEqual({ message: expect.any(String), code: 'no_match' });
      // Asked again: from the cache.
      expect((await getFrom(node.base, url, BR)).status).toBe(404);
      expect(node.app.publicCache.sentFast).toBe(before + 2);
      // A text the fast path does not read (an escape other than a space, a query string) goes to the app.
      for (const left of ['/api/products/search/zentr%C3%B6fy', `${url}?limit=5`]) expect((await getFrom(node.base, left, BR)).status).toBe(404);
      expect(node.app.publicCache.sentFast).toBe(before + 2);
    }
    await addProduct('Zentrofy Plimbek', 'Drone Kits');
    for (const node of nodes) {
      const found = await getFrom(node.base, url, BR);
      expect(found.status).toBe(200);
      const body = found.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(found.body) : found.body;
      expect((JSON.parse(body.toString()) as Product[]).map((p) => p.title)).toEqual(['Zentrofy Plimbek']);
    }
  });

  it("makes a never-asked matching search's answer itself, as the app sends it, big or small, in each encoding, and shows admin changes on the next request, on every node", async () => {
    const f = factories(shop);
    const category = await f.category('Glider Kits');
    // Long descriptions: an answer over 1 KB, sent compressed; the short one under 1 KB, sent as it is.
    const long = 'A balsa glider kit with a carbon spar, laser-cut ribs and a launch hook. '.repeat(12);
    const glider = await f.product({ title: 'Quortex Glider', categoryId: category.id, pricePaise: 150_000, description: long, images: 2 });
    await f.product({ title: 'Quortex Wing', categoryId: category.id, pricePaise: 90_000, description: long });
    await f.product({ title: 'Vembly Lamp', categoryId: category.id, pricePaise: 20_000, description: 'A lamp.' });
    const other = await shop.secondApp();
    await other.listen({ port: 0, host: '127.0.0.1' });
    const nodes = [
      { app: shop.app, base },
      { app: other, base: `http://127.0.0.1:${(other.server.address() as AddressInfo).port}` },
    ];
    /** The bytes as sent (node:http does not decode them) and every header but the date and the request id. */
    const raw = (from: string, url: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
        http
          .get(`${from}${url}`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const sent = Object.entries(res.headers).filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name));
              resolve({ status: res.statusCode ?? 0, headers: Object.fromEntries(sent.map(([n, v]) => [n, String(v)])), body: Buffer.concat(chunks) });
            });
          })
          .on('error', reject);
      });
    const decoded = (r: { headers: Record<string, string>; body: Buffer }) =>
      JSON.parse(
        (r.headers['content-encoding'] === 'br'
          ? zlib.brotliDecompressSync(r.body)
          : r.headers['content-encoding'] === 'gzip'
            ? zlib.gunzipSync(r.body)
            : r.body
        ).toString(),
      ) as Product[];
    const encodings = [BR, { 'accept-encoding': 'gzip' }, {}];
    let serial = 0;
    const fresh = (text: string) => `/api/products/search/${text.replace(/ /g, '%20')}%20${String(++serial)}`;
    for (const node of nodes) {
      for (const headers of encodings) {
        // The app's answers of each kind in this encoding on this node (If-None-Match keeps them on its path): their headers are what the fast path sends.
        for (const text of ['quortex', 'vembly']) expect((await raw(node.base, fresh(text), { ...headers, 'if-none-match': '"other"' })).status).toBe(200);
        for (const [text, titles, compressed] of [
          ['quortx', ['Quortex Glider', 'Quortex Wing'], 'accept-encoding' in headers],
          ['vembly lmp', ['Vembly Lamp'], false],
        ] as const) {
          const url = fresh(text);
          const before = node.app.publicCache.sentFast;
          const fast = await raw(node.base, url, headers);
          expect(node.app.publicCache.sentFast, `${text} ${JSON.stringify(headers)}`).toBe(before + 1);
          const slow = await raw(node.base, url, { ...headers, 'if-none-match': '"other"' });
          expect(node.app.publicCache.sentFast).toBe(before + 1);
          expect([fast.status, slow.status]).toEqual([200, 200]);
          expect(fast.headers).toEqual(slow.headers);
          expect(fast.body.equals(slow.body)).toBe(true);
          expect(fast.headers['content-encoding'] !== undefined).toBe(compressed);
          expect(decoded(fast).map((p) => p.title)).toEqual(titles);
          // Asked again: the fast path sends it from the cache, with the ETag it made.
          const again = await raw(node.base, url, headers);
          expect(again.headers.etag).toBe(fast.headers.etag);
          expect(node.app.publicCache.sentFast).toBe(before + 2);
        }
      }
    }
    // An admin change on the first node: the next never-asked search shows it on both, from the fast path.
    expect((await admin.form('PATCH', `/api/products/${glider.id}`, [{ name: 'price', value: '1234' }])).statusCode).toBe(200);
    await addProduct('Quortex Kite', 'Glider Kits');
    for (const node of nodes) {
      // The app's first answers under the new version: the models are kept across versions, so the fast path answers at once.
      const before = node.app.publicCache.sentFast;
      const found = decoded(await raw(node.base, fresh('quortex'), BR));
      expect(node.app.publicCache.sentFast).toBe(before + 1);
      // Title matches alike: in id order.
      expect(found.map((p) => [p.title, p.price])).toEqual([
        ['Quortex Glider', 1234],
        ['Quortex Wing', 900],
        ['Quortex Kite', 999],
      ]);
    }
  });
});
