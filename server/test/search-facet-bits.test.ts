import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_BANDS } from '@shared/search-filters';
import type { SearchFacets } from '@shared/search-filters.schemas';
import { ProductFacts, type DocFilter } from '../src/modules/search/product-facts';
import { countFacets, orderBy } from '../src/modules/search/search-refine.service';
import type { KitPartFactRow, ProductFactRow, VariantFactRow } from '../src/modules/search/search.repository';
import { ADMIN_PASSWORD, adminToken, asAdmin } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { random } from './helpers/seeded-random';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

// Decision 103: facet counts from the facts' bitsets give the counts of the product-by-product walk,
// for any matches and filters, and after patches of the facts (stock, prices, category moves).

const rand = random(103);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
// Prices on the bands' edges (in paise) and between them.
const EDGES = PRICE_BANDS.flatMap((b) => [b.from * 100, b.from * 100 - 1, b.from * 100 + 1]).filter((p) => p >= 0);
const price = () => (rand() < 0.3 ? pick(EDGES) : Math.floor(rand() * 2_000_000));
const stock = () => pick([null, 0, 0, 1, 3, 12]);
// Category 4 has one product at first, and may lose it; 9 is no category.
const categories = [1, 2, 3, 4].map((id) => ({ id, type: `Category ${id}` }));

function catalogue(count: number) {
  // Gaps in the ids (deleted products), across word boundaries of the bitsets.
  const products: ProductFactRow[] = Array.from({ length: count }, (_, i) => ({
    id: 1 + i + Math.floor(i / 40) * 37,
    price_paise: price(),
    stock: stock(),
    category_id: i === 0 ? 4 : pick([1, 2, 2, 3]),
  }));
  const variants: VariantFactRow[] = products
    .filter((p) => p.id % 11 === 0)
    .flatMap((p) =>
      ['red', 'blue'].flatMap((colour) =>
        ['included', 'not included'].map((battery) => ({
          product_id: p.id,
          price_paise: price(),
          stock: stock(),
          options_json: JSON.stringify({ Colour: colour, Battery: battery }),
        })),
      ),
    );
  const kits = products.filter((p) => p.id % 13 === 0 && p.id % 11 !== 0).map((p) => p.id);
  const kitParts = (): KitPartFactRow[] =>
    kits.flatMap((kit) =>
      [kit - 1, kit - 3].flatMap((part) => products.filter((p) => p.id === part).map((p) => ({ kit_id: kit, quantity: 2, stock: p.stock }))),
    );
  return { products, variants, kits, kitParts };
}

function filters(): DocFilter[] {
  const out: DocFilter[] = [{}, { inStock: true }, { categoryId: 9 }, { categoryId: -1, inStock: true }, { categoryId: 4 }];
  for (let i = 0; i < 20; i++) {
    const f: DocFilter = {};
    if (rand() < 0.5) f.categoryId = pick([1, 2, 3]);
    if (rand() < 0.5) f.inStock = true;
    if (rand() < 0.4) f.minPaise = pick(EDGES);
    if (rand() < 0.4) f.maxPaise = (f.minPaise ?? 0) + pick([0, 1, 50_000, 600_000]);
    out.push(f);
  }
  return out;
}

/** Matches as the engine gives them: a subset of the products, sometimes with ids the facts do not hold. */
function matchesOf(facts: ProductFacts): (number[] | null)[] {
  const ids = [...facts.ids];
  const top = facts.category.length;
  return [
    null,
    [],
    ids,
    ids.filter(() => rand() < 0.03),
    // 50: a gap in the ids (a product deleted since the index was read); past the facts' ids.
    ids.filter(() => rand() < 0.4).concat([50, top + 5, top + 100]),
    // In a capped answer's order (the reads'), not by id.
    ids.filter(() => rand() < 0.7).sort(() => rand() - 0.5),
  ];
}

