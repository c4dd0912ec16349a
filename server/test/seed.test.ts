import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../src/seed/seed';
import { DB_KINDS } from './helpers/databases';
import { startTestShop, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('demo catalogue on %s', (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(kind);
  });
  afterAll(() => shop.close());

  it('seeds an empty shop once, with categories, 30+ products with 1-4 images, a free product and 3 adverts', async () => {
    const first = await seedDemoCatalogue(shop.db, shop.storage);
    expect(first).toMatchObject({ categories: 6, adverts: 3 });
    expect(await seedDemoCatalogue(shop.db, shop.storage)).toBeNull();

    const categories = (await shop.app.inject('/api/categories')).json();
    expect(categories.map((c: { type: string }) => c.type)).toEqual([
      'Robobox Kits',
      'Mechatronics Kits',
      'Blix Kits',
      'Drone Kits',
      'Workshops',
      'Components',
    ]);
    const res = await shop.app.inject('/api/products?limit=500');
    const products = res.json() as { title: string; price: number; images: string[] }[];
    expect(products.length).toBeGreaterThanOrEqual(30);
    expect(products.some((p) => p.price === 0)).toBe(true);
    expect(products.every((p) => p.images.length >= 1 && p.images.length <= 4)).toBe(true);
    expect(products.map((p) => p.title)).toEqual(expect.arrayContaining(['Insights to Robotics', 'All in one Masterclass', 'Masterclass (Scratch to Pro)']));
    const image = await shop.app.inject(products[0]!.images[0]!);
    expect(image.statusCode).toBe(200);
    expect((await shop.app.inject('/api/advertimages')).json()).toHaveLength(3);
    // seeded products are searchable
    expect((await shop.app.inject('/api/products/search/robbox')).json()[0].title).toMatch(/^Robobox/);
  });
});
