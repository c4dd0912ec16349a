import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import { forgetReadsOfThisTurn } from '../../db/fresh-read';
import { deletions } from '@shared/search-text';
import { find, type MatchQuery, type Posting, type SearchSource, type TermCandidate } from './search-source';

/** Rows per statement: stays under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** How many postings each word has among these products. */
export async function termCounts(db: Db, productIds: number[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const ids of chunks(productIds)) {
    const rows = await db
      .selectFrom('search_postings')
      .select(['term', (eb) => eb.fn.countAll<number>().as('n')])
      .where('product_id', 'in', ids)
      .groupBy('term')
      .execute();
    for (const r of rows) counts.set(r.term, (counts.get(r.term) ?? 0) + Number(r.n));
  }
  return counts;
}

export async function deletePostings(db: Db, productIds: number[]): Promise<void> {
  for (const ids of chunks(productIds)) {
    await db.deleteFrom('search_postings').where('product_id', 'in', ids).execute();
  }
}

export async function insertPostings(db: Db, postings: Posting[]): Promise<void> {
  for (const rows of chunks(postings)) {
    await db.insertInto('search_postings').values(rows).execute();
  }
}

/** Adds words to the vocabulary, with the one-character deletions used for typo matching. */
export async function addVocabulary(db: Db, terms: string[], minFuzzyLength: number): Promise<void> {
  const unique = [...new Set(terms)];
  const fresh: string[] = [];
  for (const batch of chunks(unique)) {
    const known = await db.selectFrom('search_vocab').select('term').where('term', 'in', batch).execute();
    const knownSet = new Set(known.map((r) => r.term));
    fresh.push(...batch.filter((t) => !knownSet.has(t)));
  }
  for (const batch of chunks(fresh)) {
    await db
      .insertInto('search_vocab')
      .values(batch.map((term) => ({ term })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const dels = fresh.filter((t) => [...t].length >= minFuzzyLength).flatMap((term) => deletions(term).map((variant) => ({ variant, term })));
  for (const batch of chunks(dels)) {
    await db
      .insertInto('search_deletes')
      .values(batch)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Moves the product counts of words by the given amounts (one statement per distinct amount). */
export async function adjustDocCounts(db: Db, deltas: Map<string, number>): Promise<void> {
  const byDelta = new Map<number, string[]>();
  for (const [term, delta] of deltas) if (delta !== 0) byDelta.set(delta, [...(byDelta.get(delta) ?? []), term]);
  for (const [delta, terms] of byDelta) {
    for (const batch of chunks(terms)) {
      await db
        .updateTable('search_vocab')
        .set((eb) => ({ doc_count: eb('doc_count', '+', delta) }))
        .where('term', 'in', batch)
        .execute();
    }
  }
}

/** Product counts of the given words that the vocabulary holds. */
async function docCounts(db: Db, terms: string[]): Promise<Map<string, number>> {
  if (terms.length === 0) return new Map();
  const rows = await db.selectFrom('search_vocab').select(['term', 'doc_count']).where('term', 'in', terms).execute();
  return new Map(rows.map((r) => [r.term, Number(r.doc_count)]));
}

/** Vocabulary words that a query word may stand for when it is not a word itself: words it begins, and words one edit away. */
async function findNearTerms(db: Db, word: string, options: { fuzzy: boolean; prefixLimit: number }): Promise<TermCandidate[]> {
  // Binary (memcmp) order on both databases: SQLite's default and PostgreSQL's "C" collation (see migration 001).
  let query = db
    .selectFrom(
      db
        .selectFrom('search_vocab')
        .select(['term', 'doc_count'])
        .where('term', '>', word)
        .where('term', '<', `${word}\u{10FFFF}`)
        .where('doc_count', '>', 0)
        .orderBy('doc_count', 'desc')
        .orderBy('term')
        .limit(options.prefixLimit)
        .as('p'),
    )
    .select(['p.term', sql<number>`2`.as('quality'), 'p.doc_count']);
  if (options.fuzzy) {
    const dels = deletions(word);
    query = query
      .unionAll(
        db
          .selectFrom('search_vocab')
          .select(['term', sql<number>`1`.as('quality'), 'doc_count'])
          .where('term', 'in', dels),
      )
      .unionAll(
        db
          .selectFrom('search_deletes as d')
          .innerJoin('search_vocab as v', 'v.term', 'd.term')
          .select(['d.term', sql<number>`1`.as('quality'), 'v.doc_count'])
          .where('d.variant', 'in', [word, ...dels]),
      );
  }
  const rows = await query.execute();
  return rows.map((r) => ({ term: r.term, quality: Number(r.quality), doc_count: Number(r.doc_count) }));
}

/**
 * Up to `limit` products holding `term` in the field of `weight` and, for each
 * of `filters`, at least one of its words; in product id order, read straight
 * off the (term, weight, product_id) index. Filters go rarest first, so most
 * products are dismissed by the first check. With filters, at most `scan`
 * products of the term are examined, which bounds the time of long queries of
 * common words.
 */
async function matchingProducts(db: Db, q: MatchQuery): Promise<number[]> {
  // Filters on the products themselves (price, stock, category: decision 046) are tested on the
  // rows read. Only while the copy in memory loads: read up to `scan` candidates, then keep `limit`.
  if (q.accept) {
    const { accept, ...rest } = q;
    const ids = await matchingProducts(db, { ...rest, limit: Math.max(q.limit, q.scan) });
    return ids.filter(accept).slice(0, q.limit);
  }
  const postings = db.selectFrom('search_postings').select('product_id').where('term', '=', q.term).where('weight', '=', q.weight).orderBy('product_id');
  if (q.filters.length === 0) {
    const rows = await postings.limit(q.limit).execute();
    return rows.map((r) => Number(r.product_id));
  }
  const postgres = isPostgres(db);
  let query = db.selectFrom(postings.limit(q.scan).as('d')).select('d.product_id');
  q.filters.forEach((terms, i) => {
    const alias = `f${i}` as 'f';
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom(`search_postings as ${alias}`)
          .select(sql.lit(1).as('one'))
          .whereRef(`${alias}.product_id`, '=', 'd.product_id')
          .where(`${alias}.term`, 'in', terms)
          // PostgreSQL turns a plain EXISTS into a hash semi-join that reads every posting of these
          // words (250,000 rows for common ones); with OFFSET 0 it cannot, and probes the
          // (product_id, term) index once per candidate instead, as SQLite does.
          .$if(postgres, (qb) => qb.offset(0)),
      ),
    );
  });
  const rows = await query.orderBy('d.product_id').limit(q.limit).execute();
  return rows.map((r) => Number(r.product_id));
}

/** The columns of search_postings that make a Posting (toPosting). */
const selectPostings = (db: Db) => db.selectFrom('search_postings').select(['term', 'product_id', 'weight']);
const toPosting = (r: Posting): Posting => ({ term: r.term, product_id: Number(r.product_id), weight: Number(r.weight) });

/** Per word, the weight of its best field in each of these products (sorted by id); see SearchSource.weightsOf. */
async function weightsOf(db: Db, productIds: Int32Array, terms: string[]): Promise<Uint8Array[]> {
  const out = terms.map(() => new Uint8Array(productIds.length));
  const column = new Map(terms.map((t, j) => [t, out[j]!]));
  for (const ids of chunks([...productIds])) {
    const rows = await selectPostings(db).where('term', 'in', terms).where('product_id', 'in', ids).execute();
    for (const r of rows) column.get(r.term)![find(productIds, Number(r.product_id))] = Number(r.weight);
  }
  return out;
}

/** The search tables as a SearchSource. */
export function databaseSource(db: Db): SearchSource {
  return {
    docCounts: (terms) => docCounts(db, terms),
    findNearTerms: (word, options) => findNearTerms(db, word, options),
    matchingProducts: (q) => matchingProducts(db, q),
    weightsOf: (ids, terms) => weightsOf(db, ids, terms),
  };
}

/** Change rows older than this many changes are pruned (a server further behind reloads everything). */
const KEEP_CHANGES = 10_000;

/** PostgreSQL: waits for other catalogue writes and holds the change counter until commit (SQLite writes one at a time anyway). */
export async function lockIndexChanges(db: Db): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`SELECT seq FROM search_index_state WHERE id = 1 FOR UPDATE`.execute(db);
}

/**
 * Records, in the transaction that re-indexes them, that these products' postings changed: takes
 * the next change number (the row stays locked until the transaction ends, so numbers become
 * visible in order) and prunes rows too old to be useful.
 */
export async function recordChanges(db: Db, productIds: number[]): Promise<void> {
  const { seq } = await db
    .updateTable('search_index_state')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .where('id', '=', 1)
    .returning('seq')
    .executeTakeFirstOrThrow();
  for (const ids of chunks([...new Set(productIds)])) {
    await db
      .insertInto('search_index_changes')
      .values(ids.map((product_id) => ({ seq: Number(seq), product_id })))
      .execute();
  }
  // This process's next search reads the new change number (not one shared earlier in this turn).
  forgetReadsOfThisTurn();
  const prunable = Number(seq) - KEEP_CHANGES;
  if (prunable > 0 && prunable % 100 === 0) {
    await db.deleteFrom('search_index_changes').where('seq', '<=', prunable).execute();
    await db.updateTable('search_index_state').set({ pruned_to: prunable }).where('id', '=', 1).execute();
  }
}

/** The products changed by the changes numbered after `after` up to `upTo`. */
export async function changedProducts(db: Db, after: number, upTo: number): Promise<number[]> {
  const rows = await db.selectFrom('search_index_changes').select('product_id').distinct().where('seq', '>', after).where('seq', '<=', upTo).execute();
  return rows.map((r) => Number(r.product_id));
}

/** Every posting of these products. */
export async function postingsOfProducts(db: Db, productIds: number[]): Promise<Posting[]> {
  const out: Posting[] = [];
  for (const ids of chunks(productIds)) {
    const rows = await selectPostings(db).where('product_id', 'in', ids).execute();
    out.push(...rows.map(toPosting));
  }
  return out;
}

/**
 * The postings of the next products after `afterId` (about `products` of them), for loading the
 * index piece by piece; `last` is the highest product id read, null at the end.
 */
export async function nextPostings(db: Db, afterId: number, products: number): Promise<{ postings: Posting[]; last: number | null }> {
  const ids = await db.selectFrom('products').select('id').where('id', '>', afterId).orderBy('id').limit(products).execute();
  if (ids.length === 0) return { postings: [], last: null };
  const last = Number(ids[ids.length - 1]!.id);
  const rows = await selectPostings(db).where('product_id', '>', afterId).where('product_id', '<=', last).execute();
  return { postings: rows.map(toPosting), last };
}

export interface ProductFactRow {
  id: number;
  price_paise: number;
  stock: number | null;
  category_id: number;
}

/** A product's or a variant's price and stock as numbers (PostgreSQL answers BIGINT as text); a null stock is not tracked. */
const priceAndStock = (r: { price_paise: unknown; stock: unknown }) => ({
  price_paise: Number(r.price_paise),
  stock: r.stock === null ? null : Number(r.stock),
});

/** Price, stock and category of every product (for filters: product-facts.ts). */
export async function productFactRows(db: Db, only?: number[]): Promise<ProductFactRow[]> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'price_paise', 'stock', 'category_id'])
    .$if(only !== undefined, (q) => q.where('id', 'in', only!))
    .execute();
  return rows.map((r) => ({ id: Number(r.id), ...priceAndStock(r), category_id: Number(r.category_id) }));
}