describe('facet counts from bitsets (decision 103)', () => {
  it('counts what the product-by-product walk counts, for any matches and filters', () => {
    const { products, variants, kitParts } = catalogue(3_000);
    const facts = new ProductFacts(products, categories, variants, kitParts());
    let counted = 0;
    for (const set of matchesOf(facts)) {
      for (const filter of filters()) {
        const expected = countFacets(facts, set, filter, true);
        expect(countFacets(facts, set, filter), JSON.stringify(filter)).toEqual(expected);
        counted += expected.total;
      }
    }
    expect(counted).toBeGreaterThan(10_000);
  });

  it('sorts by price, ties in relevance order, and by newest as comparing them one pair at a time does', () => {
    const { products } = catalogue(3_000);
    // Few prices: many ties, which keep the relevance order.
    for (const p of products) p.price_paise = pick([0, 9_900, 10_000, 250_000, 4_999_900]);
    const facts = new ProductFacts(products, categories);
    for (const n of [0, 1, 2, 60, 500, 3_000]) {
      const ids = [...facts.ids].sort(() => rand() - 0.5).slice(0, n);
      for (const direction of [1, -1] as const) {
        const expected = ids
          .map((id, i) => ({ id, i }))
          .sort((a, b) => direction * (facts.price[a.id]! - facts.price[b.id]!) || a.i - b.i)
          .map((x) => x.id);
        expect(orderBy(facts, direction === 1 ? 'price_asc' : 'price_desc')!(ids)).toEqual(expected);
      }
      expect(orderBy(facts, 'newest')!(ids)).toEqual([...ids].sort((a, b) => b - a));
    }
  });

  it('counts the same after patches of stock, prices and categories as the walk and as facts read again', () => {
    const { products, variants, kits, kitParts } = catalogue(2_000);
    let facts = new ProductFacts(products, categories, variants, kitParts());
    const check = (f: ProductFacts, again: ProductFacts) => {
      for (const set of [null, [...f.ids].filter(() => rand() < 0.5)]) {
        for (const filter of filters().slice(0, 12)) {
          const walked = countFacets(f, set, filter, true);
          expect(countFacets(f, set, filter), JSON.stringify(filter)).toEqual(walked);
          expect(countFacets(again, set, filter)).toEqual(walked);
        }
      }
    };
    check(facts, facts);
    for (let round = 0; round < 12; round++) {
      const changed = new Set<number>();
      for (let k = 0; k < 25; k++) {
        const p = pick(products);
        if (rand() < 0.6) p.stock = stock();
        if (rand() < 0.5) p.price_paise = price();
        // Moved to another category (4: one with few products or none).
        if (rand() < 0.4) p.category_id = pick([1, 2, 3, 4]);
        changed.add(p.id);
        const v = pick(variants);
        v.stock = stock();
        v.price_paise = price();
        changed.add(v.product_id);
      }
      const ids = [...new Set([...changed, ...kits.filter((kit) => changed.has(kit - 1) || changed.has(kit - 3))])];
      const parts = kitParts();
      // What the loader reads again: the rows of these products, their variants, the parts of these kits.
      const of = <T>(rows: T[], idOf: (row: T) => number) => rows.filter((row) => ids.includes(idOf(row)));
      const patched = facts.patched(
        ids,
        of(products, (p) => p.id),
        of(variants, (v) => v.product_id),
        of(parts, (p) => p.kit_id),
      );
      expect(patched).not.toBeNull();
      check(patched!, new ProductFacts(products, categories, variants, parts));
      facts = patched!;
    }
  });
});

describe.each(DB_KINDS)("facet counts follow an admin's changes at once on %s", (kind) => {
  let shop: TestShop;
  let wheels: number;
  let motors: number;
  const facets = async (query: string) => (await shop.app.inject(`/api/search/facets?${query}`)).json() as SearchFacets;
  /** What the counts say, the bands and categories counted in one object each. */
  const counted = async (query: string) => {
    const f = await facets(query);
    const bands = f.prices.filter((p) => p.count > 0).map((p) => [p.value, p.count]);
    return {
      total: f.total,
      inStock: f.inStock,
      categories: Object.fromEntries(f.categories.map((c) => [c.label, c.count])),
      bands: Object.fromEntries(bands),
    };
  };

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD });
    const f = factories(shop);
    wheels = (await f.category('Wheels')).id;
    motors = (await f.category('Motors')).id;
    // Enough products for the bitsets to span several words.
    for (let i = 0; i < 40; i++) {
      await f.product({ title: `Rover wheel ${i}`, categoryId: wheels, pricePaise: 30_000 + i * 100, stock: i % 4 });
    }
    await f.product({ title: 'Rover motor', categoryId: motors, pricePaise: 120_000, stock: 2 });
  });
  afterAll(() => shop.close());

  it('counts a price, a stock and a category changed by the admin on the next request', async () => {
    expect(await counted('q=rover&inStock=1')).toEqual({
      total: 31,
      inStock: 31,
      categories: { Wheels: 30, Motors: 1 },
      bands: { '0-500': 30, '1000-2500': 1 },
    });
    expect((await facets(`q=rover&category=${wheels}`)).total).toBe(40);

    const admin = asAdmin(shop, await adminToken(shop));
    const wheel = (await shop.db.selectFrom('products').select('id').where('title', '=', 'Rover wheel 0').executeTakeFirstOrThrow()).id;
    const res = await admin.form('PATCH', `/api/products/${wheel}`, [
      { name: 'stock', value: '5' },
      { name: 'price', value: '3000' },
      { name: 'category', value: 'Motors' },
    ]);
    expect(res.statusCode, res.body).toBe(200);

    expect(await counted('q=rover&inStock=1')).toEqual({
      total: 32,
      inStock: 32,
      categories: { Wheels: 30, Motors: 2 },
      bands: { '0-500': 30, '1000-2500': 1, '2500-5000': 1 },
    });
    expect((await facets(`q=rover&category=${wheels}`)).total).toBe(39);
    expect((await facets(`category=${motors}&inStock=1`)).total).toBe(2);
  });

  it('stops counting a deleted product on the next request', async () => {
    const admin = asAdmin(shop, await adminToken(shop));
    const motor = (await shop.db.selectFrom('products').select('id').where('title', '=', 'Rover motor').executeTakeFirstOrThrow()).id;
    const res = await admin.delete(`/api/products/${motor}`);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await counted('q=rover&inStock=1')).toEqual({
      total: 31,
      inStock: 31,
      categories: { Wheels: 30, Motors: 1 },
      bands: { '0-500': 30, '2500-5000': 1 },
    });
  });
});
