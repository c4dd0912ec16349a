/** One row of the search index: a word of a product, with the weight of the best field it is in. */
export interface Posting {
  term: string;
  product_id: number;
  weight: number;
}

/** See SearchSource.matchingProducts. */
export interface MatchQuery {
  term: string;
  weight: number;
  filters: string[][];
  limit: number;
  scan: number;
  /** only products this accepts (filters on price, stock, category: decision 046); they count towards `scan` */
  accept?: (id: number) => boolean;
}

export interface TermCandidate {
  term: string;
  /** 2 a word the query word begins, 1 a typo (to be verified) */
  quality: number;
  doc_count: number;
}

/**
 * What the search algorithm (search.service) asks of an index. Two implementations answer it the
 * same way: the database tables (search.repository) and the copy in memory (search-memory.ts).
 * Either may answer synchronously.
 */
export interface SearchSource {
  /** Product counts of the given words that the index holds (a word may count 0). */
  docCounts(terms: string[]): Map<string, number> | Promise<Map<string, number>>;
  /**
   * Words a query word may stand for when it is not a word itself: up to prefixLimit words it
   * begins (quality 2, the most common first, then in sort order), and with `fuzzy` words that may
   * be one edit away (quality 1; the caller checks them exactly).
   */
  findNearTerms(word: string, options: { fuzzy: boolean; prefixLimit: number }): TermCandidate[] | Promise<TermCandidate[]>;
  /**
   * Up to `limit` products holding `term` in the field of `weight` and, for each of `filters`, at
   * least one of its words, and accepted by `accept`; in product id order. With filters or
   * `accept`, only the first `scan` products of the term in that field are examined.
   */
  matchingProducts(q: MatchQuery): number[] | Promise<number[]>;
  /**
   * For scoring: per word, the weight of its best field in each of these products (sorted by id),
   * in the products' order; 0 where a product does not hold the word.
   */
  weightsOf(productIds: Int32Array, terms: string[]): Uint8Array[] | Promise<Uint8Array[]>;
}

/** Index of id in a sorted array, or -1. */
export function find(ids: Int32Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = ids[mid]!;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
