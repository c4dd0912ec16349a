import { PRICE_BANDS } from '@shared/search-filters';
import { bitCount, wordsFor } from './match-bits';

/** The PRICE_BANDS entry a price (in paise) falls in. */
export function bandOf(paise: number): number {
  const rupees = paise / 100;
  for (let b = PRICE_BANDS.length - 1; b >= 0; b--) if (rupees >= PRICE_BANDS[b]!.from) return b;
  return 0;
}

/** What FactBits reads of the product facts (product-facts.ts). */
export interface FactsRead {
  readonly ids: Int32Array;
  readonly price: Float64Array;
  readonly stock: Int32Array;
  readonly category: Int32Array;
  readonly categoryLimit: number;
  has(id: number): boolean;
  hasVariants(id: number): boolean;
}

/**
 * The product facts as bitsets over ids (bit `id & 31` of word `id >>> 5`), for facet counts
 * (decision 103): the products held, for sale, with variants, of each category and of each price
 * band, and each product's band. Made once per copy of the facts; a patch updates a copy of them for
 * the products it changed.
 */
export class FactBits {
  private constructor(
    readonly held: Uint32Array,
    readonly sale: Uint32Array,
    readonly variants: Uint32Array,
    /** by category id: null for a category without products */
    readonly categories: (Uint32Array | null)[],
    /** by PRICE_BANDS entry */
    readonly bands: Uint32Array[],
    /** each product's PRICE_BANDS entry, by id */
    readonly band: Uint8Array,
  ) {}

  static of(facts: FactsRead): FactBits {
    const words = wordsFor(facts.category.length);
    const bits = new FactBits(
      new Uint32Array(words),
      new Uint32Array(words),
      new Uint32Array(words),
      Array.from({ length: facts.categoryLimit }, () => null),
      PRICE_BANDS.map(() => new Uint32Array(words)),
      new Uint8Array(facts.category.length),
    );
    for (const id of facts.ids) bits.set(facts, id);
    return bits;
  }

  /** A copy with the bits of these products made again from `facts` (a patched copy of the facts these were made of). */
  patched(facts: FactsRead, ids: Iterable<number>): FactBits {
    const copy = new FactBits(
      this.held.slice(),
      this.sale.slice(),
      this.variants.slice(),
      this.categories.map((c) => c?.slice() ?? null),
      this.bands.map((b) => b.slice()),
      this.band.slice(),
    );
    for (const id of ids) {
      const word = id >>> 5;
      const bit = ~(1 << (id & 31));
      for (const set of [copy.held, copy.sale, copy.variants, ...copy.bands]) set[word]! &= bit;
      for (const c of copy.categories) if (c) c[word]! &= bit;
      if (facts.has(id)) copy.set(facts, id);
    }
    return copy;
  }

  private set(facts: FactsRead, id: number): void {
    const word = id >>> 5;
    const bit = 1 << (id & 31);
    this.held[word]! |= bit;
    if (facts.stock[id] !== 0) this.sale[word]! |= bit;
    if (facts.hasVariants(id)) this.variants[word]! |= bit;
    const category = facts.category[id]!;
    (this.categories[category] ??= new Uint32Array(this.held.length))[word]! |= bit;
    const band = bandOf(facts.price[id]!);
    this.band[id] = band;
    this.bands[band]![word]! |= bit;
  }
}

/** What facetCounts counts when no option is asked (see there). */
export interface FacetTally {
  total: number;
  forSale: number;
  /** by category id */
  categories: Int32Array;
  /** by PRICE_BANDS entry */
  prices: number[];
}

/** Matched ids set in a word at most for which a count per category or band walks its ids; denser words are counted with one bit count per category and band. */
const SPARSE_WORD = 16;

/**
 * facetCounts' counts without option filters, from the facts' bitsets (decision 103): per 32 ids,
 * the matched products of each dimension (the other dimensions' filters applied, not its own) as one
 * word, counted with bit counts or, for a word with few matches, by its ids. `matches` null: every
 * product. The products with variants counted get their option values added to `values`.
 */
export function tallyBits(
  facts: FactsRead & { countValues(id: number, options: null, forSale: boolean, into: Map<number, number>): void },
  bits: FactBits,
  matches: Uint32Array | null,
  filter: { categoryId?: number | undefined; minPaise?: number | undefined; maxPaise?: number | undefined; inStock?: boolean | undefined },
  values: Map<number, number>,
): FacetTally {
  const { categoryId, minPaise = -Infinity, maxPaise = Infinity, inStock = false } = filter;
  const ranged = minPaise > -Infinity || maxPaise < Infinity;
  const inCategory = categoryId === undefined ? null : (bits.categories[categoryId] ?? new Uint32Array(0));
  const { held, sale: forSaleBits, variants, bands, band, categories: categoryBits } = bits;
  const { price, category } = facts;
  const categories = new Int32Array(facts.categoryLimit);
  const prices = PRICE_BANDS.map(() => 0);
  let total = 0;
  let forSale = 0;
  const words = matches === null ? held.length : Math.min(held.length, matches.length);
  for (let w = 0; w < words; w++) {
    const x = matches === null ? held[w]! : held[w]! & matches[w]!;
    if (x === 0) continue;
    // p: in the price range; c: in the category asked; s: for sale when asked.
    let p = x;
    if (ranged) {
      for (let v = x; v !== 0; v &= v - 1) {
        const low = v & -v;
        const id = (w << 5) | (31 - Math.clz32(low));
        if (price[id]! < minPaise || price[id]! > maxPaise) p &= ~low;
      }
    }
    const c = inCategory === null ? -1 : (inCategory[w] ?? 0);
    const sale = forSaleBits[w]!;
    const s = inStock ? sale : -1;
    total += bitCount(p & c & s);
    forSale += bitCount(p & c & sale);
    const byCategory = p & s;
    if (bitCount(byCategory) <= SPARSE_WORD) {
      for (let v = byCategory; v !== 0; v &= v - 1) categories[category[(w << 5) | (31 - Math.clz32(v & -v))]!]!++;
    } else {
      for (let k = 0; k < categoryBits.length; k++) if (categoryBits[k]) categories[k]! += bitCount(byCategory & categoryBits[k]![w]!);
    }
    const byBand = x & c & s;
    if (bitCount(byBand) <= SPARSE_WORD) {
      for (let v = byBand; v !== 0; v &= v - 1) prices[band[(w << 5) | (31 - Math.clz32(v & -v))]!]!++;
    } else {
      for (let b = 0; b < bands.length; b++) prices[b]! += bitCount(byBand & bands[b]![w]!);
    }
    for (let v = p & c & variants[w]!; v !== 0; v &= v - 1) facts.countValues((w << 5) | (31 - Math.clz32(v & -v)), null, inStock, values);
  }
  return { total, forSale, categories, prices };
}
