import { searchReplicaOf } from '../src/modules/search/search-replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('catalogue API on %s', (kind) => {
  let shop: TestShop;
  let robobox: { id: number; type: string };
  let drones: { id: number; type: string };
  let starter: Awaited<ReturnType<ReturnType<typeof factories>['product']>>;

  beforeAll(async () => {
    shop = await startTestShop(kind);
    const f = factories(shop);
    robobox = await f.category('Robobox Kits');
    drones = await f.category('Drone Kits');
    starter = await f.product({ title: 'Robobox Starter Kit', pricePaise: 249_950, categoryId: robobox.id, images: 2 });
    await f.product({ title: 'Robobox 100% Fun_Kit', pricePaise: 0, categoryId: robobox.id });
    await f.product({ title: 'Mini Drone Kit', pricePaise: 499_900, categoryId: drones.id, description: 'Fly it indoors.' });
  });
  afterAll(() => shop.close());

  it('lists categories as {Id, type}', async () => {
    const res = await shop.app.inject('/api/categories');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { Id: robobox.id, type: 'Robobox Kits' },
      { Id: drones.id, type: 'Drone Kits' },
    ]);
  });

  it('answers a product with rupee prices, image paths and the category name', async () => {
    const res = await shop.app.inject(`/api/product/${starter.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: starter.id,
      title: 'Robobox Starter Kit',
      price: 2499.5,
      description: 'A product made for tests.',
      images: starter.images,
      category: 'Robobox Kits',
      stock: null,
    });
    expect(starter.images[0]).toMatch(/^\/uploads\/products\/[\w-]+\.png$/);
  });

  it("answers 404 'Product not found' for a product that does not exist", async () => {
    const res = await shop.app.inject('/api/product/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Product not found', code: 'product_not_found' });
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999999999999', '2147483648', '%27%20OR%201=1', '%F0%9F%A4%96'])(
    'refuses the product id %s with a 4xx and a message',
    async (id) => {
      const res = await shop.app.inject(`/api/product/${id}`);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    },
  );

  it('lists products in pages with the total in X-Total-Count', async () => {
    const first = await shop.app.inject('/api/products?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json()).toHaveLength(2);
    const rest = await shop.app.inject('/api/products?limit=2&offset=2');
    expect(rest.json().map((p: { title: string }) => p.title)).toEqual(['Mini Drone Kit']);
  });

  it('filters the listing by category Id or name, and by title text taken literally', async () => {
    const byId = await shop.app.inject(`/api/products?category=${drones.id}`);
    expect(byId.json().map((p: { title: string }) => p.title)).toEqual(['Mini Drone Kit']);
    const byName = await shop.app.inject('/api/products?category=robobox%20kits');
    expect(byName.headers['x-total-count']).toBe('2');
    const literal = await shop.app.inject('/api/products?q=100%25%20fun_');
    expect(literal.json().map((p: { title: string }) => p.title)).toEqual(['Robobox 100% Fun_Kit']);
    const wildcard = await shop.app.inject('/api/products?q=_');
    expect(wildcard.json()).toHaveLength(1);
    const unknown = await shop.app.inject('/api/products?category=Nope');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    expect(unknown.headers['x-total-count']).toBe('0');
  });

  it.each(['limit=501', 'limit=0', 'limit=abc', 'offset=-1'])('refuses ?%s with 400', async (qs) => {
    const res = await shop.app.inject(`/api/products?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', message: expect.stringMatching(/^Invalid/) });
  });

  it('serves free products with price 0', async () => {
    const res = await shop.app.inject('/api/products?q=fun');
    expect(res.json()[0].price).toBe(0);
  });

  it('lists advert images as {id, url}', async () => {
    await shop.db.insertInto('advert_images').values({ path: '/uploads/adverts/a.png', position: 0, width: 1600, height: 600 }).execute();
    const res = await shop.app.inject('/api/advertimages');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: expect.any(Number), url: '/uploads/adverts/a.png' }]);
  });

  it('answers the home page with one bounded section per category that has products', async () => {
    const res = await shop.app.inject('/api/storefront/home');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sections.map((s: { category: { type: string }; total: number }) => [s.category.type, s.total])).toEqual([
      ['Robobox Kits', 2],
      ['Drone Kits', 1],
    ]);
    expect(body.sections[0].products[0]).toMatchObject({ title: 'Robobox Starter Kit', price: 2499.5 });
  });

  it('serves uploaded images and their WebP renditions with long cache lives', async () => {
    const original = await shop.app.inject(starter.images[0]!);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toContain('immutable');
    const webp = await shop.app.inject(starter.images[0]!.replace(/\.png$/, '.w320.webp'));
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    for (const bad of ['/uploads/products/missing.png', '/uploads/../shop.sqlite', '/uploads/%2e%2e/x']) {
      expect((await shop.app.inject(bad)).statusCode).toBe(404);
    }
  });

  it('reports health with the database reachable, and where searches are answered from', async () => {
    await searchReplicaOf(shop.db)!.start();
    const res = await shop.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', storage: 'up', redis: 'off', search: 'memory' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await shop.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('serves robots.txt and a sitemap listing the products', async () => {
    const robots = await shop.app.inject('/robots.txt');
    expect(robots.body).toContain('Sitemap: http://shop.test/sitemap.xml');
    const sitemap = await shop.app.inject('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain(`<loc>http://shop.test/product/${starter.id}</loc>`);
    expect(sitemap.body).toContain(`<loc>http://shop.test/category/${drones.id}</loc>`);
  });

  it('publishes OpenAPI documentation of the catalogue routes', async () => {
    const res = await shop.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/product/{id}', '/api/products', '/api/products/search/{query}', '/api/categories', '/api/advertimages']),
    );
    expect((await shop.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });
});
