import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Product } from '@shared/catalogue.schemas';

type SerializerCompiler = typeof serializerCompiler;

/** JSON of a product object, made once per object. */
const productJson = new WeakMap<object, string>();

/**
 * Response serializers from the routes' zod schemas (fastify-type-provider-zod), except that a
 * product is checked and turned into JSON once per object instead of on every answer: public reads
 * send the same kept product objects (catalogue/public-products.ts) again and again, and a never-
 * asked search spent a tenth of its time checking and serialising its 60 products. A product
 * object is never changed once made (a change makes a new one).
 */
export const responseSerializerCompiler: SerializerCompiler = (route) => {
  const plain = serializerCompiler(route);
  const schema: unknown = route.schema;
  const one = serializerCompiler({ ...route, schema: Product });
  const product = (p: unknown): string => {
    if (typeof p !== 'object' || p === null) return one(p);
    let json = productJson.get(p);
    if (json === undefined) productJson.set(p, (json = one(p)));
    return json;
  };
  if (schema === Product) return product;
  if (schema instanceof z.ZodArray && schema.element === Product) {
    return (data: unknown) => (Array.isArray(data) ? `[${data.map(product).join(',')}]` : plain(data));
  }
  return plain;
};
