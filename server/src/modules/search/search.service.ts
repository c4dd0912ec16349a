import type { Db } from '../../db/database';
import { SEARCH_MAX_RESULTS } from '@shared/catalogue.schemas';
import { characterCount, MIN_FUZZY_LENGTH, queryWords, tokenize, withinOneEdit } from '@shared/search-text';
import { andThen, type MaybePromise } from '../../maybe-promise';
import * as repo from './search.repository';
import { MemoryIndex } from './search-memory';
import { searchReplicaOf } from './search-replica';
import type { Posting, SearchSource, TermCandidate } from './search-source';

/** Field weights: a word in the title outranks any number of words in descriptions. */
export const FIELD_WEIGHT = { title: 100, category: 10, description: 1 } as const;
const WEIGHTS = [FIELD_WEIGHT.title, FIELD_WEIGHT.category, FIELD_WEIGHT.description];

const PREFIX_LIMIT = 10;
const FUZZY_LIMIT = 10;
/** Products of the rarest word examined per field when a query has several words (decision 002). */
const MAX_SCAN = 5000;

export interface IndexedProduct {
  id: number;
  title: string;
  description: string;
  category: string;
}

/** The postings of one product: each word once, with the weight of the best field it is in. */
export function postingsOf(p: IndexedProduct): Posting[] {
  const best = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const t of tokenize(text)) best.set(t, Math.max(best.get(t) ?? 0, weight));
  };
  add(p.title, FIELD_WEIGHT.title);
  add(p.category, FIELD_WEIGHT.category);
  add(p.description, FIELD_WEIGHT.description);
  return [...best].map(([term, weight]) => ({ term, product_id: p.id, weight }));
}

/**
 * A transaction that changes products and their index entries. On PostgreSQL it first takes
 * the index's change counter (a row lock every such transaction takes at its end anyway), so
 * that two of them run one after the other: taken in their own order, the product row, the
 * vocabulary's counts and the counter deadlocked (an edit and a deletion of the same product,
 * two products sharing words). Catalogue writes are rare; searches never wait for it.
 */
export function catalogueTransaction<T>(db: Db, write: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await repo.lockIndexChanges(trx);
    return write(trx);
  });
}

/** (Re)indexes products for search; call inside the catalogueTransaction that changed them. */
export async function indexProducts(db: Db, products: IndexedProduct[]): Promise<void> {
  if (products.length === 0) return;
  const ids = products.map((p) => p.id);
  const postings = products.flatMap(postingsOf);
  const deltas = await repo.termCounts(db, ids);
  for (const [term, n] of deltas) deltas.set(term, -n);
  for (const p of postings) deltas.set(p.term, (deltas.get(p.term) ?? 0) + 1);
  await repo.deletePostings(db, ids);
  await repo.addVocabulary(
    db,
    postings.map((p) => p.term),
    MIN_FUZZY_LENGTH,
  );
  await repo.adjustDocCounts(db, deltas);
  await repo.insertPostings(db, postings);
  await repo.recordChanges(db, ids);
}

/** Takes products out of the search index (before they are deleted), inside a catalogueTransaction. */
export async function unindexProducts(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const deltas = await repo.termCounts(db, ids);
  for (const [term, n] of deltas) deltas.set(term, -n);
  await repo.adjustDocCounts(db, deltas);
  await repo.deletePostings(db, ids);
  await repo.recordChanges(db, ids);
}

/** Singular and plural of a word, which count as the word itself ("kit" finds "kits", "boxes" finds "box"). */
export function wordForms(word: string): string[] {
  if (/\d$/.test(word)) return [];
  const sibilant = /(s|x|z|ch|sh)$/.test(word);
  const forms = [sibilant ? `${word}es` : `${word}s`];
  if (/(s|x|z|ch|sh)es$/.test(word)) forms.push(word.slice(0, -2));
  else if (word.endsWith('s') && !word.endsWith('ss') && word.length > 2) forms.push(word.slice(0, -1));
  return forms;
}

