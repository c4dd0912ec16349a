import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refinementFrom, type Refinement } from './search-filters';
import { refined } from './search-filters.schemas';

/**
 * How the URL's filters were read with the API's schema (the storefront's first load now reads them
 * without zod). toEqual: the schema keeps a blank parameter as a key set to undefined, which every
 * reader takes as absent.
 */
function withSchema(params: URLSearchParams): Refinement {
  const schema = refined(z.object({}));
  const raw: Record<string, unknown> = Object.fromEntries(
    ['sort', 'minPrice', 'maxPrice', 'inStock', 'category'].flatMap((k) => (params.has(k) ? [[k, params.get(k)]] : [])),
  );
  const options = params.getAll('option').filter((o) => /^[^:]{1,40}:.{1,60}$/s.test(o));
  if (options.length > 0) raw.option = options.slice(0, 20);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const one = schema.safeParse({ [k]: v });
    if (one.success) Object.assign(out, one.data);
  }
  return out as Refinement;
}

const values: Record<string, string[]> = {
  sort: ['', 'relevance', 'price_asc', 'price_desc', 'newest', 'Newest', 'cheapest'],
  minPrice: ['', '0', '500', '499.50', '499.5', '499.505', '-1', '1e3', ' 5', '10000000', '10000000.01', '99999999', 'abc'],
  maxPrice: ['', '100', '250.25', '10000001', '0.1'],
  inStock: ['', '1', '0', 'true', 'false', 'yes', 'TRUE'],
  category: ['', ' ', 'kits', '  Robot Kits ', '7', 'x'.repeat(200), 'x'.repeat(201), ` ${'y'.repeat(200)} `],
};

describe('refinementFrom', () => {
  it('reads every parameter as the API schema does, alone and together', () => {
    for (const [key, list] of Object.entries(values)) {
      for (const value of list) {
        const params = new URLSearchParams([[key, value]]);
        expect(refinementFrom(params), `${key}=${value}`).toEqual(withSchema(params));
      }
    }
    const mixes = [
      'minPrice=900&maxPrice=100',
      'minPrice=100&maxPrice=900&sort=newest&inStock=1&category=kits',
      'minPrice=abc&maxPrice=100&sort=cheapest&inStock=0',
      'option=Battery:included&option=bad&option=Colour:red&sort=price_asc',
      'option=nocolon&option=',
      `${Array.from({ length: 25 }, (_, i) => `option=Size:${i}`).join('&')}&maxPrice=10000001`,
      'sort=newest&sort=price_asc&category=&category=kits',
      '',
    ];
    for (const search of mixes) {
      const params = new URLSearchParams(search);
      expect(refinementFrom(params), search).toEqual(withSchema(params));
    }
  });
});
