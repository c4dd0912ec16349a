import type { Db } from '../../db/database';
import { optionFilterOf, PRICE_BANDS, type Sort } from '@shared/search-filters';
import { bandOf, tallyBits } from './facet-bits';
import { bitsOfIds } from './match-bits';
import { productFacts, type DocFilter, type OptionFilter, type ProductFacts } from './product-facts';
import { matchSet, searchProductIdsRefined, type Refine } from './search.service';

/**
 * Filters, sorting and facet counts over search results and category listings (issue 26,
 * decision 046), answered in memory from the products' facts (product-facts.ts) and the search
 * engine's candidates: no SQL per request beyond what a search already does.
 */

/** Matches counted for facets at most; past this the counts are of the best-placed matches (`capped`). */
const FACET_CAP = 20_000;
/** Options and values per option listed in the facets at most (a shop of components has many). */
const MAX_OPTIONS_SHOWN = 12;
const MAX_OPTION_VALUES_SHOWN = 30;

/**
 * Reorders ids (already in relevance order) by price, lowest first (1) or highest first (-1);
 * stable, so ties keep relevance order. Sorted as numbers in a typed array, each the price (whole
 * paise) and the position below it, not with a comparison function: a sixth of the search's own
 * CPU time of a sorted search (decision 103).
 */
const byPrice =
  (facts: ProductFacts, direction: 1 | -1) =>
  (ids: number[]): number[] => {
    const span = 2 ** Math.ceil(Math.log2(ids.length + 1));
    const keys = new Float64Array(ids.length);
    for (let i = 0; i < ids.length; i++) keys[i] = direction * Math.round(facts.price[ids[i]!]!) * span + i;
    keys.sort();
    const out = new Array<number>(ids.length);
    for (let i = 0; i < keys.length; i++) out[i] = ids[keys[i]! - Math.floor(keys[i]! / span) * span]!;
    return out;
  };

/** Reorders ids (already in relevance order) by the sort. */
export function orderBy(facts: ProductFacts, sort: Sort | undefined): ((ids: number[]) => number[]) | undefined {
  switch (sort) {
    case 'price_asc':
      return byPrice(facts, 1);
    case 'price_desc':
      return byPrice(facts, -1);
    // Ids are given in the order products are added: the newest has the highest (distinct ids: no ties).
    case 'newest':
      return (ids) => Array.from(Int32Array.from(ids).sort().reverse());
    default:
      return undefined;
  }
}

const isFiltered = (f: DocFilter) =>
  f.categoryId !== undefined || f.minPaise !== undefined || f.maxPaise !== undefined || f.inStock === true || (f.options?.length ?? 0) > 0;

/** A search's product ids, filtered and sorted; the SPEC's search when neither is asked for. */
export async function refinedSearch(
  db: Db,
  query: string,
  page: { limit: number; offset: number },
  filter: DocFilter,
  sort: Sort | undefined,
): Promise<number[]> {
  const facts = await productFacts(db);
  const refine: Refine = {};
  if (isFiltered(filter)) refine.accept = facts.matcher(filter);
  const order = orderBy(facts, sort);
  if (order) refine.order = order;
  return searchProductIdsRefined(db, query, page, refine);
}

/**
 * Every product passing the filter (a category page), in the sort's order (by default the
 * listing's own: by id), one page of it and how many there are in all.
 */
export async function refinedListing(
  db: Db,
  filter: DocFilter,
  sort: Sort | undefined,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const facts = await productFacts(db);
  const accept = facts.matcher(filter);
  let ids: number[] = [];
  for (const id of facts.ids) if (accept(id)) ids.push(id);
  ids = orderBy(facts, sort)?.(ids) ?? ids;
  return { ids: ids.slice(page.offset, page.offset + page.limit), total: ids.length };
}

/** What a filter asks, with `?category=` (an Id or a name) resolved from the facts in memory; -1 for no such category. */
export async function docFilter(
  db: Db,
  r: { category?: string; minPrice?: number; maxPrice?: number; inStock?: boolean; option?: string[] },
): Promise<DocFilter> {
  const f: DocFilter = {};
  if (r.category !== undefined) f.categoryId = (await productFacts(db)).categoryOf(r.category) ?? -1;
  if (r.minPrice !== undefined) f.minPaise = Math.round(r.minPrice * 100);
  if (r.maxPrice !== undefined) f.maxPaise = Math.round(r.maxPrice * 100);
  if (r.inStock) f.inStock = true;
  if (r.option && r.option.length > 0) {
    // Values of one option are alternatives (included or not included); options together all apply.
    const byName = new Map<string, OptionFilter>();
    for (const text of r.option) {
      const { name, value } = optionFilterOf(text);
      const k = name.trim().toLowerCase();
      const one = byName.get(k) ?? { name, values: [] };
      one.values.push(value);
      byName.set(k, one);
    }
    f.options = [...byName.values()];
  }
  return f;
}

