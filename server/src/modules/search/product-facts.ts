import type { Db } from '../../db/database';
import { publicCacheVersion } from '../../plugins/public-cache';
import { FactBits } from './facet-bits';
import * as repo from './search.repository';

/** An option filter: one option (its name, any case) and the values accepted (any of them). */
export interface OptionFilter {
  name: string;
  values: string[];
}

/** What a filter asks of a product (prices in paise); unset parts accept everything. */
export interface DocFilter {
  categoryId?: number;
  minPaise?: number;
  maxPaise?: number;
  inStock?: boolean;
  /** option values (Battery: included): a product matches when one of its variants takes an accepted value of every option named */
  options?: OptionFilter[];
}

/** An option as the facts know it: its name as first seen and its values (ids, as first seen). */
interface OptionFact {
  label: string;
  values: { id: number; label: string }[];
}

/** Option filters resolved to value ids: per option named, its index and the ids accepted. */
interface ResolvedOptions {
  groups: { option: number; ids: Set<number> }[];
}

const MAX_OPTIONS_PER_VARIANT = 3;
const key = (s: string) => s.trim().toLowerCase();

const parseValues = (json: string): Record<string, string> => {
  try {
    const v = JSON.parse(json) as unknown;
    return v !== null && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
};

/** A variant's option names and values as the facts keep them: the first MAX_OPTIONS_PER_VARIANT. */
const optionValuesOf = (v: repo.VariantFactRow): [string, unknown][] => Object.entries(parseValues(v.options_json)).slice(0, MAX_OPTIONS_PER_VARIANT);

/**
 * Per product id, what the filters of search results and category pages read: price, stock and
 * category, as typed arrays indexed by id (decision 046). About 17 bytes per id: 1.7 MB at 100,000
 * products. A filter is then a few array reads per candidate inside the search engine, never SQL
 * per request.
 *
 * What is shown is what is filtered (decision 046, "Variants and kits"): a product with variants
 * has its lowest variant price and is for sale when any variant is (stock: the sum, -1 when any is
 * untracked); a kit is for sale as far as its parts allow (its own row keeps no stock). Option
 * values are kept per variant (value ids, 0 for none), so "Battery: included" with "in stock only"
 * asks for a variant that has both.
 */
export class ProductFacts {
  /** ids of the products held, ascending */
  readonly ids: Int32Array;
  /** price in paise, by id */
  readonly price: Float64Array;
  /** units for sale, by id; -1 when the stock is not tracked (always for sale) */
  readonly stock: Int32Array;
  /** category id, by id; 0 for no product */
  readonly category: Int32Array;
  /** one more than the highest category id of a product (category ids are a small table's keys): counters by category fit an array */
  readonly categoryLimit: number;
  /** a product's variants: the first's index in the variant arrays and how many (0: none) */
  private readonly variantFirst: Int32Array;
  private readonly variantCount: Uint16Array;
  /** per variant: stock (-1 untracked) and its option value ids, MAX_OPTIONS_PER_VARIANT per variant */
  private readonly variantStock: Int32Array;
  private readonly variantValues: Int32Array;
  /** the option (index into `options`) of each value id; value ids start at 1 */
  private readonly optionOfValue: number[] = [0];
  /** the options of every product, merged by name (any case), in the order first seen */
  readonly options: OptionFact[] = [];
  private readonly optionByKey = new Map<string, number>();
  private readonly valueByKey = new Map<string, number>();

  /** the categories, by id, and their ids by name in lower case (to resolve `?category=` without SQL) */
  readonly categoryNames: Map<number, string>;
  private readonly categoryByKey: Map<string, number>;
  /** the facts as bitsets for facet counts, made on first use (bits()) */
  private factBits: FactBits | null = null;

  constructor(
    rows: repo.ProductFactRow[],
    categories: { id: number; type: string }[] = [],
    variants: repo.VariantFactRow[] = [],
    kitParts: repo.KitPartFactRow[] = [],
  ) {
    this.categoryNames = new Map(categories.map((c) => [c.id, c.type]));
    this.categoryByKey = new Map(categories.map((c) => [c.type.trim().toLowerCase(), c.id]));
    const top = rows.reduce((m, r) => Math.max(m, r.id), 0) + 1;
    this.ids = new Int32Array(rows.length);
    this.price = new Float64Array(top);
    this.stock = new Int32Array(top);
    this.category = new Int32Array(top);
    rows.forEach((r, i) => (this.ids[i] = r.id));
    this.ids.sort();
    this.categoryLimit = rows.reduce((m, r) => Math.max(m, r.category_id), 0) + 1;
    this.setRows(rows);
    this.setKits(kitParts);

    // Variants (rows in product order): lowest price, summed stock, option values.
    this.variantFirst = new Int32Array(top);
    this.variantCount = new Uint16Array(top);
    const held = variants.filter((v) => v.product_id < top && this.category[v.product_id] !== 0);
    this.variantStock = new Int32Array(held.length);
    this.variantValues = new Int32Array(held.length * MAX_OPTIONS_PER_VARIANT);
    held.forEach((v, i) => {
      const id = v.product_id;
      if (this.variantCount[id] === 0) this.variantFirst[id] = i;
      this.setVariant(i, v, this.variantCount[id] === 0);
      this.variantCount[id]!++;
      optionValuesOf(v).forEach(([name, value], j) => {
        if (typeof value === 'string') this.variantValues[i * MAX_OPTIONS_PER_VARIANT + j] = this.valueId(name, value);
      });
    });
  }

  /** Each product's own price, stock and category, from its row. */
  private setRows(rows: repo.ProductFactRow[]): void {
    for (const r of rows) {
      this.price[r.id] = r.price_paise;
      this.stock[r.id] = r.stock === null ? -1 : Math.max(0, r.stock);
      this.category[r.id] = r.category_id;
    }
  }

  /** Kits: the fewest kits their tracked parts allow (decision 045); all untracked: untracked. */
  private setKits(kitParts: repo.KitPartFactRow[]): void {
    const top = this.category.length;
    const kits = new Map<number, number>();
    for (const p of kitParts) {
      if (p.kit_id >= top || p.stock === null) {
        if (p.kit_id < top && !kits.has(p.kit_id)) kits.set(p.kit_id, -1);
        continue;
      }
      const allowed = Math.floor(Math.max(0, p.stock) / Math.max(1, p.quantity));
      const had = kits.get(p.kit_id);
      kits.set(p.kit_id, had === undefined || had === -1 ? allowed : Math.min(had, allowed));
    }
    for (const [id, allowed] of kits) this.stock[id] = allowed;
  }

  /** Variant `i` of its product (the product's `first` or a later one): its stock, and the product's lowest price and summed stock. */
  private setVariant(i: number, v: repo.VariantFactRow, first: boolean): void {
    const id = v.product_id;
    const stock = v.stock === null ? -1 : Math.max(0, v.stock);
    this.variantStock[i] = stock;
    if (first) {
      this.price[id] = v.price_paise;
      this.stock[id] = stock;
    } else {
      this.price[id] = Math.min(this.price[id]!, v.price_paise);
      if (this.stock[id] !== -1) this.stock[id] = stock === -1 ? -1 : Math.min(0x7fffffff, this.stock[id]! + stock);
    }
  }

  /**
   * A copy with these products' facts read again (decision 053): `products` the rows of every id of
   * `ids`, `variants` and `kitParts` all of theirs. Null when a patch cannot say it: a product
   * added or deleted, a new category, variants added, removed or given other option values — the
   * caller then reloads everything.
   */
  patched(ids: number[], products: repo.ProductFactRow[], variants: repo.VariantFactRow[], kitParts: repo.KitPartFactRow[]): ProductFacts | null {
    if (products.length !== ids.length) return null;
    for (const r of products) if (!this.has(r.id) || !this.categoryNames.has(r.category_id) || r.category_id >= this.categoryLimit) return null;
    const counts = new Map<number, number>();
    for (const v of variants) {
      const k = counts.get(v.product_id) ?? 0;
      counts.set(v.product_id, k + 1);
      const i = this.variantFirst[v.product_id]! + k;
      if (k >= this.variantCount[v.product_id]!) return null;
      const values = optionValuesOf(v);
      for (let j = 0; j < MAX_OPTIONS_PER_VARIANT; j++) {
        const [name, value] = values[j] ?? [];
        const id = name !== undefined && typeof value === 'string' ? this.valueByKey.get(`${key(name)}\u0000${key(value)}`) : 0;
        if (id !== this.variantValues[i * MAX_OPTIONS_PER_VARIANT + j]) return null;
      }
    }
    for (const id of ids) if ((counts.get(id) ?? 0) !== this.variantCount[id]) return null;
    // Shares what a patch never changes (ids, option values, categories); copies the arrays it writes.
    const copy = Object.assign(Object.create(ProductFacts.prototype) as object, this, {
      price: this.price.slice(),
      stock: this.stock.slice(),
      category: this.category.slice(),
      variantStock: this.variantStock.slice(),
      factBits: null,
    }) as ProductFacts;
    copy.setRows(products);
    copy.setKits(kitParts);
    const seen = new Map<number, number>();
    for (const v of variants) {
      const k = seen.get(v.product_id) ?? 0;
      seen.set(v.product_id, k + 1);
      copy.setVariant(this.variantFirst[v.product_id]! + k, v, k === 0);
    }
    // Kits are among `ids` (patchFacts adds the kits of changed parts): every product whose facts moved.
    if (this.factBits) copy.factBits = this.factBits.patched(copy, ids);
    return copy;
  }

  /** The facts as bitsets (facet counts, decision 103): made once per copy, patched with it. */
  bits(): FactBits {
    return (this.factBits ??= FactBits.of(this));
  }

  private valueId(name: string, value: string): number {
    const k = `${key(name)}\u0000${key(value)}`;
    let id = this.valueByKey.get(k);
    if (id !== undefined) return id;
    let option = this.optionByKey.get(key(name));
    if (option === undefined) {
      option = this.options.length;
      this.options.push({ label: name.trim(), values: [] });
      this.optionByKey.set(key(name), option);
    }
    id = this.optionOfValue.length;
    this.optionOfValue.push(option);
    this.options[option]!.values.push({ id, label: value.trim() });
    this.valueByKey.set(k, id);
    return id;
  }

  /** Option filters as value ids; an unknown option or value accepts nothing. */
  private resolve(filters: OptionFilter[] | undefined): ResolvedOptions | null {
    if (!filters || filters.length === 0) return null;
    const byOption = new Map<number, Set<number>>();
    for (const f of filters) {
      const option = this.optionByKey.get(key(f.name));
      if (option === undefined) return { groups: [{ option: -1, ids: new Set() }] };
      const ids = byOption.get(option) ?? new Set<number>();
      for (const v of f.values) {
        const id = this.valueByKey.get(`${key(f.name)}\u0000${key(v)}`);
        if (id !== undefined) ids.add(id);
      }
      byOption.set(option, ids);
    }
    return { groups: [...byOption].map(([option, ids]) => ({ option, ids })) };
  }

  /** Whether variant `v` takes an accepted value of group `g`. */
  private variantIn(v: number, ids: Set<number>): boolean {
    for (let j = 0; j < MAX_OPTIONS_PER_VARIANT; j++) {
      const value = this.variantValues[v * MAX_OPTIONS_PER_VARIANT + j]!;
      if (value !== 0 && ids.has(value)) return true;
    }
    return false;
  }

  /** Whether one of the product's variants takes the options asked (and is for sale, when asked). */
  private variantMatch(id: number, options: ResolvedOptions, forSale: boolean): boolean {
    const first = this.variantFirst[id]!;
    const end = first + this.variantCount[id]!;
    for (let v = first; v < end; v++) {
      if (forSale && this.variantStock[v] === 0) continue;
      if (options.groups.every((g) => this.variantIn(v, g.ids))) return true;
    }
    return false;
  }

  /** A category given as its Id or its name (any case), as `?category=` takes it; undefined when there is none. */
  categoryOf(value: string): number | undefined {
    if (/^\d{1,10}$/.test(value)) return this.categoryNames.has(Number(value)) ? Number(value) : undefined;
    return this.categoryByKey.get(value.trim().toLowerCase());
  }

  has(id: number): boolean {
    return id < this.category.length && this.category[id] !== 0;
  }

  /** For sale now: untracked stock, or at least one unit (a variant's, or a kit its parts allow). */
  forSale(id: number): boolean {
    return this.stock[id] !== 0;
  }

  /** A test of one product against the filter (false for a product the facts do not hold). */
  matcher(f: DocFilter): (id: number) => boolean {
    const { categoryId, minPaise = -Infinity, maxPaise = Infinity, inStock = false } = f;
    const { category, price, stock } = this;
    const n = category.length;
    const options = this.resolve(f.options);
    return (id) =>
      id < n &&
      category[id] !== 0 &&
      (categoryId === undefined || category[id] === categoryId) &&
      price[id]! >= minPaise &&
      price[id]! <= maxPaise &&
      (!inStock || stock[id] !== 0) &&
      (options === null || this.variantMatch(id, options, inStock));
  }

  /**
   * The option values one product counts for (facets): values of its variants that take the other
   * options asked — not the value's own option, so its other values stay countable — and are for
   * sale when `forSale`. Adds each value id once to `into`.
   */
  countValues(id: number, options: ResolvedOptions | null, forSale: boolean, into: Map<number, number>): void {
    const first = this.variantFirst[id]!;
    const end = first + this.variantCount[id]!;
    const seen = new Set<number>();
    for (let v = first; v < end; v++) {
      if (forSale && this.variantStock[v] === 0) continue;
      let failed = -2;
      for (const g of options?.groups ?? []) {
        if (this.variantIn(v, g.ids)) continue;
        failed = failed === -2 ? g.option : -3;
      }
      if (failed === -3) continue;
      for (let j = 0; j < MAX_OPTIONS_PER_VARIANT; j++) {
        const value = this.variantValues[v * MAX_OPTIONS_PER_VARIANT + j]!;
        if (value === 0 || seen.has(value)) continue;
        if (failed === -2 || this.optionOfValue[value] === failed) seen.add(value);
      }
    }
    for (const value of seen) into.set(value, (into.get(value) ?? 0) + 1);
  }

  /** The option filters of `f` as this copy of the facts reads them (for facetCounts). */
  optionsOf(f: DocFilter): ResolvedOptions | null {
    return this.resolve(f.options);
  }

  /** Whether the product takes the options asked (any variant; one for sale when `forSale`); with none asked, true or for sale. */
  optionsMatch(id: number, options: ResolvedOptions | null, forSale: boolean): boolean {
    if (options === null) return !forSale || this.forSale(id);
    return this.variantMatch(id, options, forSale);
  }

  hasVariants(id: number): boolean {
    return id < this.variantCount.length && this.variantCount[id] !== 0;
  }
}

async function readFacts(db: Db): Promise<ProductFacts> {
  const [rows, categories, variants, parts] = await Promise.all([
    repo.productFactRows(db),
    repo.categoryRows(db),
    repo.variantFactRows(db),
    repo.kitPartFactRows(db),
  ]);
  return new ProductFacts(rows, categories, variants, parts);
}

/** Products changed since the facts were read at most, for a patch; more and everything is read again (decision 053). */
const MAX_PATCHED = 500;

/**
 * `facts` with the products changed after stamp `from` up to `to` read again, or null when a patch
 * cannot do: too many changes, a category changed (recorded as product 0), or a change a patch
 * cannot say (ProductFacts.patched).
 */
async function patchFacts(db: Db, facts: ProductFacts, from: number, to: number): Promise<ProductFacts | null> {
  const changed = await repo.factChangesBetween(db, from, to, MAX_PATCHED);
  if (changed.length > MAX_PATCHED || changed.includes(0)) return null;
  if (changed.length === 0) return facts;
  // A kit's stock is what its parts allow: kits of a changed product change too.
  const ids = [...new Set([...changed, ...(await repo.kitsOfParts(db, changed))])];
  if (ids.length > MAX_PATCHED) return null;
  const [rows, variants, parts] = await Promise.all([repo.productFactRows(db, ids), repo.variantFactRows(db, ids), repo.kitPartFactRows(db, ids)]);
  return facts.patched(ids, rows, variants, parts);
}

/** How the facts were brought up to date, in this process: patched or read in full (for tests and the figures). */
export const factLoads = { patched: 0, full: 0 };

interface Kept {
  version: number;
  facts: ProductFacts;
  /** every change stamped up to this is in the facts (undefined: unknown, the next load reads everything) */
  stamp?: number;
}
const kept = new WeakMap<Db, Kept>();
const loading = new WeakMap<Db, { version: number; facts: Promise<ProductFacts> }>();

/**
 * The facts of public cache version `version`: the kept ones patched with the products changed
 * since (decision 053), or all of them read again when that cannot be said. The stamp is taken
 * after the version was read, so every change committed before that version is stamped by it.
 */
async function refresh(db: Db, version: number): Promise<Kept> {
  const have = kept.get(db);
  let stamp: { stamp: number; prunedTo: number } | undefined;
  try {
    stamp = await repo.stampFactChanges(db);
  } catch {
    // Cannot write (a read-only replica?): read everything, and next time again.
  }
  if (stamp && have?.stamp !== undefined && stamp.prunedTo <= have.stamp) {
    const facts = await patchFacts(db, have.facts, have.stamp, stamp.stamp);
    if (facts) {
      factLoads.patched++;
      return { version, facts, stamp: stamp.stamp };
    }
  }
  factLoads.full++;
  return { version, facts: await readFacts(db), ...(stamp ? { stamp: stamp.stamp } : {}) };
}

/**
 * The facts of every product, never older than the public cache's version read now: when any change
 * to what the public reads show — an admin's edit, a sale that changed a tracked stock — moved the
 * version, on any server, the products changed since are read again (decision 053; everything when
 * that cannot be said), once for the requests waiting for it. So a filtered answer stored in the
 * public cache under a version was made from that version's facts or newer.
 */
export async function productFacts(db: Db): Promise<ProductFacts> {
  if (db.isTransaction) return readFacts(db);
  const now = publicCacheVersion(db);
  const version = typeof now === 'number' ? now : await now;
  if (!Number.isFinite(version)) return readFacts(db);
  const have = kept.get(db);
  if (have && have.version >= version) return have.facts;
  let load = loading.get(db);
  if (!load || load.version < version) {
    const facts = refresh(db, version).then((made) => {
      const current = kept.get(db);
      if (!current || current.version < version) kept.set(db, made);
      return made.facts;
    });
    load = { version, facts };
    loading.set(db, load);
    const started = load;
    void facts
      .finally(() => {
        if (loading.get(db) === started) loading.delete(db);
      })
      .catch(() => {});
  }
  return load.facts;
}
