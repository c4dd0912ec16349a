import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchFacets } from '@shared/search-filters.schemas';
import { DB_KINDS } from './helpers/databases';
import { ADMIN_PASSWORD, adminToken, asAdmin } from './helpers/admin';
import { factories, startTestShop, titlesAt, type TestShop } from './helpers/test-app';

type Found = { id: number; title: string; price: number; stock: number | null }[];

// Issue 26 item 3 (decision 046): filters and sorting of search results and category pages.
describe.each(DB_KINDS)('search filters, sorting and facets on %s', (kind) => {
  let shop: TestShop;
  let kits: number;
  let parts: number;
  const get = (url: string) => shop.app.inject(url);
  const titles = (url: string) => titlesAt(shop.app, url);

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD });
    const f = factories(shop);
    kits = (await f.category('Robot Kits')).id;
    parts = (await f.category('Robot Parts')).id;
    await f.product({ title: 'Robot Starter Kit', categoryId: kits, pricePaise: 249_900, stock: 10 });
    await f.product({ title: 'Robot Arm Kit', categoryId: kits, pricePaise: 799_900, stock: 0 });
    await f.product({ title: 'Robot Sumo Kit', categoryId: kits, pricePaise: 149_900, stock: null });
    await f.product({ title: 'Robot Wheel Pair', categoryId: parts, pricePaise: 19_900, stock: 3 });
    await f.product({ title: 'Robot Motor Driver', categoryId: parts, pricePaise: 45_000, stock: 0 });
  });
  afterAll(() => shop.close());

  it('keeps the plain search exactly as it was', async () => {
    expect(await titles('/api/products/search/robot')).toEqual([
      'Robot Starter Kit',
      'Robot Arm Kit',
      'Robot Sumo Kit',
      'Robot Wheel Pair',
      'Robot Motor Driver',
    ]);
    expect(await titles('/api/products/search/robot?sort=relevance')).toEqual(await titles('/api/products/search/robot'));
  });

  it('filters by category (Id or name), price range and stock, and sorts by price and newest', async () => {
    expect(await titles(`/api/products/search/robot?category=${parts}`)).toEqual(['Robot Wheel Pair', 'Robot Motor Driver']);
    expect(await titles('/api/products/search/robot?category=robot%20kits')).toEqual(['Robot Starter Kit', 'Robot Arm Kit', 'Robot Sumo Kit']);
    expect(await titles('/api/products/search/robot?minPrice=400&maxPrice=2499')).toEqual(['Robot Starter Kit', 'Robot Sumo Kit', 'Robot Motor Driver']);
    expect(await titles('/api/products/search/robot?inStock=1')).toEqual(['Robot Starter Kit', 'Robot Sumo Kit', 'Robot Wheel Pair']);
    expect(await titles('/api/products/search/robot?sort=price_asc')).toEqual([
      'Robot Wheel Pair',
      'Robot Motor Driver',
      'Robot Sumo Kit',
      'Robot Starter Kit',
      'Robot Arm Kit',
    ]);
    expect(await titles('/api/products/search/robot?sort=price_desc&inStock=1&maxPrice=2000')).toEqual(['Robot Sumo Kit', 'Robot Wheel Pair']);
    expect(await titles('/api/products/search/robot?sort=newest&category=Robot%20Parts')).toEqual(['Robot Motor Driver', 'Robot Wheel Pair']);
    // Typo tolerance stays.
    expect(await titles('/api/products/search/robto?inStock=1&sort=price_asc')).toEqual(['Robot Wheel Pair', 'Robot Sumo Kit', 'Robot Starter Kit']);
  });

  it('answers [] when the filters exclude every match, and 404 when the text matches nothing', async () => {
    const none = await get('/api/products/search/robot?minPrice=50000');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect((await get('/api/products/search/robot?category=NoSuchCategory')).json()).toEqual([]);
    expect((await get('/api/products/search/zzqqxx?inStock=1')).statusCode).toBe(404);
  });

  it.each([
    ['minPrice=abc', 'minPrice'],
    ['maxPrice=-5', 'maxPrice'],
    ['minPrice=900&maxPrice=100', 'minPrice'],
    ['sort=cheapest', 'sort'],
    ['inStock=yes', 'inStock'],
  ])('refuses bad filters (%s) with a 400 naming the field', async (query, field) => {
    for (const url of [`/api/products/search/robot?${query}`, `/api/search/facets?q=robot&${query}`, `/api/products?category=${kits}&${query}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).join(' '), url).toContain(field);
    }
  });

  it('counts each filter value, each dimension without its own filter', async () => {
    const facets = (await get('/api/search/facets?q=robot')).json() as SearchFacets;
    expect(facets.total).toBe(5);
    expect(facets.capped).toBe(false);
    expect(facets.categories.map((c) => [c.label, c.count])).toEqual([
      ['Robot Kits', 3],
      ['Robot Parts', 2],
    ]);
    expect(facets.inStock).toBe(3);
    expect(Object.fromEntries(facets.prices.map((p) => [p.value, p.count]))).toEqual({
      '0-500': 2,
      '500-1000': 0,
      '1000-2500': 2,
      '2500-5000': 0,
      '5000-10000': 1,
      '10000-': 0,
    });
    expect(facets.options).toEqual([]);

    const chosen = (await get(`/api/search/facets?q=robot&category=${kits}&inStock=1`)).json() as SearchFacets;
    expect(chosen.total).toBe(2);
    // Categories counted with the stock filter, not the category filter.
    expect(chosen.categories.map((c) => [c.label, c.count])).toEqual([
      ['Robot Kits', 2],
      ['Robot Parts', 1],
    ]);
    // In stock counted with the category filter, not the stock filter.
    expect(chosen.inStock).toBe(2);
    expect(chosen.prices.find((p) => p.value === '1000-2500')?.count).toBe(2);
  });

  it('counts a category page (no text) and filters and sorts the category listing', async () => {
    const facets = (await get(`/api/search/facets?category=${kits}`)).json() as SearchFacets;
    expect(facets.total).toBe(3);
    expect(facets.inStock).toBe(2);
    const list = await get(`/api/products?category=${kits}&sort=price_asc&inStock=1`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect((list.json() as Found).map((p) => p.title)).toEqual(['Robot Sumo Kit', 'Robot Starter Kit']);
    const page2 = await get(`/api/products?category=${kits}&sort=price_desc&limit=1&offset=1`);
    expect((page2.json() as Found).map((p) => p.title)).toEqual(['Robot Starter Kit']);
    expect(page2.headers['x-total-count']).toBe('3');
    // The plain listing is unchanged (by id).
    expect((await titles(`/api/products?category=${kits}`)) as string[]).toEqual(['Robot Starter Kit', 'Robot Arm Kit', 'Robot Sumo Kit']);
    expect((await get(`/api/products?category=${kits}&q=robot&sort=price_asc`)).statusCode).toBe(400);
  });

  it('follows admin changes to price and stock on the next request, through the public cache', async () => {
    const url = '/api/products/search/robot?inStock=1&sort=price_asc';
    const facetsUrl = '/api/search/facets?q=robot&inStock=1';
    // Kept at the second ask (decision 029): the third answer comes from the public cache.
    for (let i = 0; i < 2; i++) {
      await get(url);
      await get(facetsUrl);
    }
    const hits = shop.app.publicCache.hits;
    expect(await titles(url)).toEqual(['Robot Wheel Pair', 'Robot Sumo Kit', 'Robot Starter Kit']);
    await get(facetsUrl);
    expect(shop.app.publicCache.hits).toBeGreaterThanOrEqual(hits + 2);

    const admin = asAdmin(shop, await adminToken(shop));
    const arm = (await shop.db.selectFrom('products').select('id').where('title', '=', 'Robot Arm Kit').executeTakeFirstOrThrow()).id;
    const res = await admin.form('PATCH', `/api/products/${arm}`, [
      { name: 'stock', value: '4' },
      { name: 'price', value: '99' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await titles(url)).toEqual(['Robot Arm Kit', 'Robot Wheel Pair', 'Robot Sumo Kit', 'Robot Starter Kit']);
    expect(((await get(facetsUrl)).json() as SearchFacets).total).toBe(4);
    expect(await titles(`/api/products?category=${kits}&inStock=1&sort=price_asc`)).toEqual(['Robot Arm Kit', 'Robot Sumo Kit', 'Robot Starter Kit']);
  });

  it('lists related products of the same category, for sale first', async () => {
    const starter = (await shop.db.selectFrom('products').select('id').where('title', '=', 'Robot Starter Kit').executeTakeFirstOrThrow()).id;
    const related = await get(`/api/product/${starter}/related`);
    expect(related.statusCode).toBe(200);
    const found = related.json() as Found;
    expect(found.map((p) => p.title).sort()).toEqual(['Robot Arm Kit', 'Robot Sumo Kit']);
    expect((await get('/api/product/999999/related')).statusCode).toBe(404);
  });
});