interface FacetCounts {
  total: number;
  capped: boolean;
  /** categories with products counted: id, name, products (in id order) */
  categories: { id: number; name: string; count: number }[];
  /** per PRICE_BANDS entry */
  prices: number[];
  inStock: number;
  /** per option (merged by name), its values with the products counted for each */
  options: { name: string; values: { name: string; value: string; count: number }[] }[];
}

/**
 * Counts beside each filter value, for the matches of `query` (every product without one). Each
 * dimension is counted with the other dimensions' filters applied but not its own, so the other
 * categories (or price bands) stay countable while one is chosen.
 */
export async function facetCounts(db: Db, query: string | undefined, filter: DocFilter): Promise<FacetCounts> {
  const facts = await productFacts(db);
  const set = query === undefined ? null : await matchSet(db, query, FACET_CAP);
  return countFacets(facts, set, filter);
}

/**
 * facetCounts over the matches `set` (null: every product). Without option filters, counted from
 * the facts' bitsets (decision 103); with them, or when `walk`, product by product: the same counts
 * (search-facet-bits.test.ts compares them).
 */
export function countFacets(facts: ProductFacts, set: ArrayLike<number> | null, filter: DocFilter, walk = false): FacetCounts {
  const options = facts.optionsOf(filter);
  const values = new Map<number, number>();
  const tally =
    options === null && !walk
      ? tallyBits(facts, facts.bits(), set === null ? null : bitsOfIds(set, facts.bits().held.length), filter, values)
      : walkFacets(facts, set ?? facts.ids, filter, values);
  const named: FacetCounts['categories'] = [];
  for (let id = 0; id < tally.categories.length; id++) {
    if (tally.categories[id]! > 0) named.push({ id, name: facts.categoryNames.get(id) ?? '', count: tally.categories[id]! });
  }
  // Options with a value counted, or a value asked for (so it can be unticked), in the order first seen.
  const asked = new Set((filter.options ?? []).flatMap((o) => o.values.map((v) => `${o.name.trim().toLowerCase()}\u0000${v.trim().toLowerCase()}`)));
  const optionCounts = facts.options.flatMap((o) => {
    const shown = o.values.flatMap((v) => {
      const count = values.get(v.id) ?? 0;
      return count > 0 || asked.has(`${o.label.toLowerCase()}\u0000${v.label.toLowerCase()}`) ? [{ name: o.label, value: v.label, count }] : [];
    });
    return shown.length > 0 ? [{ name: o.label, values: shown.slice(0, MAX_OPTION_VALUES_SHOWN) }] : [];
  });
  return {
    total: tally.total,
    capped: set !== null && set.length >= FACET_CAP,
    categories: named,
    prices: tally.prices,
    inStock: tally.forSale,
    options: optionCounts.slice(0, MAX_OPTIONS_SHOWN),
  };
}

/** countFacets' counts product by product (with option filters: a product's variants decide). */
function walkFacets(facts: ProductFacts, set: ArrayLike<number>, filter: DocFilter, values: Map<number, number>) {
  const { categoryId, minPaise = -Infinity, maxPaise = Infinity, inStock = false } = filter;
  const options = facts.optionsOf(filter);
  const { category: categoryOf, price: priceOf, stock: stockOf } = facts;
  const categories = new Int32Array(facts.categoryLimit);
  const prices = PRICE_BANDS.map(() => 0);
  let total = 0;
  let forSale = 0;
  for (let i = 0; i < set.length; i++) {
    const id = set[i]!;
    if (!facts.has(id)) continue;
    const category = categoryOf[id]!;
    const price = priceOf[id]!;
    const c = categoryId === undefined || category === categoryId;
    const p = price >= minPaise && price <= maxPaise;
    // The options asked and the stock, together: with options, a variant that has them must be for sale.
    const sale = options === null ? stockOf[id] !== 0 : facts.optionsMatch(id, options, true);
    const s = inStock ? sale : options === null || facts.optionsMatch(id, options, false);
    if (p && s) categories[category]!++;
    if (c && s) prices[bandOf(price)]!++;
    if (c && p && sale) forSale++;
    if (c && p && s) total++;
    if (c && p && facts.hasVariants(id)) facts.countValues(id, options, inStock, values);
  }
  return { total, forSale, categories, prices };
}

/**
 * Up to `n` other products of the product's category for its page: those for sale first, then the
 * newest. Empty for a product the facts do not hold.
 */
export async function relatedProductIds(db: Db, productId: number, n: number): Promise<number[]> {
  const facts = await productFacts(db);
  if (!facts.has(productId)) return [];
  const category = facts.category[productId]!;
  const forSale: number[] = [];
  const soldOut: number[] = [];
  for (let i = facts.ids.length - 1; i >= 0 && forSale.length < n; i--) {
    const id = facts.ids[i]!;
    if (id === productId || facts.category[id] !== category) continue;
    if (facts.forSale(id)) forSale.push(id);
    else if (soldOut.length < n) soldOut.push(id);
  }
  return [...forSale, ...soldOut].slice(0, n);
}
