import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

// On PostgreSQL each read of the public cache's version is a round trip (on SQLite a kept statement,
// shared within a turn of the event loop): a search the cache has not got reads it once, at its lookup.
describe.each(DB_KINDS.filter((k) => k === 'postgres'))('public cache version read once per request on %s', (kind) => {
  let shop: TestShop;
  let versionReads = 0;
  beforeAll(async () => {
    shop = await startTestShop(kind);
    const f = factories(shop);
    const { id: categoryId } = await f.category();
    for (let i = 0; i < 3; i++) await f.product({ categoryId, title: `Quibble gadget ${i}`, images: 1 });
    const execute = shop.db.executeQuery.bind(shop.db);
    shop.db.executeQuery = ((query: CompiledQuery) => {
      if (query.sql.includes('public_cache_version')) versionReads++;
      return execute(query);
    }) as typeof shop.db.executeQuery;
  });
  afterAll(() => shop.close());

  it('reads the version once for a search whose products are read, and answers it', async () => {
    for (const [i, text] of ['quibble', 'quibble gadget', 'gadget quibble'].entries()) {
      versionReads = 0;
      const res = await shop.app.inject(`/api/products/search/${encodeURIComponent(text)}?n=${i}`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { title: string }[]).map((p) => p.title).sort()).toEqual(['Quibble gadget 0', 'Quibble gadget 1', 'Quibble gadget 2']);
      expect(versionReads, text).toBe(1);
    }
  });
});