/** f over xs one after the other, in order: at once while f answers at once, chained from its first promise on. */
function inOrder<T, R>(xs: readonly T[], f: (x: T, i: number) => MaybePromise<R>): MaybePromise<R[]> {
  const out: R[] = [];
  const from = (i: number): MaybePromise<R[]> => {
    for (; i < xs.length; i++) {
      const r = f(xs[i]!, i);
      if (r instanceof Promise) {
        const next = i + 1;
        return r.then((v) => (out.push(v), from(next)));
      }
      out.push(r);
    }
    return out;
  };
  return from(0);
}

interface QueryWord {
  /** term -> match quality (3 the word or its plural, 2 a word it begins, 1 a typo) */
  terms: Map<string, number>;
  /** products holding any of the terms, at most (a product may hold several) */
  docs: number;
}

/**
 * The vocabulary words each query word stands for: the word itself and its
 * plural or singular when the catalogue has them (one lookup for all words);
 * otherwise words it begins and words one typo away (for words of
 * MIN_FUZZY_LENGTH+ characters). Words that stand for nothing are dropped.
 */
function resolveWords(index: SearchSource, queryWordList: string[]): MaybePromise<QueryWord[]> {
  const formsOf = queryWordList.map((w) => [w, ...wordForms(w)]);
  return andThen(index.docCounts([...new Set(formsOf.flat())]), (counts) =>
    andThen(
      inOrder(queryWordList, (word, i) => resolveWord(index, word, formsOf[i]!, counts)),
      (words) => words.filter((w) => w !== null),
    ),
  );
}

/** One query word of resolveWords: null when it stands for nothing. */
function resolveWord(index: SearchSource, word: string, forms: string[], counts: Map<string, number>): MaybePromise<QueryWord | null> {
  const exact = forms.filter((t) => (counts.get(t) ?? 0) > 0).map((term) => ({ term, quality: 3, doc_count: counts.get(term)! }));
  if (exact.length > 0) return queryWordOf(exact);
  const fuzzy = characterCount(word) >= MIN_FUZZY_LENGTH;
  return andThen(index.findNearTerms(word, { fuzzy, prefixLimit: PREFIX_LIMIT }), (near) => {
    // Most words of a never-asked text that stand for nothing (made-up words) end here (decision 096).
    if (near.length === 0) return null;
    const byCount = (a: TermCandidate, b: TermCandidate) => b.doc_count - a.doc_count || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0);
    const typos = near
      .filter((c) => c.quality === 1 && c.doc_count > 0 && withinOneEdit(word, c.term))
      .sort(byCount)
      .slice(0, FUZZY_LIMIT);
    return queryWordOf([...near.filter((c) => c.quality === 2).sort(byCount), ...typos]);
  });
}

function queryWordOf(chosen: TermCandidate[]): QueryWord | null {
  if (chosen.length === 0) return null;
  const terms = new Map<string, number>();
  const docs = new Map<string, number>();
  for (const c of chosen) {
    terms.set(c.term, Math.max(terms.get(c.term) ?? 0, c.quality));
    docs.set(c.term, c.doc_count);
  }
  return { terms, docs: [...docs.values()].reduce((a, b) => a + b, 0) };
}

/**
 * Product ids matching a shopper's query, best first, at most SEARCH_MAX_RESULTS
 * in all. Every word must match (words that match nothing in the catalogue are
 * ignored). A product's score is the sum over words of its best field weight x
 * match quality, so title matches rank first; ties go to the lower id.
 *
 * The work is bounded whatever the catalogue size: candidates are read from the
 * rarest word's postings, best field first, straight off an index, keeping only
 * products that hold the other words too. One word needs no more than the page;
 * several words read up to SEARCH_MAX_RESULTS candidates among the first MAX_SCAN
 * products of the rarest word per field, then score and sort them.
 */
export async function searchProductIds(db: Db, query: string, page: { limit: number; offset: number }): Promise<number[]> {
  return andThen(searchReplicaOf(db)?.currentNow() ?? null, (index) => search(index ?? repo.databaseSource(db), query, page));
}

