import { MAX_WORD_LENGTH } from '@shared/search-text';

/** Multiplier of the strings' polynomial hash (odd, so every power of it is too). */
const BASE = 0x01000193;
/** BASE ** k (mod 2 ** 32) for every length a word may have. */
const POWERS = Int32Array.from({ length: MAX_WORD_LENGTH + 2 }, (_, k) => {
  let p = 1;
  for (let j = 0; j < k; j++) p = Math.imul(p, BASE);
  return p;
});
/** A word the hashes cover: UTF-16 units that are whole characters (no surrogate pairs), at most MAX_WORD_LENGTH. */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The keys of the index's word maps, held as counts per slot of their hashes (decision 090): a
 * test, before a string is built, of whether a map may hold it. A never-asked typo search looks up
 * the query word and each string one deletion away from it; most are in no map (a made-up word's
 * are in none), and building and hashing each of them as a string was half of the typo search's
 * time. Here the hashes of all of a word's deletions come from one walk over it (prefix and suffix
 * hashes), and only those whose slot is taken are built and looked up.
 *
 * A slot's count is the number of keys that hash to it, kept exactly as keys come and go (a slot
 * that reaches 255 stays taken for good), so "not taken" always means "not a key"; a taken slot
 * may be another key's (then the map lookup says no). The table keeps at least four slots per key.
 */
export class KeyHashes {
  private slots = new Uint8Array(1 << 12);
  private keys = 0;

  /** `allKeys`: every key the maps hold now, to count them again when the table grows. */
  constructor(private readonly allKeys: () => Iterable<string>) {}

  /** True when the hashes cover this word (see SURROGATE): otherwise look it up the ordinary way. */
  hashable(word: string): boolean {
    return word.length <= MAX_WORD_LENGTH + 1 && !SURROGATE.test(word);
  }

  /** The polynomial hash of a string's UTF-16 units. */
  hashOf(text: string): number {
    let h = 0;
    for (let i = 0; i < text.length; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
    return h;
  }

  /** Calls f with the hash of word without its i-th unit, for every i (the same hash hashOf gives that string). */
  forEachDeletion(word: string, f: (hash: number, i: number) => void): void {
    const n = word.length;
    // suffix[i]: hash of word.slice(i), built from the end: unit j weighs BASE ** (n - 1 - j).
    const suffix = new Int32Array(n + 1);
    for (let i = n - 1; i >= 0; i--) suffix[i] = (Math.imul(word.charCodeAt(i), POWERS[n - 1 - i]!) + suffix[i + 1]!) | 0;
    let prefix = 0; // hash of word.slice(0, i)
    for (let i = 0; i < n; i++) {
      f((Math.imul(prefix, POWERS[n - 1 - i]!) + suffix[i + 1]!) | 0, i);
      prefix = (Math.imul(prefix, BASE) + word.charCodeAt(i)) | 0;
    }
  }

  /** False when no key has this hash. */
  mayHold(hash: number): boolean {
    return this.slots[slotOf(hash, this.slots.length)] !== 0;
  }

  /** Counts a key that a map holds from now on (call once it is in the map). */
  add(key: string): void {
    if (++this.keys * 4 <= this.slots.length) this.count(key, 1);
    else this.recount();
  }

  /** Uncounts a key that a map no longer holds (call once it is out of the map). */
  remove(key: string): void {
    this.keys--;
    this.count(key, -1);
  }

  private count(key: string, by: 1 | -1): void {
    const slot = slotOf(this.hashOf(key), this.slots.length);
    const n = this.slots[slot]!;
    if (n !== 255) this.slots[slot] = n + by;
  }

  /** Counts every key the maps hold afresh, in a table of at least four slots per key. */
  recount(): void {
    const all = [...this.allKeys()];
    let size = 1 << 12;
    while (size < all.length * 4) size *= 2;
    this.slots = new Uint8Array(size);
    this.keys = all.length;
    for (const key of all) this.count(key, 1);
  }
}

/** The slot of a hash in a table of `size` (a power of two) slots: its bits mixed first, as a polynomial hash's low bits are weak. */
function slotOf(hash: number, size: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) & (size - 1);
}