/** Every category's id and name (for filters by category: product-facts.ts). */
export async function categoryRows(db: Db): Promise<{ id: number; type: string }[]> {
  const rows = await db.selectFrom('categories').select(['id', 'type']).execute();
  return rows.map((r) => ({ id: Number(r.id), type: r.type }));
}

export interface VariantFactRow {
  product_id: number;
  price_paise: number;
  stock: number | null;
  options_json: string;
}

/** Price, stock and option values of every variant, by product (for filters: product-facts.ts). */
export async function variantFactRows(db: Db, only?: number[]): Promise<VariantFactRow[]> {
  const rows = await db
    .selectFrom('product_variants')
    .select(['product_id', 'price_paise', 'stock', 'options_json'])
    .$if(only !== undefined, (q) => q.where('product_id', 'in', only!))
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ product_id: Number(r.product_id), ...priceAndStock(r), options_json: r.options_json }));
}

export interface KitPartFactRow {
  kit_id: number;
  quantity: number;
  /** the part's stock: the variant's when the part is one, else its product's (null: untracked) */
  stock: number | null;
}

/** Every kit's parts with their stock (a kit is for sale as far as its parts allow: product-facts.ts). */
export async function kitPartFactRows(db: Db, onlyKits?: number[]): Promise<KitPartFactRow[]> {
  const rows = await db
    .selectFrom('kit_parts as k')
    .$if(onlyKits !== undefined, (q) => q.where('k.kit_id', 'in', onlyKits!))
    .innerJoin('products as p', 'p.id', 'k.part_product_id')
    .leftJoin('product_variants as v', 'v.id', 'k.part_variant_id')
    .select(['k.kit_id', 'k.quantity', 'k.part_variant_id', 'p.stock as product_stock', 'v.id as variant_id', 'v.stock as variant_stock'])
    .execute();
  return rows.map((r) => {
    // A part naming a variant that is gone allows no kits (the admin refuses removing it; a guard).
    const stock = r.part_variant_id !== null ? (r.variant_id === null ? 0 : r.variant_stock) : r.product_stock;
    return { kit_id: Number(r.kit_id), quantity: Number(r.quantity), stock: stock === null ? null : Number(stock) };
  });
}

