import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityOf } from '@shared/product-availability';
import { adminToken, asAdmin, ADMIN_PASSWORD } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The page's JSON-LD blocks, parsed. */
function structuredData(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Json);
}

const AVAILABILITY = new Set([
  'https://schema.org/InStock',
  'https://schema.org/OutOfStock',
  'https://schema.org/LimitedAvailability',
  'https://schema.org/PreOrder',
]);

/** What schema.org (and search engines' product rich results) require of an Offer. */
function expectValidOffer(offer: Json) {
  expect(offer['@type']).toBe('Offer');
  expect(offer.price).toMatch(/^\d+\.\d{2}$/);
  expect(offer.priceCurrency).toBe('INR');
  expect(AVAILABILITY.has(offer.availability)).toBe(true);
}

/** What schema.org (and search engines' product rich results) require of a Product with its Offer (or one per variant). */
function expectValidProduct(p: Json) {
  expect(p['@context']).toBe('https://schema.org');
  expect(p['@type']).toBe('Product');
  expect(typeof p.name).toBe('string');
  expect(p.name.length).toBeGreaterThan(0);
  expect(typeof p.sku).toBe('string');
  expect(Array.isArray(p.image)).toBe(true);
  const offers = (Array.isArray(p.offers) ? p.offers : [p.offers]) as Json[];
  expect(offers.length).toBeGreaterThan(0);
  offers.forEach(expectValidOffer);
}

