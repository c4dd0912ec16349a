import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

// A page of search results whose products nobody was shown reads their rows. On PostgreSQL each
// query is a round trip parsed and planned by a backend: the rows and their images come in one
// (decision 078); SQLite keeps a statement of its own for the images. Both answer the same.
describe.each(DB_KINDS)('the products of a page of results on %s', (kind) => {
  let shop: TestShop;
  const images: string[][] = [];
  let productReads: string[] = [];
  beforeAll(async () => {
    shop = await startTestShop(kind);
    const f = factories(shop);
    const { id: categoryId } = await f.category();
    for (let i = 0; i < 3; i++) images.push((await f.product({ categoryId, title: `Zorbly widget ${i}`, images: i * 2 })).images);
    // Query builders run through the executor (db.executeQuery sees only compiled queries run directly).
    const executor = shop.db.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    executor.executeQuery = ((query: CompiledQuery, ...rest: unknown[]) => {
      if (/from "product(s|_images)"/.test(query.sql)) productReads.push(query.sql);
      return (execute as (...a: unknown[]) => ReturnType<typeof execute>)(query, ...rest);
    }) as typeof executor.executeQuery;
  });
  afterAll(() => shop.close());

  it('answers each product with its images in order, read in one query on PostgreSQL', async () => {
    productReads = [];
    const res = await shop.app.inject('/api/products/search/zorbly');
    expect(res.statusCode).toBe(200);
    const byTitle = new Map((res.json() as { title: string; images: string[] }[]).map((p) => [p.title, p.images]));
    expect([0, 1, 2].map((i) => byTitle.get(`Zorbly widget ${i}`))).toEqual(images);
    if (kind === 'postgres') expect(productReads).toHaveLength(1);
  });
});
