/**
 * A map that keeps at most `maxEntries` entries and `maxBytes` bytes, the least recently used
 * evicted first: what the public cache keeps its answers in, and the fast path the bodies it made
 * (decisions 029, 096 and 107). The order of the Map is the order of use, the most recently used
 * last, so eviction walks from the start.
 *
 * A value's size is `sizeOf(value)`, read when it is kept and when it is evicted. A value may grow
 * (or shrink) while kept, say by a compression made after it: its owner changes what `sizeOf`
 * reads and tells the map by how much with `resized`, or the count of bytes goes wrong.
 */
export class RecentlyUsed<K, V> {
  private readonly map = new Map<K, V>();
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The value kept under key, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  /** The value kept under key, its place in the order of use unchanged. */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** Keeps value under key (in place of the one kept there), as the most recently used; then evicts what is over the bounds, this value too if it alone is. */
  set(key: K, value: V): void {
    const old = this.map.get(key);
    if (old !== undefined) {
      this.map.delete(key);
      this.total -= this.sizeOf(old);
    }
    this.map.set(key, value);
    this.total += this.sizeOf(value);
    this.evict();
  }

  /** Counts `bytes` more (or fewer, when negative) for value, if it is still the one kept under key; then evicts what is over the bounds. */
  resized(key: K, value: V, bytes: number): void {
    if (this.map.get(key) !== value) return;
    this.total += bytes;
    this.evict();
  }

  /** Forgets the value kept under key, if any. */
  delete(key: K): void {
    const value = this.map.get(key);
    if (value === undefined) return;
    this.map.delete(key);
    this.total -= this.sizeOf(value);
  }

  /** The number of values kept. */
  get size(): number {
    return this.map.size;
  }

  /** The bytes of the values kept (the sum of their sizes). */
  get bytes(): number {
    return this.total;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  private evict(): void {
    for (const [key, value] of this.map) {
      if (this.map.size <= this.maxEntries && this.total <= this.maxBytes) break;
      this.map.delete(key);
      this.total -= this.sizeOf(value);
    }
  }
}
