import type { Db } from '../../db/database';
import { publicCacheVersion } from '../../plugins/public-cache';
import * as repo from './search.repository';

/** What a filter asks of a product (prices in paise); unset parts accept everything. */
export interface DocFilter {
  categoryId?: number;
  minPaise?: number;
  maxPaise?: number;
  inStock?: boolean;
}

/**
 * Per product id, what the filters of search results and category pages read: price, stock and
 * category, as typed arrays indexed by id (decision 046). About 17 bytes per id: 1.7 MB at 100,000
 * products. A filter is then a few array reads per candidate inside the search engine, never SQL
 * per request. Option values of variants can be added the same way (an array of value ids per
 * option, or a bitset per value), beside these.
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

  /** the categories, by id, and their ids by name in lower case (to resolve `?category=` without SQL) */
  readonly categoryNames: Map<number, string>;
  private readonly categoryByKey: Map<string, number>;

  constructor(rows: repo.ProductFactRow[], categories: { id: number; type: string }[] = []) {
    this.categoryNames = new Map(categories.map((c) => [c.id, c.type]));
    this.categoryByKey = new Map(categories.map((c) => [c.type.trim().toLowerCase(), c.id]));
    const top = rows.reduce((m, r) => Math.max(m, r.id), 0) + 1;
    this.ids = new Int32Array(rows.length);
    this.price = new Float64Array(top);
    this.stock = new Int32Array(top);
    this.category = new Int32Array(top);
    rows.forEach((r, i) => {
      this.ids[i] = r.id;
      this.price[r.id] = r.price_paise;
      this.stock[r.id] = r.stock === null ? -1 : Math.max(0, r.stock);
      this.category[r.id] = r.category_id;
    });
    this.ids.sort();
  }

  /** A category given as its Id or its name (any case), as `?category=` takes it; undefined when there is none. */
  categoryOf(value: string): number | undefined {
    if (/^\d{1,10}$/.test(value)) return this.categoryNames.has(Number(value)) ? Number(value) : undefined;
    return this.categoryByKey.get(value.trim().toLowerCase());
  }

  has(id: number): boolean {
    return id < this.category.length && this.category[id] !== 0;
  }

  /** For sale now: untracked stock, or at least one unit. */
  forSale(id: number): boolean {
    return this.stock[id] !== 0;
  }

  /** A test of one product against the filter (false for a product the facts do not hold). */
  matcher(f: DocFilter): (id: number) => boolean {
    const { categoryId, minPaise = -Infinity, maxPaise = Infinity, inStock = false } = f;
    const { category, price, stock } = this;
    const n = category.length;
    return (id) =>
      id < n &&
      category[id] !== 0 &&
      (categoryId === undefined || category[id] === categoryId) &&
      price[id]! >= minPaise &&
      price[id]! <= maxPaise &&
      (!inStock || stock[id] !== 0);
  }
}

async function readFacts(db: Db): Promise<ProductFacts> {
  const [rows, categories] = await Promise.all([repo.productFactRows(db), repo.categoryRows(db)]);
  return new ProductFacts(rows, categories);
}

interface Kept {
  version: number;
  facts: ProductFacts;
}
const kept = new WeakMap<Db, Kept>();
const loading = new WeakMap<Db, { version: number; facts: Promise<ProductFacts> }>();

/**
 * The facts of every product, never older than the public cache's version read now: reloaded (one
 * query of four columns, shared by the requests waiting for it) when any change to what the public
 * reads show — an admin's edit, a sale that changed a tracked stock — moved the version, on any
 * server. So a filtered answer stored in the public cache under a version was made from that
 * version's facts or newer.
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
    const facts = readFacts(db).then((made) => {
      const current = kept.get(db);
      if (!current || current.version < version) kept.set(db, { version, facts: made });
      return made;
    });
    load = { version, facts };
    loading.set(db, load);
    const started = load;
    void facts.finally(() => {
      if (loading.get(db) === started) loading.delete(db);
    }).catch(() => {});
  }
  return load.facts;
}