/** A BreadcrumbList: ListItems numbered 1, 2, 3 … each with a name and an absolute item URL. */
function expectValidBreadcrumbs(b: Json) {
  expect(b['@context']).toBe('https://schema.org');
  expect(b['@type']).toBe('BreadcrumbList');
  const items = b.itemListElement as Json[];
  expect(items.length).toBeGreaterThanOrEqual(2);
  items.forEach((item, i) => {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(i + 1);
    expect(typeof item.name).toBe('string');
    expect(item.item).toMatch(/^https?:\/\//);
  });
}

describe('product availability', () => {
  it('says In stock, Only N left at 5 or fewer, Out of stock at none', () => {
    expect(availabilityOf(null).label).toBe('In stock');
    expect(availabilityOf(6).label).toBe('In stock');
    expect(availabilityOf(5).label).toBe('Only 5 left');
    expect(availabilityOf(1)).toEqual({ label: 'Only 1 left', tone: 'low', schemaOrg: 'https://schema.org/InStock' });
    expect(availabilityOf(0)).toEqual({ label: 'Out of stock', tone: 'out', schemaOrg: 'https://schema.org/OutOfStock' });
  });
});

// Issue 26 item 4 (decision 046): the product page carries schema.org Product and BreadcrumbList, drawn on the server.
describe.each(DB_KINDS)('product page structured data on %s', (kind) => {
  let shop: TestShop;
  let inStock: number;
  let soldOut: number;
  let categoryId: number;

  beforeAll(async () => {
    shop = await startTestShop(kind, { PUBLIC_URL: 'http://shop.test', ADMIN_PASSWORD });
    const f = factories(shop);
    categoryId = (await f.category('Drone Kits')).id;
    inStock = (await f.product({ title: 'Mini </script><Drone> Kit', description: 'Fly "it" & land.', categoryId, pricePaise: 249_950, images: 2, stock: 12 }))
      .id;
    soldOut = (await f.product({ title: 'Racing Drone', categoryId, pricePaise: 999_900, stock: 0 })).id;
  });
  afterAll(() => shop.close());

  it('holds a valid Product with its Offer and a BreadcrumbList, with the page', async () => {
    const res = await shop.app.inject(`/product/${inStock}`);
    expect(res.statusCode).toBe(200);
    const blocks = structuredData(res.body);
    expect(blocks).toHaveLength(2);
    const [product, breadcrumbs] = blocks as [Json, Json];
    expectValidProduct(product);
    expect(product.name).toBe('Mini </script><Drone> Kit');
    expect(product.sku).toBe(String(inStock));
    expect(product.image).toHaveLength(2);
    expect(product.image[0]).toMatch(/^http:\/\/shop\.test\/uploads\/products\/[\w-]+\.png$/);
    expect(product.offers).toMatchObject({ price: '2499.50', priceCurrency: 'INR', availability: 'https://schema.org/InStock' });
    expectValidBreadcrumbs(breadcrumbs);
    expect(breadcrumbs.itemListElement.map((i: Json) => [i.name, i.item])).toEqual([
      ['Home', 'http://shop.test/'],
      ['Drone Kits', `http://shop.test/category/${categoryId}`],
      ['Mini </script><Drone> Kit', `http://shop.test/product/${inStock}`],
    ]);
  });

  it('escapes the shop text so that it cannot close the script element', async () => {
    const res = await shop.app.inject(`/product/${inStock}`);
    const scripts = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    for (const body of scripts) {
      expect(body).not.toContain('<');
      expect(body).not.toContain('>');
    }
    expect(scripts[0]).toContain('\\u003c/script\\u003e');
  });

  it('says OutOfStock for a sold-out product', async () => {
    const [product] = structuredData((await shop.app.inject(`/product/${soldOut}`)).body) as [Json];
    expectValidProduct(product);
    expect(product.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(product.offers.price).toBe('9999.00');
  });

  it('gives a product with variants an Offer per variant, with its SKU, price and availability', async () => {
    const admin = asAdmin(shop, await adminToken(shop));
    const car = (await factories(shop).product({ title: 'Rover car', categoryId, pricePaise: 900_000, stock: 0 })).id;
    const saved = await admin.put(`/api/admin/products/${car}/variants`, {
      options: [{ name: 'Battery', values: ['included', 'not included'] }],
      variants: [
        { options: { Battery: 'included' }, sku: 'RC-B', price: '1799', stock: 0 },
        { options: { Battery: 'not included' }, price: '1499.5', stock: 3 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const without = (saved.json().variants as { id: number }[])[1]!.id;
    const [product] = structuredData((await shop.app.inject(`/product/${car}`)).body) as [Json];
    expectValidProduct(product);
    expect(product.offers).toEqual([
      expect.objectContaining({ sku: 'RC-B', name: 'Rover car (Battery: included)', price: '1799.00', availability: 'https://schema.org/OutOfStock' }),
      // A variant without a SKU of its own: product and variant ids.
      expect.objectContaining({ sku: `${car}-${without}`, price: '1499.50', availability: 'https://schema.org/InStock' }),
    ]);
  });

  it("says a kit's availability from its parts, not its own row", async () => {
    const admin = asAdmin(shop, await adminToken(shop));
    const f = factories(shop);
    const motor = (await f.product({ title: 'Geared motor', categoryId, pricePaise: 20_000, stock: 1 })).id;
    const kit = (await f.product({ title: 'Rover kit', categoryId, pricePaise: 80_000, stock: 50 })).id;
    expect((await admin.put(`/api/admin/products/${kit}/parts`, { parts: [{ productId: motor, quantity: 2 }] })).statusCode).toBe(200);
    const [product] = structuredData((await shop.app.inject(`/product/${kit}`)).body) as [Json];
    expectValidProduct(product);
    expect(product.offers).toMatchObject({ price: '800.00', availability: 'https://schema.org/OutOfStock' });
    expect((await admin.form('PATCH', `/api/products/${motor}`, [{ name: 'stock', value: '2' }])).statusCode).toBe(200);
    const [after] = structuredData((await shop.app.inject(`/product/${kit}`)).body) as [Json];
    expect(after.offers.availability).toBe('https://schema.org/InStock');
  });

  it('has none on pages of unknown products', async () => {
    expect(structuredData((await shop.app.inject('/product/999999')).body)).toEqual([]);
  });
});
