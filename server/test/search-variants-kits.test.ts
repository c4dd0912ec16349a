import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchFacets } from '@shared/search-filters.schemas';
import { adminToken, asAdmin, ADMIN_PASSWORD } from './helpers/admin';
import { as, payInSimulation } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, titlesAt, type TestShop } from './helpers/test-app';

// Issue 26 items 2 and 3 together (decisions 045, 046): what the filters read of a product with
// variants (its lowest price, in stock when a variant is, its option values) and of a kit (in stock
// as far as its parts allow), kept fresh when a variant's or a part's stock changes.
describe.each(DB_KINDS)('search filters over variants and kits on %s', (kind) => {
  let shop: TestShop;
  let admin: ReturnType<typeof asAdmin>;
  let car: number;
  let kit: number;
  let motor: number;
  let withBattery: number;
  const get = (url: string) => shop.app.inject(url);
  const titles = (url: string) => titlesAt(shop.app, url);
  const facets = async (query: string) => (await get(`/api/search/facets?${query}`)).json() as SearchFacets;
  // Asked twice so that the public cache keeps the answers (decision 029): a stale answer would show.
  const twice = async (url: string) => (await titles(url), titles(url));

  beforeAll(async () => {
    shop = await startTestShop(kind, { SIMULATED_WEBHOOK_DELAY_MS: '60000', ADMIN_PASSWORD });
    admin = asAdmin(shop, await adminToken(shop));
    const f = factories(shop);
    const categoryId = (await f.category('Rovers')).id;
    // The row's own price and stock are no longer sold once the car has variants.
    car = (await f.product({ title: 'Rover car', categoryId, pricePaise: 900_000, stock: 0 })).id;
    const saved = await admin.put(`/api/admin/products/${car}/variants`, {
      options: [
        { name: 'Battery', values: ['included', 'not included'] },
        { name: 'Colour', values: ['red', 'blue'] },
      ],
      variants: [
        { options: { Battery: 'included', Colour: 'red' }, sku: 'RC-BR', price: '1799', stock: 0 },
        { options: { Battery: 'included', Colour: 'blue' }, sku: 'RC-BB', price: '1899', stock: 2 },
        { options: { Battery: 'not included', Colour: 'red' }, sku: 'RC-NR', price: '1499.50', stock: 0 },
        { options: { Battery: 'not included', Colour: 'blue' }, sku: 'RC-NB', price: '1599', stock: 0 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    withBattery = (saved.json().variants as { id: number; sku: string }[]).find((v) => v.sku === 'RC-BB')!.id;
    motor = (await f.product({ title: 'Rover motor', categoryId, pricePaise: 20_000, stock: 5 })).id;
    const board = (await f.product({ title: 'Rover board', categoryId, pricePaise: 30_000, stock: 10 })).id;
    // The kit's own row says 0 in stock: it keeps none, its parts decide.
    kit = (await f.product({ title: 'Rover kit', categoryId, pricePaise: 80_000, stock: 0 })).id;
    const parts = await admin.put(`/api/admin/products/${kit}/parts`, {
      parts: [
        { productId: motor, quantity: 2 },
        { productId: board, quantity: 1 },
      ],
    });
    expect(parts.statusCode, parts.body).toBe(200);
    await f.product({ title: 'Rover wheel', categoryId, pricePaise: 15_000, stock: 0 });
  });
  afterAll(() => shop.close());

  it('filters and sorts a product with variants by its lowest variant price, in stock when any variant is', async () => {
    expect(await titles('/api/products/search/rover?maxPrice=1500')).toEqual(['Rover car', 'Rover motor', 'Rover board', 'Rover kit', 'Rover wheel']);
    expect(await titles('/api/products/search/rover?minPrice=1000')).toEqual(['Rover car']);
    expect(await titles('/api/products/search/rover?sort=price_desc')).toEqual(['Rover car', 'Rover kit', 'Rover board', 'Rover motor', 'Rover wheel']);
    expect(await titles('/api/products/search/rover?inStock=1&sort=price_asc')).toEqual(['Rover motor', 'Rover board', 'Rover kit', 'Rover car']);
    const counts = await facets('q=rover');
    expect(counts.inStock).toBe(4);
    expect(counts.prices.find((p) => p.value === '1000-2500')?.count).toBe(1);
  });

  it('filters by option values and counts them, each option without its own filter', async () => {
    expect(await titles('/api/products/search/rover?option=Battery:included')).toEqual(['Rover car']);
    expect(await titles('/api/products/search/rover?option=battery:INCLUDED&option=Colour:red')).toEqual(['Rover car']);
    // The only variant with a battery and red is sold out.
    expect(await titles('/api/products/search/rover?option=Battery:included&option=Colour:red&inStock=1')).toEqual([]);
    expect(await titles('/api/products/search/rover?option=Battery:included&inStock=1')).toEqual(['Rover car']);
    expect(await titles('/api/products/search/rover?option=Battery:maybe')).toEqual([]);
    expect(await titles('/api/products/search/rover?option=Voltage:12V')).toEqual([]);
    expect(await titles(`/api/products?category=Rovers&option=Colour:blue`)).toEqual(['Rover car']);

    const all = await facets('q=rover');
    expect(all.options).toEqual([
      {
        name: 'Battery',
        values: [
          { value: 'Battery:included', label: 'included', count: 1 },
          { value: 'Battery:not included', label: 'not included', count: 1 },
        ],
      },
      {
        name: 'Colour',
        values: [
          { value: 'Colour:red', label: 'red', count: 1 },
          { value: 'Colour:blue', label: 'blue', count: 1 },
        ],
      },
    ]);
    // In stock only: values of variants for sale (the blue car with a battery).
    const inStock = await facets('q=rover&inStock=1');
    expect(inStock.options).toEqual([
      { name: 'Battery', values: [{ value: 'Battery:included', label: 'included', count: 1 }] },
      { name: 'Colour', values: [{ value: 'Colour:blue', label: 'blue', count: 1 }] },
    ]);
    // Choosing red: Colour's other value stays countable; Battery is counted among red variants.
    const red = await facets('q=rover&option=Colour:red');
    expect(red.total).toBe(1);
    expect(red.options.find((o) => o.name === 'Colour')?.values.map((v) => v.count)).toEqual([1, 1]);
    expect(red.options.find((o) => o.name === 'Battery')?.values.map((v) => v.label)).toEqual(['included', 'not included']);
    const redInStock = await facets('q=rover&option=Colour:red&inStock=1');
    expect(redInStock.total).toBe(0);
    // The value asked stays listed (so it can be unticked), with 0.
    expect(redInStock.options.find((o) => o.name === 'Colour')?.values).toEqual([
      { value: 'Colour:red', label: 'red', count: 0 },
      { value: 'Colour:blue', label: 'blue', count: 1 },
    ]);
    expect(redInStock.inStock).toBe(0);
  });

  it.each(['option=Battery', 'option=:included', `option=${'x'.repeat(41)}:a`])('refuses a bad option filter (%s) with a 400', async (query) => {
    for (const url of [`/api/products/search/rover?${query}`, `/api/search/facets?q=rover&${query}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).join(' '), url).toContain('option');
    }
  });

  it('a kit is in stock as far as its parts allow, and follows sales of a variant or a part through the public cache', async () => {
    const url = '/api/products/search/rover?inStock=1&sort=price_asc';
    expect(await twice(url)).toEqual(['Rover motor', 'Rover board', 'Rover kit', 'Rover car']);
    expect(await twice('/api/products/search/rover?option=Battery:included&inStock=1')).toEqual(['Rover car']);
    const hits = shop.app.publicCache.hits;

    // A shopper buys 4 loose motors (1 left: no kit) and the last blue car with a battery.
    const s = await verifiedShopper(shop);
    const api = as(shop, s.cookie);
    expect((await api.post('/api/cart', { productId: motor, quantity: 4 })).statusCode).toBe(200);
    expect((await api.post('/api/cart', { productId: car, variantId: withBattery, quantity: 2 })).statusCode).toBe(200);
    const order = await api.post('/api/createBulkOrder', {
      items: [
        { productId: motor, quantity: 4 },
        { productId: car, variantId: withBattery, quantity: 2 },
      ],
    });
    expect(order.statusCode, order.body).toBe(200);

    expect(await titles(url)).toEqual(['Rover motor', 'Rover board']);
    expect(await titles('/api/products/search/rover?option=Battery:included&inStock=1')).toEqual([]);
    expect((await facets('q=rover')).inStock).toBe(2);
    expect(await titles(`/api/products?category=Rovers&inStock=1`)).toEqual(['Rover motor', 'Rover board']);
    // The cache served before the sale (so the change was not simply uncached).
    expect(shop.app.publicCache.hits).toBeGreaterThanOrEqual(hits);

    // Paid, then cancelled: the units come back, and so do the kit and the car.
    await api.post('/api/processOrder', await payInSimulation(shop, s.cookie, order.json().id));
    expect((await admin.patch(`/api/UserOrders/${order.json().orderId}`, { status: 'canceled' })).statusCode).toBe(200);
    expect(await titles(url)).toEqual(['Rover motor', 'Rover board', 'Rover kit', 'Rover car']);
  });

  it("follows an admin's edit of a part's stock: too few motors, no kit; the motor untracked, the board decides", async () => {
    expect((await admin.form('PATCH', `/api/products/${motor}`, [{ name: 'stock', value: '1' }])).statusCode).toBe(200);
    expect(await twice('/api/products/search/kit?inStock=1')).toEqual([]);
    expect((await admin.form('PATCH', `/api/products/${motor}`, [{ name: 'stock', value: '' }])).statusCode).toBe(200);
    expect(await titles('/api/products/search/kit?inStock=1')).toEqual(['Rover kit']);
  });
});
