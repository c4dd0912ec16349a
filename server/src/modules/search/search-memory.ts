import { deletions, MIN_FUZZY_LENGTH } from '@shared/search-text';
import { KeyHashes } from './key-hashes';
import { addTo, countOf, idsOf, keepCommon, wordsFor } from './match-bits';
import { find, type MatchQuery, type Posting, type SearchSource, type TermCandidate } from './search-source';

/** The products holding one word, in id order, with the weight of the best field each holds it in. */
interface TermPostings {
  ids: Int32Array;
  weights: Uint8Array;
  /**
   * The same ids as a bitset, made on first use as a filter when it takes at most twice the bytes
   * of the list (null: not worth it); a list that changes is a new object, so this never goes stale.
   */
  bits?: Uint32Array | null;
  /** postings per field weight, counted on first use */
  perWeight?: Map<number, number>;
  /** the ids of the postings of one field weight, made on first use (see idsOfWeight) */
  ofWeight?: Map<number, Int32Array | null>;
}

/** A word's ids as a bitset, when its list is long enough for one (see TermPostings.bits). */
function bitsOf(p: TermPostings): Uint32Array | null {
  if (p.bits !== undefined) return p.bits;
  const words = p.ids.length > 0 ? (p.ids[p.ids.length - 1]! >>> 5) + 1 : 0;
  if (p.ids.length === 0 || words > p.ids.length * 2) return (p.bits = null);
  const bits = new Uint32Array(words);
  for (let i = 0; i < p.ids.length; i++) bits[p.ids[i]! >>> 5]! |= 1 << (p.ids[i]! & 31);
  return (p.bits = bits);
}

/** How many of a word's postings are in the field of this weight. */
function countOfWeight(p: TermPostings, weight: number): number {
  if (!p.perWeight) {
    p.perWeight = new Map();
    for (let i = 0; i < p.weights.length; i++) p.perWeight.set(p.weights[i]!, (p.perWeight.get(p.weights[i]!) ?? 0) + 1);
  }
  return p.perWeight.get(weight) ?? 0;
}

/** Lists shorter than this are walked whole for one field's postings: a copy of them saves little. */
const MIN_SPLIT_LIST = 256;

/**
 * The ids of a word's postings in the field of this weight, in id order, when they are at most half
 * of a long list (decision 095): a read of one field walked the whole list for them, mostly other
 * fields' postings (a title read of a common word walked its descriptions too). Null: walk the list.
 * At most half of each list is copied, only for the words read this way.
 */
function idsOfWeight(p: TermPostings, weight: number, minList: number): Int32Array | null {
  p.ofWeight ??= new Map();
  const made = p.ofWeight.get(weight);
  if (made !== undefined) return made;
  const count = countOfWeight(p, weight);
  let ids: Int32Array | null = null;
  if (p.ids.length >= minList && count * 2 <= p.ids.length) {
    ids = new Int32Array(count);
    for (let i = 0, k = 0; i < p.ids.length; i++) if (p.weights[i] === weight) ids[k++] = p.ids[i]!;
  }
  p.ofWeight.set(weight, ids);
  return ids;
}

const EMPTY: TermPostings = { ids: new Int32Array(0), weights: new Uint8Array(0) };

/**
 * Position of the first id >= target in a sorted array, looking forward from `from` in growing
 * steps, then halving (galloping): a walk through ascending targets costs about the log of each
 * gap, not of the whole list.
 */
