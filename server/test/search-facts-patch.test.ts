import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchFacets } from '@shared/search-filters.schemas';
import type { App } from '../src/app';
import { factLoads, ProductFacts } from '../src/modules/search/product-facts';
import type { KitPartFactRow, ProductFactRow, VariantFactRow } from '../src/modules/search/search.repository';
import { bumpPublicCacheVersion } from '../src/plugins/public-cache';
import { adminToken, asAdmin, ADMIN_PASSWORD } from './helpers/admin';
import { as } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { random } from './helpers/seeded-random';
import { verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, titlesAt, type TestShop } from './helpers/test-app';

// Decision 053: after a sale the search filters' product facts are patched (the products the sale
// changed, and the kits made of them), not read again in full; on every app server.
describe.each(DB_KINDS)('product facts patched after a change on %s', (kind) => {
  let shop: TestShop;
  let motor: number;
  let gearbox: number;
  const facets = async (app: App, query: string) => (await app.inject(`/api/search/facets?${query}`)).json() as SearchFacets;
  const inStock = '/api/products/search/gear?inStock=1&sort=price_asc';

  beforeAll(async () => {
    shop = await startTestShop(kind, { SIMULATED_WEBHOOK_DELAY_MS: '60000', ADMIN_PASSWORD });
    const admin = asAdmin(shop, await adminToken(shop));
    const f = factories(shop);
    const categoryId = (await f.category('Gears')).id;
    motor = (await f.product({ title: 'Gear motor', categoryId, pricePaise: 20_000, stock: 1 })).id;
    gearbox = (await f.product({ title: 'Gear box', categoryId, pricePaise: 30_000, stock: 5 })).id;
    const kit = (await f.product({ title: 'Gear kit', categoryId, pricePaise: 80_000, stock: 0 })).id;
    const parts = await admin.put(`/api/admin/products/${kit}/parts`, {
      parts: [
        { productId: motor, quantity: 1 },
        { productId: gearbox, quantity: 1 },
      ],
    });
    expect(parts.statusCode, parts.body).toBe(200);
  });
  afterAll(() => shop.close());

  it('a sale of the last unit takes the product and its kit out of "in stock" on the next request, by a patch', async () => {
    // Asked twice so that the public cache keeps the answers: a stale one would show.
    for (let i = 0; i < 2; i++) expect(await titlesAt(shop.app, inStock)).toEqual(['Gear motor', 'Gear box', 'Gear kit']);
    expect((await facets(shop.app, 'q=gear')).inStock).toBe(3);
    const before = { ...factLoads };

    const s = await verifiedShopper(shop);
    const api = as(shop, s.cookie);
    expect((await api.post('/api/cart', { productId: motor, quantity: 1 })).statusCode).toBe(200);
    const order = await api.post('/api/createBulkOrder', { items: [{ productId: motor, quantity: 1 }] });
    expect(order.statusCode, order.body).toBe(200);

    expect(await titlesAt(shop.app, inStock)).toEqual(['Gear box']);
    const counts = await facets(shop.app, 'q=gear&inStock=1');
    expect([counts.total, counts.inStock]).toEqual([1, 1]);
    expect((await facets(shop.app, 'q=gear')).inStock).toBe(1);
    expect(factLoads.patched).toBeGreaterThan(before.patched);
    expect(factLoads.full).toBe(before.full);
  });

  it('sees a change made by another app server on its next request', async () => {
    const other = await shop.secondApp();
    expect(await titlesAt(other, inStock)).toEqual(['Gear box']);
    expect(await titlesAt(shop.app, inStock)).toEqual(['Gear box']);
    const before = { ...factLoads };
    // Another server's write, as it reaches the database: the row and the shared version.
    await sql`UPDATE products SET stock = 0, price_paise = 31000 WHERE id = ${gearbox}`.execute(shop.db);
    await bumpPublicCacheVersion(shop.db);
    for (const app of [other, shop.app]) {
      expect(await titlesAt(app, inStock)).toEqual([]);
      expect(await titlesAt(app, '/api/products/search/gear?minPrice=305&maxPrice=315')).toEqual(['Gear box']);
      expect((await facets(app, 'q=gear')).inStock).toBe(0);
    }
    expect(factLoads.full).toBe(before.full);

    // And back, through an admin's restock seen by the other server.
    await sql`UPDATE products SET stock = 2 WHERE id = ${motor}`.execute(shop.db);
    await bumpPublicCacheVersion(shop.db);
    expect(await titlesAt(other, inStock)).toEqual(['Gear motor']);
  });

  it('reads everything again when a patch cannot say it: a new product, a renamed category', async () => {
    const f = factories(shop);
    const before = { ...factLoads };
    const categoryId = (await f.category('More gears')).id;
    await f.product({ title: 'Gear wheel', categoryId, pricePaise: 5_000, stock: 4 });
    expect(await titlesAt(shop.app, inStock)).toEqual(['Gear wheel', 'Gear motor']);
    expect(factLoads.full).toBeGreaterThan(before.full);
    await sql`UPDATE categories SET type = 'Spare gears' WHERE id = ${categoryId}`.execute(shop.db);
    await bumpPublicCacheVersion(shop.db);
    expect(await titlesAt(shop.app, '/api/products/search/gear?category=spare%20gears')).toEqual(['Gear wheel']);
  });
});