/** Stamps kept: a server whose facts are older than this many stamps reloads them all (decision 053). */
const KEEP_FACT_STAMPS = 1_000;

/**
 * Takes the next stamp of the product fact changes and gives it to every change row without one
 * (decision 053): the state's row lock is held until commit, so stamps become visible in order, and
 * a change committed before this call is stamped by it or an earlier one. Prunes old stamps.
 */
export async function stampFactChanges(db: Db): Promise<{ stamp: number; prunedTo: number }> {
  return db.transaction().execute(async (trx) => {
    const state = await sql<{ stamp: number | string; pruned_to: number | string }>`
      UPDATE product_fact_state SET stamp = stamp + 1 WHERE id = 1 RETURNING stamp, pruned_to`.execute(trx);
    const stamp = Number(state.rows[0]!.stamp);
    let prunedTo = Number(state.rows[0]!.pruned_to);
    await sql`UPDATE product_fact_changes SET stamp = ${stamp} WHERE stamp IS NULL`.execute(trx);
    if (stamp - KEEP_FACT_STAMPS > prunedTo && stamp % 100 === 0) {
      prunedTo = stamp - KEEP_FACT_STAMPS;
      await sql`DELETE FROM product_fact_changes WHERE stamp <= ${prunedTo}`.execute(trx);
      await sql`UPDATE product_fact_state SET pruned_to = ${prunedTo} WHERE id = 1`.execute(trx);
    }
    return { stamp, prunedTo };
  });
}

/** The products (0: every product) of the change rows stamped after `after` up to `upTo`, at most `max` + 1 of them. */
export async function factChangesBetween(db: Db, after: number, upTo: number, max: number): Promise<number[]> {
  const rows = await sql<{ product_id: number | string }>`
    SELECT DISTINCT product_id FROM product_fact_changes WHERE stamp > ${after} AND stamp <= ${upTo} LIMIT ${max + 1}`.execute(db);
  return rows.rows.map((r) => Number(r.product_id));
}

/** The kits having any of these products as a part. */
export async function kitsOfParts(db: Db, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const rows = await db.selectFrom('kit_parts').select('kit_id').distinct().where('part_product_id', 'in', productIds).execute();
  return rows.map((r) => Number(r.kit_id));
}