function seek(ids: Int32Array, from: number, target: number): number {
  if (from >= ids.length || ids[from]! >= target) return from;
  let lo = from + 1;
  let hi = lo;
  for (let step = 1; hi < ids.length && ids[hi]! < target; step *= 2) {
    lo = hi + 1;
    hi = from + step * 2;
  }
  hi = Math.min(hi, ids.length);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Position of the first string >= word in a sorted array. */
function lowerBound(sorted: string[], word: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The search postings held in memory (decision 021): per word, the ids of the products holding it
 * (sorted, in an Int32Array) and the weight of the best field (Uint8Array). Answers the same four
 * questions as the database tables, so search.service runs one algorithm over either and ranks
 * identically; here a six-word query costs well under a millisecond at 100,000 products.
 */
export class MemoryIndex implements SearchSource {
  private readonly terms: Map<string, TermPostings>;
  /**
   * For typos: the words of MIN_FUZZY_LENGTH+ characters under each string one deletion away from
   * them (as the search_deletes table holds them), so that a query word's few deletions find the
   * words one edit away instead of trying every character at every position.
   */
  private readonly deletes = new Map<string, string[]>();
  /** Every key of `terms` and `deletes`, hashed: the typo search's test before it builds a string (decision 090). */
  private readonly keys = new KeyHashes(() => [...this.terms.keys(), ...this.deletes.keys()]);
  /** the words in sort order, for prefix lookups; rebuilt after the vocabulary changes */
  private sorted: string[] | null = null;
  /** one byte per product id, 1 for the products held (100 KB at 100,000 products), and their count */
  private present = new Uint8Array(0);
  private documentCount = 0;
  /** lists this long or longer have their fields' postings copied apart when read (idsOfWeight; tests set Infinity to compare with whole-list walks) */
  minSplitList = MIN_SPLIT_LIST;
  /** two bitsets of every id, reused by allMatching (which answers at once, so one query at a time) */
  private scratch: [Uint32Array, Uint32Array] | null = null;

  /** A new index holding these postings. */
  static of(postings: Posting[]): MemoryIndex {
    const builder = new MemoryIndexBuilder();
    builder.add(postings);
    return builder.build();
  }

  /** An index of these per-word lists (each sorted by id); see MemoryIndexBuilder. */
  constructor(terms: Map<string, TermPostings> = new Map()) {
    this.terms = terms;
    this.keys.recount();
    for (const term of terms.keys()) this.indexDeletions(term);
    for (const p of terms.values()) for (const id of p.ids) this.markPresent(id);
  }

  /** How many products the index holds (for the metrics). */
  get documents(): number {
    return this.documentCount;
  }

  private markPresent(id: number): void {
    if (id >= this.present.length) {
      const grown = new Uint8Array(Math.max(id + 1, this.present.length * 2));
      grown.set(this.present);
      this.present = grown;
    }
    if (this.present[id] === 0) {
      this.present[id] = 1;
      this.documentCount++;
    }
  }

  get size(): { words: number; postings: number } {
    let postings = 0;
    for (const p of this.terms.values()) postings += p.ids.length;
    return { words: this.terms.size, postings };
  }

  /** Adds postings (of products not in the index, or just removed from it). */
  add(postings: Posting[]): void {
    for (const p of postings) this.markPresent(p.product_id);
    const byTerm = new Map<string, Posting[]>();
    for (const p of postings) {
      const list = byTerm.get(p.term);
      if (list) list.push(p);
      else byTerm.set(p.term, [p]);
    }
    for (const [term, list] of byTerm) {
      const old = this.terms.get(term) ?? EMPTY;
      if (old === EMPTY) {
        this.sorted = null;
        this.indexDeletions(term);
      }
      list.sort((a, b) => a.product_id - b.product_id);
      const ids = new Int32Array(old.ids.length + list.length);
      const weights = new Uint8Array(ids.length);
      // Merge two sorted runs.
      let i = 0;
      let j = 0;
      for (let k = 0; k < ids.length; k++) {
        if (j >= list.length || (i < old.ids.length && old.ids[i]! < list[j]!.product_id)) {
          ids[k] = old.ids[i]!;
          weights[k] = old.weights[i++]!;
        } else {
          ids[k] = list[j]!.product_id;
          weights[k] = list[j++]!.weight;
        }
      }
      this.terms.set(term, { ids, weights });
      if (old === EMPTY) this.keys.add(term);
    }
  }

  /** Takes every posting of these products out. */
  remove(productIds: number[]): void {
    if (productIds.length === 0) return;
    for (const id of productIds) {
      if (this.present[id] === 1) {
        this.present[id] = 0;
        this.documentCount--;
      }
    }
    const gone = new Set(productIds);
    const few = productIds.length <= 32;
    for (const [term, p] of this.terms) {
      const hit = few ? productIds.some((id) => find(p.ids, id) >= 0) : p.ids.some((id) => gone.has(id));
      if (!hit) continue;
      const keep: number[] = [];
      for (let i = 0; i < p.ids.length; i++) if (!gone.has(p.ids[i]!)) keep.push(i);
      if (keep.length === 0) {
        this.terms.delete(term);
        this.sorted = null;
        this.keys.remove(term);
        this.unindexDeletions(term);
        continue;
      }
      this.terms.set(term, { ids: Int32Array.from(keep, (i) => p.ids[i]!), weights: Uint8Array.from(keep, (i) => p.weights[i]!) });
    }
  }

  docCounts(terms: string[]): Map<string, number> {
    const out = new Map<string, number>();
    for (const t of terms) {
      const p = this.terms.get(t);
      if (p) out.set(t, p.ids.length);
    }
    return out;
  }

  findNearTerms(word: string, options: { fuzzy: boolean; prefixLimit: number }): TermCandidate[] {
    const out: TermCandidate[] = [];
    this.sorted ??= [...this.terms.keys()].sort();
    for (let i = lowerBound(this.sorted, word); i < this.sorted.length && this.sorted[i]!.startsWith(word); i++) {
      const term = this.sorted[i]!;
      if (term !== word) out.push({ term, quality: 2, doc_count: this.terms.get(term)!.ids.length });
    }
    if (out.length > 1) out.sort((a, b) => b.doc_count - a.doc_count || (a.term < b.term ? -1 : 1));
    if (out.length > options.prefixLimit) out.length = options.prefixLimit;
    if (options.fuzzy) {
      for (const term of this.oneEditAway(word)) out.push({ term, quality: 1, doc_count: this.terms.get(term)!.ids.length });
    }
    return out;
  }

  /**
   * The indexed words one deletion, insertion, substitution or swap of neighbours away from word,
   * and a few two edits away (a deletion in each: the caller checks every candidate exactly).
   */
  private oneEditAway(word: string): Set<string> {
    if (!this.keys.hashable(word)) return this.oneEditAwayOfAnyWord(word);
    // Only the deletions some key may be are made as strings, in the order of deletions().
    const shorter: string[] = [];
    this.keys.forEachDeletion(word, (hash, i) => {
      if (this.keys.mayHold(hash)) shorter.push(word.slice(0, i) + word.slice(i + 1));
    });
    const near = this.keys.mayHold(this.keys.hashOf(word)) ? this.deletes.get(word) : undefined;
    return this.nearFrom(word, shorter, near);
  }

  /** oneEditAway from the deletions of word that may be keys and the words that lose a character to word. */
  private nearFrom(word: string, shorter: string[], near: string[] | undefined): Set<string> {
    const found = new Set<string>();
    for (const d of shorter) if (this.terms.has(d)) found.add(d); // a character too many
    for (const term of near ?? []) found.add(term); // a character left out
    // A character replaced, or two neighbours swapped: both words lose one character to the same string.
    for (const d of shorter) {
      const terms = this.deletes.get(d);
      if (terms) for (const term of terms) found.add(term);
    }
    found.delete(word);
    return found;
  }

  /** oneEditAway of a word the key hashes do not cover (surrogate pairs: a deletion takes out a whole character). */
  private oneEditAwayOfAnyWord(word: string): Set<string> {
    return this.nearFrom(word, deletions(word), this.deletes.get(word));
  }

  private indexDeletions(term: string): void {
    if ([...term].length < MIN_FUZZY_LENGTH) return;
    for (const d of deletions(term)) {
      const terms = this.deletes.get(d);
      if (terms) terms.push(term);
      else {
        this.deletes.set(d, [term]);
        this.keys.add(d);
      }
    }
  }

  private unindexDeletions(term: string): void {
    if ([...term].length < MIN_FUZZY_LENGTH) return;
    for (const d of deletions(term)) {
      const terms = this.deletes.get(d)?.filter((t) => t !== term) ?? [];
      if (terms.length > 0) this.deletes.set(d, terms);
      else if (this.deletes.delete(d)) this.keys.remove(d);
    }
  }

  /**
   * A test of a candidate against the filters of a MatchQuery (each: at least one of its words),
   * or null when there are none. Candidates must come in id order: the common words are bitsets
   * (one test per candidate), the others lists with a cursor, each walked forward once instead of
   * searched from the start for every candidate (skipping some candidates keeps a cursor valid).
   */
  private holdsAll(filterTerms: string[][]): ((id: number) => boolean) | null {
    if (filterTerms.length === 0) return null;
    const filters = filterTerms.map((terms) => {
      const bitsets: Uint32Array[] = [];
      const lists: Int32Array[] = [];
      for (const t of terms) {
        const postings = this.terms.get(t);
        if (!postings) continue;
        const bits = bitsOf(postings);
        if (bits) bitsets.push(bits);
        else lists.push(postings.ids);
      }
      return { bitsets, lists, cursors: new Array<number>(lists.length).fill(0) };
    });
    const holds = (f: number, id: number) => {
      const { bitsets, lists, cursors } = filters[f]!;
      const word = id >>> 5;
      const bit = 1 << (id & 31);
      for (let j = 0; j < bitsets.length; j++) if (word < bitsets[j]!.length && (bitsets[j]![word]! & bit) !== 0) return true;
      for (let j = 0; j < lists.length; j++) {
        const c = (cursors[j] = seek(lists[j]!, cursors[j]!, id));
        if (c < lists[j]!.length && lists[j]![c] === id) return true;
      }
      return false;
    };
    return (id) => {
      for (let f = 0; f < filters.length; f++) if (!holds(f, id)) return false;
      return true;
    };
  }

  matchingProducts(q: MatchQuery): number[] {
    const p = this.terms.get(q.term);
    if (!p || countOfWeight(p, q.weight) === 0) return [];
    const holds = this.holdsAll(q.filters);
    const out: number[] = [];
    const accept = q.accept;
    const own = idsOfWeight(p, q.weight, this.minSplitList);
    const ids = own ?? p.ids;
    const weights = own ? null : p.weights;
    let scanned = 0;
    for (let i = 0; i < ids.length && out.length < q.limit; i++) {
      if (weights !== null && weights[i] !== q.weight) continue;
      const id = ids[i]!;
      if (holds || accept) {
        if (scanned++ >= q.scan) break;
        if (accept && !accept(id)) continue;
        if (holds && !holds(id)) continue;
      }
      out.push(id);
    }
    return out;
  }

  /** An empty set able to hold any product of this index (for collectMatching). */
  newMatchSet(cap: number): MatchSet {
    return new MatchSet(this.present.length, Math.min(cap, this.documentCount));
  }

  /**
   * For facet counts (decision 053): adds to `into`, in id order, the products matchingProducts
   * would find for `q` (no limit, no `accept`) that it does not hold yet, until it holds its cap.
   * Read after read this gathers the same products as collecting matchingProducts' answers in a
   * Set up to the cap, without the arrays and the Set.
   */
  collectMatching(q: Pick<MatchQuery, 'term' | 'weight' | 'filters' | 'scan'>, into: MatchSet): void {
    const p = this.terms.get(q.term);
    if (!p || countOfWeight(p, q.weight) === 0) return;
    const holds = this.holdsAll(q.filters);
    const own = idsOfWeight(p, q.weight, this.minSplitList);
    const ids = own ?? p.ids;
    const weights = own ? null : p.weights;
    let scanned = 0;
    for (let i = 0; i < ids.length && !into.full; i++) {
      if (weights !== null && weights[i] !== q.weight) continue;
      if (holds) {
        if (scanned++ >= q.scan) break;
        if (!holds(ids[i]!)) continue;
      }
      into.add(ids[i]!);
    }
  }

  /**
   * For facet counts (decision 095): the products collectMatching gathers for these reads up to
   * `cap` (each holding a term of every one of `filters`), as bitsets: the union of the reads'
   * terms intersected with each filter's. When they are no more than the cap and the reads cover
   * every field, all of them in id order; otherwise the reads walk the postings in their order,
   * testing one bit each, until the cap. Null when only collectMatching can say which (a read whose
   * scan would stop before its end).
   */
  allMatching(reads: { term: string; weight: number }[], filters: string[][], scan: number, cap: number): Int32Array | null {
    const words = wordsFor(this.present.length);
    if (!this.scratch || this.scratch[0].length < words) this.scratch = [new Uint32Array(words), new Uint32Array(words)];
    const all = this.scratch[0].subarray(0, words);
    const union = this.scratch[1].subarray(0, words);
    all.fill(0);
    let complete = true;
    const read = new Map<TermPostings, number>();
    for (const r of reads) {
      const p = this.terms.get(r.term);
      if (!p) continue;
      if (filters.length > 0 && countOfWeight(p, r.weight) > scan) return null;
      read.set(p, (read.get(p) ?? 0) + countOfWeight(p, r.weight));
    }
    for (const [p, postings] of read) {
      if (postings !== p.ids.length) complete = false;
      addTo(all, p.ids, bitsOf(p));
    }
    for (const terms of filters) {
      const lists = terms.flatMap((t) => this.terms.get(t) ?? []);
      const only = lists.length === 1 ? bitsOf(lists[0]!) : null;
      if (only) {
        keepCommon(all, only);
        continue;
      }
      union.fill(0);
      for (const p of lists) addTo(union, p.ids, bitsOf(p));
      keepCommon(all, union);
    }
    const count = countOf(all);
    if (count <= cap && complete) return idsOf(all, count);
    // The best-placed: in the reads' order, each product once (its bit cleared when taken).
    const out = new Int32Array(Math.min(cap, count));
    let k = 0;
    for (const r of reads) {
      const p = this.terms.get(r.term);
      if (!p || countOfWeight(p, r.weight) === 0) continue;
      const own = idsOfWeight(p, r.weight, this.minSplitList);
      const ids = own ?? p.ids;
      const weights = own ? null : p.weights;
      for (let i = 0; i < ids.length && k < out.length; i++) {
        if (weights !== null && weights[i] !== r.weight) continue;
        const id = ids[i]!;
        const bit = 1 << (id & 31);
        if ((all[id >>> 5]! & bit) === 0) continue;
        all[id >>> 5]! &= ~bit;
        out[k++] = id;
      }
    }
    return k === out.length ? out : out.subarray(0, k);
  }

  weightsOf(productIds: Int32Array, terms: string[]): Uint8Array[] {
    return terms.map((term) => {
      const out = new Uint8Array(productIds.length);
      const p = this.terms.get(term);
      if (!p) return out;
      for (let k = 0, c = 0; k < productIds.length; k++) {
        c = seek(p.ids, c, productIds[k]!);
        if (c < p.ids.length && p.ids[c] === productIds[k]) out[k] = p.weights[c]!;
      }
      return out;
    });
  }
}

/**
 * Products matched by a query, for counting (facets): a bitset of the ids held (one test per id,
 * no hashing) and the ids in the order added, up to a cap.
 */
export class MatchSet {
  private readonly bits: Uint32Array;
  /** the ids held, `size` of them, in the order added */
  readonly ids: Int32Array;
  size = 0;

  constructor(
    idLimit: number,
    readonly cap: number,
  ) {
    this.bits = new Uint32Array((idLimit >>> 5) + 1);
    this.ids = new Int32Array(Math.max(0, cap));
  }

  get full(): boolean {
    return this.size >= this.cap;
  }

  /** Adds an id below the set's id limit, unless held or full. */
  add(id: number): void {
    const word = id >>> 5;
    const bit = 1 << (id & 31);
    if ((this.bits[word]! & bit) !== 0 || this.size >= this.cap) return;
    this.bits[word]! |= bit;
    this.ids[this.size++] = id;
  }
}

/** One word's postings while loading: typed arrays grown by doubling, `n` of them used. */
interface GrowingList {
  ids: Int32Array;
  weights: Uint8Array;
  n: number;
  /** false once a product id arrived below the one before it */
  sorted: boolean;
}

/**
 * Collects postings batch by batch (a whole catalogue's postings as objects would not fit
 * comfortably in memory at once) and turns them into a MemoryIndex. The lists grow as typed arrays,
 * not as arrays of numbers: at 100,000 products arrays of numbers left some 200 MB of garbage in
 * the heap after the load, which the next full collection had to find (decision 029).
 */
export class MemoryIndexBuilder {
  private readonly lists = new Map<string, GrowingList>();

  add(postings: Posting[]): void {
    for (const p of postings) {
      let list = this.lists.get(p.term);
      if (!list) this.lists.set(p.term, (list = { ids: new Int32Array(8), weights: new Uint8Array(8), n: 0, sorted: true }));
      if (list.n === list.ids.length) {
        const ids = new Int32Array(list.n * 2);
        ids.set(list.ids);
        const weights = new Uint8Array(list.n * 2);
        weights.set(list.weights);
        list.ids = ids;
        list.weights = weights;
      }
      if (list.n > 0 && p.product_id < list.ids[list.n - 1]!) list.sorted = false;
      list.ids[list.n] = p.product_id;
      list.weights[list.n++] = p.weight;
    }
  }

  build(): MemoryIndex {
    const terms = new Map<string, TermPostings>();
    for (const [term, list] of this.lists) {
      const ids = list.ids.slice(0, list.n);
      const weights = list.weights.slice(0, list.n);
      if (list.sorted) {
        terms.set(term, { ids, weights });
        continue;
      }
      const order = Array.from(ids.keys()).sort((a, b) => ids[a]! - ids[b]!);
      terms.set(term, { ids: Int32Array.from(order, (i) => ids[i]!), weights: Uint8Array.from(order, (i) => weights[i]!) });
    }
    this.lists.clear();
    return new MemoryIndex(terms);
  }
}
