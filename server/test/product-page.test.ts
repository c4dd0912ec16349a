import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityOf } from '@shared/product-availability';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The page's JSON-LD blocks, parsed. */
function structuredData(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Json);
}

const AVAILABILITY = new Set(['https://schema.org/InStock', 'https://schema.org/OutOfStock', 'https://schema.org/LimitedAvailability', 'https://schema.org/PreOrder']);

/** What schema.org (and search engines' product rich results) require of a Product with an Offer. */
function expectValidProduct(p: Json) {
  expect(p['@context']).toBe('https://schema.org');
  expect(p['@type']).toBe('Product');
  expect(typeof p.name).toBe('string');
  expect(p.name.length).toBeGreaterThan(0);
  expect(typeof p.sku).toBe('string');
  expect(Array.isArray(p.image)).toBe(true);
  const offer = p.offers as Json;
  expect(offer['@type']).toBe('Offer');
  expect(offer.price).toMatch(/^\d+\.\d{2}$/);
  expect(offer.priceCurrency).toBe('INR');
  expect(AVAILABILITY.has(offer.availability)).toBe(true);
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
    shop = await startTestShop(kind, { PUBLIC_URL: 'http://shop.test' });
    const f = factories(shop);
    categoryId = (await f.category('Drone Kits')).id;
    inStock = (await f.product({ title: 'Mini </script><Drone> Kit', description: 'Fly "it" & land.', categoryId, pricePaise: 249_950, images: 2, stock: 12 })).id;
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

  it('has none on pages of unknown products', async () => {
    expect(structuredData((await shop.app.inject('/product/999999')).body)).toEqual([]);
  });
});
