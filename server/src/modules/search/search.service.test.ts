import { describe, expect, it } from 'vitest';
import { FIELD_WEIGHT, postingsOf, searchIn, wordForms } from './search.service';
import { MemoryIndex } from './search-memory';
import type { Posting } from './search-source';

describe('search indexing', () => {
  it('indexes each word once with the weight of the best field it appears in', () => {
    const postings = postingsOf({ id: 7, title: 'Drone Kit', category: 'Drone Kits', description: 'A kit to build a drone.' });
    const weight = Object.fromEntries(postings.map((p) => [p.term, p.weight]));
    expect(weight).toEqual({
      drone: FIELD_WEIGHT.title,
      kit: FIELD_WEIGHT.title,
      kits: FIELD_WEIGHT.category,
      a: FIELD_WEIGHT.description,
      to: FIELD_WEIGHT.description,
      build: FIELD_WEIGHT.description,
    });
    expect(postings.every((p) => p.product_id === 7)).toBe(true);
  });
});

describe('word forms', () => {
  it.each([
    ['kit', ['kits']],
    ['kits', ['kitses', 'kit']],
    ['box', ['boxes']],
    ['boxes', ['boxeses', 'box']],
    ['dron', ['drons']],
    ['class', ['classes']],
    ['f450', []],
  ])('%s stands also for %j', (word, forms) => {
    expect(wordForms(word)).toEqual(forms);
  });
});

describe('ranking of a multi-word query', () => {
  it("orders by the sum of the words' best weights, highest first, ties by the lower id", async () => {
    // A seeded generator: each product holds each word (or not) in a random field.
    let seed = 12345;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const fields = [FIELD_WEIGHT.title, FIELD_WEIGHT.category, FIELD_WEIGHT.description];
    const postings: Posting[] = [];
    const held = new Map<number, Map<string, number>>();
    for (let id = 1; id <= 400; id++) {
      const words = new Map<string, number>();
      for (const term of ['alpha', 'beta', 'gamma']) {
        if (random() < 0.3) continue;
        const weight = fields[Math.floor(random() * 3)]!;
        words.set(term, weight);
        postings.push({ term, product_id: id, weight });
      }
      held.set(id, words);
    }
    const index = MemoryIndex.of(postings);
    for (const query of ['alpha beta', 'gamma alpha beta']) {
      const words = query.split(' ');
      // Exact words (quality 3) only: the score is the sum of weight x 3 over the words.
      const expected = [...held]
        .filter(([, w]) => words.every((t) => w.has(t)))
        .map(([id, w]) => ({ id, score: words.reduce((sum, t) => sum + w.get(t)! * 3, 0) }))
        .sort((a, b) => b.score - a.score || a.id - b.id)
        .map((p) => p.id);
      expect(expected.length).toBeGreaterThan(50);
      expect(await searchIn(index, query, { limit: 500, offset: 0 })).toEqual(expected);
      expect(await searchIn(index, query, { limit: 20, offset: 30 })).toEqual(expected.slice(30, 50));
    }
  });
});