/**
 * searchProductIds from the copy in memory only, brought up to the database's latest change: null
 * while it is not loaded or cannot be brought up to date (the caller then asks the app, which may
 * search the tables). At once when the copy holds the latest change (decision 079).
 */
export function searchIdsInMemory(db: Db, query: string, page: { limit: number; offset: number }): MaybePromise<number[] | null> {
  const replica = searchReplicaOf(db);
  if (!replica?.loaded) return null;
  return andThen(replica.currentNow(), (index) => (index ? search(index, query, page) : null));
}

/**
 * Filters on the products and an order other than relevance (decision 046): `accept` is tested on
 * each candidate inside the engine, before the SEARCH_MAX_RESULTS best are kept; `order` then
 * reorders those (stable, so ties keep their relevance order).
 */
export interface Refine {
  accept?: (id: number) => boolean;
  order?: (ranked: number[]) => number[];
}

/**
 * Candidates examined per field of the rarest word when products are filtered in memory: a filter
 * that keeps 1 % of a common word's products must still find them (the test is a few array reads).
 */
const REFINED_SCAN = 200_000;

/** searchProductIds over a given index: the database tables or the copy in memory, which answer alike. */
export async function searchIn(index: SearchSource, query: string, page: { limit: number; offset: number }, refine?: Refine): Promise<number[]> {
  return search(index, query, page, refine);
}

/** searchIn, at once when the index answers at once (the copy in memory). */
function search(index: SearchSource, query: string, page: { limit: number; offset: number }, refine?: Refine): MaybePromise<number[]> {
  const need = Math.min(page.offset + page.limit, SEARCH_MAX_RESULTS);
  if (page.offset >= need) return [];
  return andThen(resolveWords(index, queryWords(query)), (words) => {
    if (words.length === 0) return [];
    // With one word, reading in order of weight x quality is already the ranking.
    const wanted = words.length === 1 && !refine?.order ? need : SEARCH_MAX_RESULTS;
    const scan = refine?.accept && index instanceof MemoryIndex ? REFINED_SCAN : MAX_SCAN;
    const candidates = candidatesOf(index, words, { wanted, scan, accept: refine?.accept });
    return andThen(
      andThen(candidates, (ids) => (words.length === 1 ? ids : rankByScore(index, words, ids))),
      (ranked) => (refine?.order ? refine.order(ranked) : ranked).slice(page.offset, need),
    );
  });
}

/**
 * What the candidates of a query are read from: the rarest word's terms, per field, best weight x
 * quality first (each read in id order), and the other words' terms, one of each to be held.
 */
function readsOf(words: QueryWord[]): { reads: { term: string; weight: number }[]; filters: string[][] } {
  words.sort((a, b) => a.docs - b.docs);
  const [driver, ...others] = words as [QueryWord, ...QueryWord[]];
  // By impact (weight x quality), highest first, ties in the terms' order: every weight (100, 10, 1)
  // outweighs three times the next, so that is by weight, then quality, then the terms' order; made
  // in that order instead of sorted (the sort was a tenth of a matching search's time; decision 096).
  const reads: { term: string; weight: number }[] = [];
  for (const weight of WEIGHTS) {
    for (let quality = 3; quality >= 1; quality--) for (const [term, q] of driver.terms) if (q === quality) reads.push({ term, weight });
  }
  return { reads, filters: others.map((w) => [...w.terms.keys()]) };
}

/** Up to `wanted` products holding every word, in the order of readsOf. */
function candidatesOf(index: SearchSource, words: QueryWord[], o: { wanted: number; scan: number; accept?: (id: number) => boolean }): MaybePromise<number[]> {
  const { reads, filters } = readsOf(words);
  const candidates = new Set<number>();
  const take = (ids: number[]) => {
    for (const id of ids) if (candidates.size < o.wanted) candidates.add(id);
  };
  const from = (k: number): MaybePromise<number[]> => {
    for (; k < reads.length && candidates.size < o.wanted; k++) {
      // Ask for a whole page's worth: products already read under another form of the word come back again.
      const ids = index.matchingProducts({
        term: reads[k]!.term,
        weight: reads[k]!.weight,
        filters,
        limit: o.wanted,
        scan: o.scan,
        ...(o.accept ? { accept: o.accept } : {}),
      });
      if (ids instanceof Promise) {
        const next = k + 1;
        return ids.then((found) => (take(found), from(next)));
      }
      take(ids);
    }
    return [...candidates];
  };
  return from(0);
}

