import type { Db } from '../../db/database';
import type { Product } from '@shared/catalogue.schemas';
import { andThen, type MaybePromise } from '../../maybe-promise';
import { publicCacheVersion } from '../../plugins/public-cache';

/** Products kept per server; past this, the ones read longest ago are forgotten. */
const MAX_KEPT = 10_000;

interface Kept {
  version: number;
  products: Map<number, Product>;
}

const kept = new WeakMap<Db, Kept>();

/**
 * Products as the public reads show them (search, lists, the home page), kept in memory under the
 * public cache's version: the rows of a product a shopper's search shows are read once, not for
 * every new query, until the next admin change (which every server sees, as for the public cache).
 * The version is read before the rows, so what is kept is never older than its version. Never for
 * money or stock decisions: cart and checkout read the database.
 */
export function keptProductsByIds(db: Db, ids: number[], read: (ids: number[]) => Promise<Product[]>): MaybePromise<Product[]> {
  if (db.isTransaction) return read(ids);
  // At once when the version is (SQLite) and every product is kept: a never-asked search answered
  // from memory then runs with no promise (decision 079).
  return andThen(publicCacheVersion(db), (version) => {
    if (!Number.isFinite(version)) return read(ids);
    let memo = kept.get(db);
    if (!memo || memo.version !== version) {
      // A request that read an older version than the memo's keeps to the database.
      if (memo && memo.version > version) return read(ids);
      kept.set(db, (memo = { version, products: new Map() }));
    }
    const products = memo.products;
    const missing = ids.filter((id) => !products.has(id));
    if (missing.length === 0) return ids.flatMap((id) => products.get(id) ?? []);
    return read(missing).then((found) => {
      for (const p of found) {
        products.delete(p.id);
        products.set(p.id, p);
      }
      for (const id of products.keys()) {
        if (products.size <= MAX_KEPT) break;
        products.delete(id);
      }
      return ids.flatMap((id) => products.get(id) ?? []);
    });
  });
}
