import { describe, expect, it } from 'vitest';
import { ErrorBody, HomePage, IdParam, MAX_ID, Product, ProductListQuery, PublicConfig, SearchQuery } from './catalogue.schemas';
import { accepted, eachValue, refused } from './testing/schema-outcome';

describe('an id in the path', () => {
  it.each([
    ['1', 1],
    ['0042', 42],
    ['2147483647', MAX_ID],
  ])('reads %s as %i', (id, expected) => {
    expect(accepted(IdParam, { id })).toEqual({ id: expected });
  });

  it.each(['', '0', '2147483648', '12345678901', '-1', '1.5', '1e3', ' 12', '12 ', 'kit'])('refuses %j', (id) => {
    expect(Object.keys(refused(IdParam, { id }))).toEqual(['id']);
  });
});

describe('the product list and search queries', () => {
  it.each([
    ['the product list', ProductListQuery, {}, { limit: 100, offset: 0 }],
    ['the product list', ProductListQuery, { category: ' Drone Kits ', q: ' kit ' }, { category: 'Drone Kits', q: ' kit ', limit: 100, offset: 0 }],
    [
      'the product list',
      ProductListQuery,
      { category: ` ${'c'.repeat(200)} `, q: 'q'.repeat(2000) },
      { category: 'c'.repeat(200), q: 'q'.repeat(2000), limit: 100, offset: 0 },
    ],
    ['the product list', ProductListQuery, { limit: '1', offset: '10000000' }, { limit: 1, offset: 10_000_000 }],
    ['the product list', ProductListQuery, { limit: 500, offset: 0 }, { limit: 500, offset: 0 }],
    ['search', SearchQuery, {}, { limit: 60, offset: 0 }],
    ['search', SearchQuery, { limit: '1', offset: '500' }, { limit: 1, offset: 500 }],
    ['search', SearchQuery, { limit: 200 }, { limit: 200, offset: 0 }],
  ])('%s reads %j', (_n, schema, query, expected) => {
    expect(accepted(schema, query)).toStrictEqual(expected);
  });

  it.each([
    ...eachValue({ category: ['c'.repeat(201)], q: ['q'.repeat(2001)], limit: [0, 501, 2.5], offset: [-1, 10_000_001, 0.5] }).map(
      (query) => ['the product list', ProductListQuery, query] as const,
    ),
    ...eachValue({ limit: [0, 201, 1.5], offset: [-1, 501, 0.5] }).map((query) => ['search', SearchQuery, query] as const),
  ])('%s refuses %j', (_n, schema, query) => {
    expect(Object.keys(refused(schema, query))).toEqual(Object.keys(query));
  });
});

describe('catalogue answers', () => {
  const product = { id: 7, title: 'Drone Kit', price: 1499.5, description: 'A kit', images: ['/uploads/p/a.png'], category: 'Drone Kits', stock: null };
  it.each([
    ['a product', Product, product],
    [
      'the home page',
      HomePage,
      { adverts: [{ id: 1, url: '/uploads/a/1.png' }], sections: [{ category: { Id: 2, type: 'Drone Kits' }, total: 13, products: [product] }] },
    ],
    ['an error', ErrorBody, { message: 'Title is required', code: 'validation', fields: { title: 'Title is required' } }],
    [
      'the public configuration',
      PublicConfig,
      {
        shopName: 'Robokits',
        homeSiteUrl: 'https://robokits.example',
        links: { about: '/about', privacy: '/privacy', contact: '/contact', feePayments: '/fees', instagram: 'i', youtube: 'y', linkedin: 'l', facebook: 'f' },
      },
    ],
  ])('%s passes through whole', (_n, schema, answer) => {
    expect(accepted(schema, answer)).toEqual(answer);
  });
});