/**
 * Products matched by the query's words, at most `cap` (for facet counts, which need no order):
 * the first `cap` in the order of readsOf, from the copy in memory or the tables. From the copy in
 * memory they are gathered in a bitset, with no ranking and no intermediate arrays (decision 053).
 */
export async function matchSet(db: Db, query: string, cap: number): Promise<ArrayLike<number>> {
  return matchSetIn((await searchReplicaOf(db)?.current()) ?? repo.databaseSource(db), query, cap);
}

/** matchSet over a given index: the database tables or the copy in memory, which find the same products. */
export async function matchSetIn(index: SearchSource, query: string, cap: number): Promise<ArrayLike<number>> {
  const words = await resolveWords(index, queryWords(query));
  if (words.length === 0) return [];
  if (!(index instanceof MemoryIndex)) return await candidatesOf(index, words, { wanted: cap, scan: MAX_SCAN });
  const { reads, filters } = readsOf(words);
  const all = index.allMatching(reads, filters, REFINED_SCAN, cap);
  if (all) return all;
  const set = index.newMatchSet(cap);
  for (const read of reads) {
    if (set.full) break;
    index.collectMatching({ term: read.term, weight: read.weight, filters, scan: REFINED_SCAN }, set);
  }
  return set.ids.subarray(0, set.size);
}

/** searchProductIds with filters and an order (decision 046). */
export async function searchProductIdsRefined(db: Db, query: string, page: { limit: number; offset: number }, refine: Refine): Promise<number[]> {
  const index = (await searchReplicaOf(db)?.current()) ?? repo.databaseSource(db);
  return searchIn(index, query, page, refine);
}

/** Sorts products by their score for the query's words, best first, then by id. */
function rankByScore(index: SearchSource, words: QueryWord[], ids: number[]): MaybePromise<number[]> {
  if (ids.length === 0) return [];
  // The order of the candidates does not matter (ties go to the lower id): work in id order.
  const sorted = Int32Array.from(ids).sort();
  const terms = [...new Set(words.flatMap((w) => [...w.terms.keys()]))];
  return andThen(index.weightsOf(sorted, terms), (weights) => {
    const weightsOfTerm = new Map(terms.map((t, j) => [t, weights[j]!]));
    // A product's score is the sum over the words of its best weight x quality for that word: a
    // whole number (weights 100, 10, 1 times qualities 3, 2, 1), at most a few thousand.
    const score = new Int32Array(sorted.length);
    const best = new Int32Array(sorted.length);
    for (const w of words) {
      best.fill(0);
      for (const [term, quality] of w.terms) {
        const column = weightsOfTerm.get(term)!;
        for (let i = 0; i < sorted.length; i++) best[i] = Math.max(best[i]!, column[i]! * quality);
      }
      for (let i = 0; i < sorted.length; i++) score[i]! += best[i]!;
    }
    return bestFirst(sorted, score);
  });
}

/**
 * The ids (in id order) by score, highest first, ties in id order: a counting sort, stable, so the
 * same order as comparing score then id, without a comparison per pair (the comparing sort was a
 * third of a multi-word search's CPU time under load, decision 029).
 */
function bestFirst(sorted: Int32Array, score: Int32Array): number[] {
  let top = 0;
  for (let i = 0; i < score.length; i++) top = Math.max(top, score[i]!);
  // starts[k]: where the products of score top - k go, once the counts are summed.
  const starts = new Int32Array(top + 2);
  for (let i = 0; i < score.length; i++) starts[top - score[i]! + 1]!++;
  for (let k = 1; k < starts.length; k++) starts[k]! += starts[k - 1]!;
  const out = new Array<number>(sorted.length);
  for (let i = 0; i < sorted.length; i++) out[starts[top - score[i]!]!++] = sorted[i]!;
  return out;
}
