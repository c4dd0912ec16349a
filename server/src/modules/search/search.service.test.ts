import { describe, expect, it } from 'vitest';
import { FIELD_WEIGHT, postingsOf, wordForms } from './search.service';

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
