import { describe, expect, it, vi } from 'vitest';
import { MemoryIndex } from '../src/modules/search/search-memory';
import { matchSetIn, postingsOf, searchIn, type IndexedProduct } from '../src/modules/search/search.service';
import { random } from './helpers/seeded-random';

// Decision 095: facet matches gathered as bitsets and reads of one field from lists copied apart
// find exactly what the walk of whole posting lists found, capped or not.

// Common words (dense lists, kept as bitsets), rarer ones (sparse lists), plurals and typos.
const COMMON = ['robot', 'kit', 'kits', 'for', 'with', 'arduino', 'sensor'];
const RARE = ['robots', 'kids', 'servo', 'servos', 'motor', 'drone', 'camera', 'beginner', 'beginners', 'gear', 'wheel', 'blix', 'quadcopter', 'esp32'];

function catalogue(count: number, rand: () => number): IndexedProduct[] {
  const word = () => (rand() < 0.6 ? COMMON[Math.floor(rand() * COMMON.length)]! : RARE[Math.floor(rand() * RARE.length)]!);
  const words = (n: number) => Array.from({ length: n }, word).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    // Gaps in the ids, as deleted products leave.
    id: 1 + i * 2 + (i % 7 === 0 ? 1 : 0),
    title: words(1 + Math.floor(rand() * 4)),
    description: words(3 + Math.floor(rand() * 10)),
    category: rand() < 0.5 ? 'Robot Kits' : 'Components',
  }));
}

function queries(count: number, rand: () => number): string[] {
  const all = [...COMMON, ...RARE];
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(rand() * 8) }, () => {
      const w = all[Math.floor(rand() * all.length)]!;
      const r = rand();
      // a typo, a prefix or the word
      return r < 0.15 ? w.slice(0, 1) + w.slice(2) : r < 0.25 ? w.slice(0, 3) : w;
    }).join(' '),
  );
}

const products = catalogue(6_000, random(95));
const postings = products.flatMap(postingsOf);
const sorted = (ids: ArrayLike<number>) => Array.from(ids).sort((a, b) => a - b);

describe('filtered searches and facet matches at scale in memory (decision 095)', () => {
  it('gathers for facets the same products as the walk of the postings, up to every cap', async () => {
    const index = MemoryIndex.of(postings);
    const walked = MemoryIndex.of(postings);
    vi.spyOn(walked, 'allMatching').mockReturnValue(null);
    let capped = 0;
    let whole = 0;
    for (const q of queries(120, random(29))) {
      for (const cap of [1, 45, 700, 3_000, 100_000]) {
        const expected = sorted(await matchSetIn(walked, q, cap));
        expect(sorted(await matchSetIn(index, q, cap)), `${q} ${cap}`).toEqual(expected);
        if (expected.length === cap) capped++;
        else if (expected.length > 100) whole++;
      }
    }
    expect(walked.allMatching).toHaveBeenCalled();
    expect(capped).toBeGreaterThan(50); // the caps cut, where the order of the reads decides
    expect(whole).toBeGreaterThan(50); // and every match is counted where they do not
  });

  it('finds, filters and orders as the walk of whole lists does', async () => {
    const index = MemoryIndex.of(postings);
    const whole = MemoryIndex.of(postings);
    whole.minSplitList = Number.POSITIVE_INFINITY;
    const refines = [
      { accept: (id: number) => id % 3 !== 0 },
      { accept: (id: number) => id % 5 === 1, order: (ids: number[]) => [...ids].sort((a, b) => b - a) },
      { order: (ids: number[]) => [...ids].sort((a, b) => (a % 11) - (b % 11)) },
      {},
    ];
    let found = 0;
    for (const q of queries(80, random(31))) {
      for (const refine of refines) {
        for (const page of [
          { limit: 60, offset: 0 },
          { limit: 200, offset: 300 },
        ]) {
          const expected = await searchIn(whole, q, page, refine);
          expect(await searchIn(index, q, page, refine), `${q} ${JSON.stringify(page)}`).toEqual(expected);
          found += expected.length;
        }
      }
    }
    expect(found).toBeGreaterThan(10_000);
  });
});
