import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReturn } from '@shared/returns';
import { ESTIMATE_KEPT_MS, estimatedRows } from '../src/db/row-estimate';
import { ADMIN_PASSWORD, adminToken, asAdmin, countOf } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { insertMany, orderRow } from './helpers/rows';
import { startTestShop, type TestShop } from './helpers/test-app';

/** Issue 29 item 3 for the admin returns list: a count that stops at 10,001 rows (or, on PostgreSQL, an estimate), each page's orders read at once. */
describe.each(DB_KINDS)('admin returns list at size on %s', (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD });
    const at = '2026-01-01T00:00:00.000Z';
    const orders = await shop.db
      .insertInto('orders')
      .values([0, 1, 2].map((i) => orderRow(at, { order_code: `RET${i}`, user_id: `u${i}`, status: 'delivered', email: `r${i}@x.in`, name: `Buyer ${i}` })))
      .returning('id')
      .execute();
    // 10,005 returns, the orders in turn; every thousandth approved.
    await insertMany(shop.db, 'return_requests', 10_005, (i) => ({
      order_id: orders[i % 3]!.id,
      user_id: `u${i % 3}`,
      status: i % 1000 === 0 ? 'approved' : 'requested',
      reason: `reason ${i}`,
      created_at: at,
      updated_at: at,
    }));
  });
  afterAll(() => shop.close());

  it('counts exactly up to 10000 and says "10000 or more" past it; a page names each return\'s order', async () => {
    const admin = asAdmin(shop, await adminToken(shop));
    const all = await admin.get('/api/admin/returns');
    expect(all.statusCode, all.body).toBe(200);
    expect(countOf(all)).toEqual(['10000', 'true']);
    const page = all.json() as AdminReturn[];
    expect(page).toHaveLength(25);
    // Newest first: return i is reason i, on order RET(i % 3).
    expect(page.map((r) => [r.reason, r.orderId, r.customerName])).toEqual(
      Array.from({ length: 25 }, (_, k) => 10_004 - k).map((i) => [`reason ${i}`, `RET${i % 3}`, `Buyer ${i % 3}`]),
    );
    const approved = await admin.get('/api/admin/returns?status=approved');
    expect(countOf(approved)).toEqual(['11', undefined]);
    expect((approved.json() as AdminReturn[]).map((r) => r.reason)).toEqual(Array.from({ length: 11 }, (_, k) => `reason ${(10 - k) * 1000}`));
  });

  it('says "10000 or more" for all returns or a status from the planner\'s estimate on PostgreSQL once it is 50000 or more (decision 109); counts on SQLite', async () => {
    const admin = asAdmin(shop, await adminToken(shop));
    // Autovacuum would correct the estimate after the delete below; here it must stay what ANALYZE said.
    if (kind === 'postgres') await sql`ALTER TABLE return_requests SET (autovacuum_enabled = false)`.execute(shop.db);
    const order = (await shop.db.selectFrom('orders').select('id').where('order_code', '=', 'RET0').executeTakeFirstOrThrow()).id;
    await sql`INSERT INTO return_requests (order_id, user_id, status, reason, created_at, updated_at)
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
      SELECT ${order}, 'u0', 'rejected', 'more ' || i, '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z' FROM n`.execute(shop.db);
    await sql`ANALYZE return_requests`.execute(shop.db);
    // The shop keeps an estimate 10 s: read it again now, as the shop would 10 s later.
    const estimate = await estimatedRows(shop.db, 'return_requests_pkey', Date.now() + ESTIMATE_KEPT_MS);
    expect(estimate).toEqual(kind === 'postgres' ? expect.any(Number) : null);
    if (kind === 'postgres') expect(estimate).toBeGreaterThanOrEqual(50_000);
    expect(countOf(await admin.get('/api/admin/returns'))).toEqual(['10000', 'true']);
    expect(countOf(await admin.get('/api/admin/returns?status=rejected'))).toEqual(['10000', 'true']);
    // All but 1,111 of them and the 11 approved deleted and not analysed again: PostgreSQL's estimate still says "10,000 or more"; SQLite counts what is left.
    await shop.db.deleteFrom('return_requests').where('reason', 'not like', 'more 1%').where('status', '!=', 'approved').execute();
    await shop.db.deleteFrom('return_requests').where('reason', 'like', 'more 1____').execute();
    const left = Number(
      (
        await shop.db
          .selectFrom('return_requests')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(left).toBe(1122);
    const all = await admin.get('/api/admin/returns');
    expect(countOf(all)).toEqual(kind === 'postgres' ? ['10000', 'true'] : ['1122', undefined]);
    expect((all.json() as AdminReturn[])[0]!.reason).toBe('more 1999');
    expect(countOf(await admin.get('/api/admin/returns?status=rejected'))).toEqual(kind === 'postgres' ? ['10000', 'true'] : ['1111', undefined]);
    // A status estimated under 50,000 is counted, exactly under the cap, on both.
    expect(countOf(await admin.get('/api/admin/returns?status=approved'))).toEqual(['11', undefined]);
  });
});
