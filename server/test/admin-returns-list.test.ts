import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReturn } from '@shared/returns';
import { ADMIN_PASSWORD, adminToken, asAdmin, countOf } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { insertMany, orderRow } from './helpers/rows';
import { startTestShop, type TestShop } from './helpers/test-app';

/** Issue 29 item 3 for the admin returns list: a count that stops at 10,001 rows, each page's orders read at once. */
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
});
