import { describe, expect, it } from 'vitest';
import { firstChoice, valueState, variantWith } from './variant-choice';

const variants = [
  { id: 1, sku: null, options: { Battery: 'included', Colour: 'red' }, price: 10, stock: 0 },
  { id: 2, sku: null, options: { Battery: 'included', Colour: 'blue' }, price: 11, stock: 3 },
  { id: 3, sku: null, options: { Battery: 'not included', Colour: 'red' }, price: 8, stock: null },
];

describe('variant choice', () => {
  it('finds the variant of a combination, starts with one that can be bought, and marks values', () => {
    expect(variantWith(variants, { Battery: 'not included', Colour: 'red' })?.id).toBe(3);
    expect(variantWith(variants, { Battery: 'not included', Colour: 'blue' })).toBeUndefined();
    expect(firstChoice(variants)?.id).toBe(2);
    const chosen = { Battery: 'included', Colour: 'blue' };
    expect(valueState(variants, chosen, 'Colour', 'red')).toBe('sold-out');
    expect(valueState(variants, chosen, 'Battery', 'not included')).toBe('none');
    expect(valueState(variants, { Battery: 'not included', Colour: 'red' }, 'Battery', 'included')).toBe('sold-out');
    expect(valueState(variants, chosen, 'Colour', 'blue')).toBe('available');
  });
});