describe('a patch of the product facts', () => {
  const rand = random(5);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const stock = () => pick([null, 0, 1, 2, 7, 40]);
  const categories = [1, 2, 3].map((id) => ({ id, type: `C${id}` }));
  const products: ProductFactRow[] = Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    price_paise: 1000 + i * 37,
    stock: stock(),
    category_id: pick([1, 2, 3]),
  }));
  const variants: VariantFactRow[] = products
    .filter((p) => p.id % 5 === 0)
    .flatMap((p) =>
      ['red', 'blue', 'green'].map((colour) => ({
        product_id: p.id,
        price_paise: 2000 + p.id,
        stock: stock(),
        options_json: JSON.stringify({ Colour: colour }),
      })),
    );
  const parts: KitPartFactRow[] = [];
  const kits = products.filter((p) => p.id % 7 === 0).map((p) => p.id);
  const partsOf = (kit: number) => [kit - 1, kit - 2].map((part) => ({ kit_id: kit, part, quantity: 1 + (part % 2) }));
  const kitParts = () => kits.flatMap((kit) => partsOf(kit).map(({ kit_id, part, quantity }) => ({ kit_id, quantity, stock: products[part - 1]!.stock })));
  parts.push(...kitParts());
  const shape = (f: ProductFacts) => ({ price: [...f.price], stock: [...f.stock], category: [...f.category], sale: [...f.ids].map((id) => f.forSale(id)) });

  it('gives the same facts as reading everything again', () => {
    let facts = new ProductFacts(products, categories, variants, parts);
    for (let round = 0; round < 30; round++) {
      const changed = new Set<number>();
      for (let k = 0; k < 4; k++) {
        const p = pick(products);
        p.stock = stock();
        p.price_paise += 100;
        if (rand() < 0.3) p.category_id = pick([1, 2, 3]);
        changed.add(p.id);
        const v = pick(variants);
        v.stock = stock();
        v.price_paise = 1500 + Math.floor(rand() * 1000);
        changed.add(v.product_id);
      }
      // What the loader reads: the changed products and the kits made of them.
      const ids = [...new Set([...changed, ...kits.filter((kit) => partsOf(kit).some((p) => changed.has(p.part)))])];
      const all = kitParts();
      const patched = facts.patched(
        ids,
        products.filter((p) => ids.includes(p.id)),
        variants.filter((v) => ids.includes(v.product_id)),
        all.filter((p) => ids.includes(p.kit_id)),
      );
      expect(patched).not.toBeNull();
      expect(shape(patched!)).toEqual(shape(new ProductFacts(products, categories, variants, all)));
      facts = patched!;
    }
  });

  it('declines what it cannot say: a product gone, a variant added, another option value, an unknown category', () => {
    const facts = new ProductFacts(products, categories, variants, parts);
    const withVariants = products.find((p) => p.id % 5 === 0)!;
    const its = variants.filter((v) => v.product_id === withVariants.id);
    expect(facts.patched([withVariants.id], [], its, [])).toBeNull();
    expect(facts.patched([withVariants.id], [withVariants], [...its, { ...its[0]!, options_json: '{"Colour":"pink"}' }], [])).toBeNull();
    expect(facts.patched([withVariants.id], [withVariants], [its[0]!, its[1]!, { ...its[2]!, options_json: '{"Colour":"pink"}' }], [])).toBeNull();
    expect(facts.patched([withVariants.id], [{ ...withVariants, category_id: 9 }], its, [])).toBeNull();
    expect(facts.patched([withVariants.id], [withVariants], its, [])).not.toBeNull();
  });
});
