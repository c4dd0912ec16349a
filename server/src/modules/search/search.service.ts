import type { Db } from '../../db/database';
import { MIN_FUZZY_LENGTH, queryWords, tokenize, withinOneEdit } from '../../../../shared/src/search-text';
import * as repo from './search.repository';

/** Field weights: a word in the title outranks any number of words in descriptions. */
export const FIELD_WEIGHT = { title: 100, category: 10, description: 1 } as const;

const PREFIX_LIMIT = 30;
const FUZZY_LIMIT = 30;

export interface IndexedProduct {
  id: number;
  title: string;
  description: string;
  category: string;
}

/** The postings of one product: each word once, with the weight of the best field it is in. */
export function postingsOf(p: IndexedProduct): repo.Posting[] {
  const best = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const t of tokenize(text)) best.set(t, Math.max(best.get(t) ?? 0, weight));
  };
  add(p.title, FIELD_WEIGHT.title);
  add(p.category, FIELD_WEIGHT.category);
  add(p.description, FIELD_WEIGHT.description);
  return [...best].map(([term, weight]) => ({ term, product_id: p.id, weight }));
}

/** (Re)indexes products for search; call inside the transaction that changed them. */
export async function indexProducts(db: Db, products: IndexedProduct[]): Promise<void> {
  if (products.length === 0) return;
  const postings = products.flatMap(postingsOf);
  await repo.deletePostings(
    db,
    products.map((p) => p.id),
  );
  await repo.addVocabulary(
    db,
    postings.map((p) => p.term),
    MIN_FUZZY_LENGTH,
  );
  await repo.insertPostings(db, postings);
}

/**
 * Product ids matching a shopper's query, best first. Every word must match
 * (exactly, as the start of a word, or with one typo when it has at least
 * MIN_FUZZY_LENGTH characters); words that match nothing in the catalogue are
 * ignored. Title matches rank above category and description matches.
 */
export async function searchProductIds(db: Db, query: string, page: { limit: number; offset: number }): Promise<number[]> {
  const words: repo.WordTerms[] = [];
  for (const word of queryWords(query)) {
    const fuzzy = [...word].length >= MIN_FUZZY_LENGTH;
    const found = await repo.findTermCandidates(db, word, { fuzzy, prefixLimit: PREFIX_LIMIT });
    const terms = new Map<string, number>();
    let typos = 0;
    for (const { term, quality } of found) {
      const q = Number(quality);
      if (q === 1 && (term === word || !withinOneEdit(word, term) || typos++ >= FUZZY_LIMIT)) continue;
      terms.set(term, Math.max(terms.get(term) ?? 0, q));
    }
    if (terms.size > 0) words.push({ terms });
  }
  if (words.length === 0) return [];
  return repo.rankProducts(db, words, page);
}
