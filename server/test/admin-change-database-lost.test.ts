import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import type { App } from '../src/app';
import { ADMIN_PASSWORD, adminToken, asAdmin } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

/**
 * An admin's change is stored, then the database is lost before its answer leaves: the public
 * cache's version (bumped as the answer leaves, so that every node shows the change) cannot be
 * written. The answer must stay the route's own (a 503 here would have the admin send a stored
 * change again; on a failed change it came out in Fastify's words, "The database is unreachable"),
 * and every node must show the change once the database answers again (decision 104).
 */
describe.runIf(DB_KINDS.includes('postgres'))('an admin change whose cache bump meets a lost database (postgres)', () => {
  let shop: TestShop;
  let other: App;
  let token: string;
  let productId: number;

  beforeAll(async () => {
    shop = await startTestShop('postgres', { ADMIN_PASSWORD });
    other = await shop.secondApp();
    token = await adminToken(shop);
    const f = factories(shop);
    productId = (await f.product({ title: 'Quadcopter Kit', categoryId: (await f.category('Drone Kits')).id })).id;
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** Every write of these tables now fails as during a server's shutdown (57P01), until `foundAgain`. */
  const loseDatabaseOn = async (...tables: string[]) => {
    await sql`CREATE OR REPLACE FUNCTION h2_lost() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01'; END $$`.execute(other.db);
    for (const table of tables)
      await sql`CREATE TRIGGER h2_lost BEFORE UPDATE ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION h2_lost()`.execute(other.db);
  };
  // On the other node's connections: this node's pool counts the database down for a moment.
  const foundAgain = async (...tables: string[]) => {
    for (const table of tables) await sql`DROP TRIGGER h2_lost ON ${sql.table(table)}`.execute(other.db);
  };
  const titleOn = async (app: App) => ((await app.inject(`/api/product/${productId}`)).json() as { title: string }).title;

  it('answers the stored change as stored, and every node shows it once the database answers again', async () => {
    // The other node has the product in its cache (an answer is stored at its second request).
    for (let i = 0; i < 2; i++) expect(await titleOn(other)).toBe('Quadcopter Kit');
    await loseDatabaseOn('public_cache_version');

    const res = await asAdmin(shop, token).form('PATCH', `/api/products/${productId}`, [{ name: 'title', value: 'Hexacopter Kit' }]);
    expect(res.statusCode).toBe(200);
    const stored = await other.db.selectFrom('products').select('title').where('id', '=', productId).executeTakeFirstOrThrow();
    expect(stored.title).toBe('Hexacopter Kit');
    // Not bumped yet: the other node still answers from its cache.
    expect(await titleOn(other)).toBe('Quadcopter Kit');

    await foundAgain('public_cache_version');
    await expect.poll(() => titleOn(other), { timeout: 15_000 }).toBe('Hexacopter Kit');
    expect(await titleOn(shop.app)).toBe('Hexacopter Kit');
  });

  it("answers a change the lost database refused with the shop's 503, not the error's own words", async () => {
    await loseDatabaseOn('products', 'public_cache_version');
    const res = await asAdmin(shop, token).form('PATCH', `/api/products/${productId}`, [{ name: 'title', value: 'Octocopter Kit' }]);
    await foundAgain('products', 'public_cache_version');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: messages.brieflyUnavailable, code: 'unavailable' });
  });
});
