import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgPools, warmConnections } from '../src/db/database';
import { warmProductReads } from '../src/modules/catalogue/catalogue.service';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('the database pool is warm when the shop is ready on %s', (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    // Without the index in memory nothing else reads the database at ready: the open connections are the warm-up's.
    shop = await startTestShop(kind, { SEARCH_IN_MEMORY: '0' }, { waitForSearch: false });
  });
  afterAll(() => shop.close());

  it('holds every connection of the pool open once the app is ready (PostgreSQL; SQLite has none)', () => {
    const pool = pgPools.get(shop.db);
    if (kind === 'sqlite') return expect(pool).toBeUndefined();
    // The test databases' pools hold 4 (helpers/databases.ts): all opened before ready, none closed since.
    expect(pool!.totalCount).toBe(4);
  });

  it('runs the product reads once on each connection of the pool, each on its own backend', async () => {
    const f = factories(shop);
    const { id: categoryId } = await f.category();
    await f.product({ categoryId, images: 1 });
    const backends: number[] = [];
    const warmed = await warmConnections(
      shop.db,
      async (conn) => {
        backends.push((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn)).rows[0]!.pid);
        await warmProductReads(conn);
      },
      5000,
    );
    if (kind === 'sqlite') {
      expect(warmed).toBe(0);
      return expect(backends).toEqual([]);
    }
    expect(warmed).toBe(4);
    expect(new Set(backends).size).toBe(4);
    expect(pgPools.get(shop.db)!.totalCount).toBe(4);
  });
});
