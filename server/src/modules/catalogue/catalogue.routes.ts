import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-types';
import { andThen } from '../../maybe-promise';
import { publicRoute } from '../../plugins/public-route';
import { responseSerializerCompiler } from '../../plugins/serializers';
import { Category, ErrorBody, IdParam, Product, ProductListQuery, SearchQuery } from '@shared/catalogue.schemas';
import { FacetsQuery, refined, SearchFacets } from '@shared/search-filters.schemas';
import * as catalogue from './catalogue.service';

/** A page of products, their total in X-Total-Count. */
function withTotal<T>(reply: FastifyReply, page: { products: T[]; total: number }): T[] {
  reply.header('X-Total-Count', String(page.total));
  return page.products;
}

export async function catalogueRoutes(app: App) {
  const { db } = app;

  app.get(
    '/api/product/:id',
    publicRoute('catalogue', {
      summary: 'One product',
      description:
        "SPEC's fields; a product with options adds `options` and `variants` (`price` is the lowest variant price); a kit adds `parts` and `available`; a part lists the kits it is in under `usedIn`.",
      params: IdParam,
      response: { 200: Product, 400: ErrorBody, 404: ErrorBody },
    }),
    async (req) => catalogue.productPage(db, req.params.id),
  );

  app.get(
    '/api/products',
    publicRoute('catalogue', {
      summary: 'Products, paginated (total in X-Total-Count)',
      description:
        '`category` is a category Id or name; `q` filters by title (case-insensitive substring). ' +
        '`minPrice`, `maxPrice` (rupees), `inStock=1` and `sort` (price_asc | price_desc | newest) filter and order a ' +
        'category or all products, not together with `q` (400).',
      querystring: refined(ProductListQuery),
      response: { 200: z.array(Product), 400: ErrorBody },
    }),
    async (req, reply) => withTotal(reply, await catalogue.listProducts(db, req.query)),
  );

  const searchRoute = '/api/products/search/:query';
  const searchResults = z.array(Product);
  app.get(
    searchRoute,
    publicRoute('catalogue', {
      summary: 'Search products (typo-tolerant, title matches first); 404 when nothing matches',
      description:
        'Optional filters and order: `category` (Id or name), `minPrice` and `maxPrice` (rupees), `inStock=1`, ' +
        '`option=Name:value` (repeatable: a variant with those option values, e.g. Battery:included), ' +
        '`sort` = relevance (default) | price_asc | price_desc | newest. With a filter set, a text that matches but ' +
        'whose matches the filters exclude answers `[]` (200); a text that matches nothing answers 404 as without. ' +
        'Counts per filter value: `GET /api/search/facets`.',
      params: z.object({ query: z.string().max(2000) }),
      querystring: refined(SearchQuery),
      response: { 200: searchResults, 400: ErrorBody, 404: ErrorBody },
    }),
    async (req) => catalogue.searchProducts(db, req.params.query, req.query),
  );
  // A never-asked plain text gets its answer before Fastify, made by the same service and serialiser
  // from the search index in memory (decisions 071, 079).
  const firstPage = refined(SearchQuery).parse({});
  const products = responseSerializerCompiler({ schema: searchResults, method: 'GET', url: searchRoute, httpStatus: '200' });
  app.publicCache.answerPlain('/api/products/search/', {
    route: searchRoute,
    answer: (text) =>
      andThen(catalogue.searchInMemory(db, text, firstPage.limit), (found) =>
        found === null ? null : found.length === 0 ? { status: 404 as const } : { status: 200 as const, body: products(found) },
      ),
  });

  // The original backend's GET api/products/:category (a category's type text). Fastify prefers the
  // static search/… route, and the admin's /api/products/:id answers other methods only.
  app.get(
    '/api/products/:category',
    publicRoute('catalogue', {
      summary: 'Products of a category by its name, paginated (total in X-Total-Count); [] for an unknown category',
      params: z.object({ category: z.string().trim().min(1).max(200) }),
      querystring: ProductListQuery.pick({ limit: true, offset: true }),
      response: { 200: z.array(Product), 400: ErrorBody },
    }),
    async (req, reply) => withTotal(reply, await catalogue.productsOfCategory(db, req.params.category, req.query)),
  );

  app.get(
    '/api/search/facets',
    publicRoute('catalogue', {
      summary: 'Counts beside each filter value for a search (`q`), or without `q` for every product (a category page)',
      description:
        'Takes the same filters as the search. Each dimension (category, price band, in stock) is counted with the ' +
        "other dimensions' filters applied, not its own; `options` counts the option values of variants. `capped`: the text matched more than 20,000 products and " +
        'the counts are of the best-placed 20,000.',
      querystring: FacetsQuery,
      response: { 200: SearchFacets, 400: ErrorBody },
    }),
    async (req) => catalogue.searchFacets(db, req.query.q, req.query),
  );

  app.get(
    '/api/product/:id/related',
    publicRoute('catalogue', {
      summary: 'A few other products of the same category, for the product page (those for sale first)',
      params: IdParam,
      response: { 200: z.array(Product), 400: ErrorBody, 404: ErrorBody },
    }),
    async (req) => catalogue.relatedProducts(db, req.params.id),
  );

  app.get('/api/categories', publicRoute('catalogue', { summary: 'All categories', response: { 200: z.array(Category) } }), async () =>
    catalogue.listCategories(db),
  );
}
