import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Category, Product } from '@shared/catalogue.schemas';
import { responseSerializerCompiler } from './serializers';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as Parameters<typeof serializerCompiler>[0];
const product = (id: number, price = 10) => ({
  id,
  title: `Kit ${id}`,
  price,
  description: 'A kit.',
  images: [],
  category: 'Kits',
  stock: null,
  extra: 'not sent',
});

describe('response serializers', () => {
  it('answer exactly as the zod serializer does, for products, product lists and anything else', () => {
    const list = [product(1), product(2, 25.5)];
    expect(responseSerializerCompiler(route(z.array(Product)))(list)).toBe(serializerCompiler(route(z.array(Product)))(list));
    expect(responseSerializerCompiler(route(Product))(list[0])).toBe(serializerCompiler(route(Product))(list[0]));
    expect(responseSerializerCompiler(route(Product))(list[0])).not.toContain('extra');
    const categories = [{ Id: 1, type: 'Kits' }];
    expect(responseSerializerCompiler(route(z.array(Category)))(categories)).toBe(JSON.stringify(categories));
  });

  it('serialise each product object once, and a new object afresh', () => {
    const serialize = responseSerializerCompiler(route(z.array(Product)));
    const p = product(3);
    expect(serialize([p])).toContain('"price":10');
    const changed = { ...p, price: 99 };
    expect(serialize([changed])).toContain('"price":99');
    expect(serialize([p, changed])).toBe(`[${JSON.stringify({ ...p, extra: undefined })},${JSON.stringify({ ...changed, extra: undefined })}]`);
  });

  it('refuse a product that does not fit the schema', () => {
    expect(() => responseSerializerCompiler(route(z.array(Product)))([{ id: 'x' }])).toThrow();
  });
});
