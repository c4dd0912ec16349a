import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from './recently-used';

/** A value with a size that can change while it is kept, as a cached answer's does when it is compressed. */
interface Sized {
  name: string;
  bytes: number;
}
const sized = (name: string, bytes: number): Sized => ({ name, bytes });
const mapOf = (maxEntries: number, maxBytes: number) => new RecentlyUsed<string, Sized>(maxEntries, maxBytes, (v) => v.bytes);
const keys = (map: RecentlyUsed<string, Sized>, all: string[]) => all.filter((k) => map.has(k));

describe('RecentlyUsed', () => {
  it('keeps at most its number of entries, the least recently used going first; peek leaves the order as it is', () => {
    const map = mapOf(3, 1000);
    for (const k of ['a', 'b', 'c']) map.set(k, sized(k, 10));
    expect(map.get('a')?.name).toBe('a'); // a used last: b is the oldest now
    expect(map.peek('b')?.name).toBe('b'); // still the oldest
    map.set('d', sized('d', 10));
    expect(keys(map, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
    expect(map.size).toBe(3);
    expect(map.bytes).toBe(30);
    expect(map.get('b')).toBeUndefined();
  });

  it('keeps at most its bytes, evicting as many of the oldest as it takes, and a value alone over them too', () => {
    const map = mapOf(100, 100);
    for (const k of ['a', 'b', 'c', 'd']) map.set(k, sized(k, 25));
    map.set('e', sized('e', 60));
    expect(keys(map, ['a', 'b', 'c', 'd', 'e'])).toEqual(['d', 'e']);
    expect(map.bytes).toBe(85);
    map.set('huge', sized('huge', 101));
    expect(map.size).toBe(0);
    expect(map.bytes).toBe(0);
  });

  it('a value set again under its key takes the place and the bytes of the one before', () => {
    const map = mapOf(2, 100);
    map.set('a', sized('a1', 40));
    map.set('b', sized('b', 40));
    map.set('a', sized('a2', 50)); // a is the most recent now, 90 bytes in all
    expect(map.bytes).toBe(90);
    expect(map.peek('a')?.name).toBe('a2');
    map.set('c', sized('c', 10)); // over two entries: b, the oldest, goes
    expect(keys(map, ['a', 'b', 'c'])).toEqual(['a', 'c']);
    expect(map.bytes).toBe(60);
  });

  it('counts a kept value that grows, evicting the oldest when it goes over; a value no longer kept is not counted', () => {
    const map = mapOf(10, 100);
    const a = sized('a', 30);
    const b = sized('b', 30);
    map.set('a', a);
    map.set('b', b);
    b.bytes += 50;
    map.resized('b', b, 50); // 110 bytes: a, the oldest, goes
    expect(keys(map, ['a', 'b'])).toEqual(['b']);
    expect(map.bytes).toBe(80);
    // a was evicted, and another value stands under b's key: neither is counted.
    a.bytes += 10;
    map.resized('a', a, 10);
    const other = sized('b', 30);
    other.bytes += 5;
    map.resized('b', other, 5);
    expect(map.bytes).toBe(80);
    // Shrinking counts too, and evicting a grown value takes all its bytes away.
    b.bytes -= 20;
    map.resized('b', b, -20);
    expect(map.bytes).toBe(60);
    map.set('c', sized('c', 90));
    expect(keys(map, ['b', 'c'])).toEqual(['c']);
    expect(map.bytes).toBe(90);
  });

  it('forgets one value and its bytes', () => {
    const map = mapOf(10, 100);
    map.set('a', sized('a', 30));
    map.set('b', sized('b', 20));
    map.delete('a');
    map.delete('nothing');
    expect(keys(map, ['a', 'b'])).toEqual(['b']);
    expect(map.bytes).toBe(20);
  });

  it('forgets everything at once', () => {
    const map = mapOf(10, 100);
    map.set('a', sized('a', 30));
    map.clear();
    expect(map.size).toBe(0);
    expect(map.bytes).toBe(0);
    expect(map.get('a')).toBeUndefined();
  });
});
