import { z } from 'zod';
import type { App } from '../../app-types';
import {
  Category,
  ErrorBody,
  IdParam,
  Product,
  ProductListQuery,
  SearchQuery,
} from '@shared/catalogue.schemas';
import * as catalogue from './catalogue.service';

export async function catalogueRoutes(app: App) {
  const { db } = app;

  app.get(
    '/api/product/:id',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalogue'],
        summary: 'One product',
        description: 'SPEC\'s fields; a product with options adds `options` and `variants` (`price` is the lowest variant price); a kit adds `parts` and `available`; a part lists the kits it is in under `usedIn`.',
        params: IdParam,
        response: { 200: Product, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => catalogue.productPage(db, req.params.id),
  );

  app.get(
    '/api/products',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalogue'],
        summary: 'Products, paginated (total in X-Total-Count)',
        description: '`category` is a category Id or name; `q` filters by title (case-insensitive substring).',
        querystring: ProductListQuery,
        response: { 200: z.array(Product), 400: ErrorBody },
      },
    },
    async (req, reply) => {
      const { products, total } = await catalogue.listProducts(db, req.query);
      reply.header('X-Total-Count', String(total));
      return products;
    },
  );

  app.get(
    '/api/products/search/:query',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalogue'],
        summary: 'Search products (typo-tolerant, title matches first); 404 when nothing matches',
        params: z.object({ query: z.string().max(2000) }),
        querystring: SearchQuery,
        response: { 200: z.array(Product), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => catalogue.searchProducts(db, req.params.query, req.query),
  );

  // The original backend's GET api/products/:category (a category's type text). Fastify prefers the
  // static search/… route, and the admin's /api/products/:id answers other methods only.
  app.get(
    '/api/products/:category',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalogue'],
        summary: 'Products of a category by its name, paginated (total in X-Total-Count); [] for an unknown category',
        params: z.object({ category: z.string().trim().min(1).max(200) }),
        querystring: ProductListQuery.pick({ limit: true, offset: true }),
        response: { 200: z.array(Product), 400: ErrorBody },
      },
    },
    async (req, reply) => {
      const { products, total } = await catalogue.productsOfCategory(db, req.params.category, req.query);
      reply.header('X-Total-Count', String(total));
      return products;
    },
  );

  app.get(
    '/api/categories',
    {
      config: { publicCache: true },
      schema: { tags: ['catalogue'], summary: 'All categories', response: { 200: z.array(Category) } },
    },
    async () => catalogue.listCategories(db),
  );
}
