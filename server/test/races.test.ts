import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, adminToken, asAdmin, png } from './helpers/admin';
import { as, makeCoupon } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { ORIGIN, verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

/**
 * Requests that reach a row at the moment an admin deletes it: each check ("does the
 * category exist?", "is the product still there?") can pass just before the deletion
 * commits, so the write then meets a foreign key. The answer must be a 4xx that says
 * what happened, never a 500, and nothing may be left half-written. On PostgreSQL the
 * requests really run at the same time (SQLite serialises writes, so it rarely races).
 */
const ROUNDS = 6;

describe.each(DB_KINDS)('requests racing a deletion on %s', (kind) => {
  let shop: TestShop;
  let admin: ReturnType<typeof asAdmin>;
  let shoppers: Awaited<ReturnType<typeof verifiedShopper>>[];

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD });
    admin = asAdmin(shop, await adminToken(shop));
    shoppers = await Promise.all(Array.from({ length: 4 }, () => verifiedShopper(shop)));
  });
  afterAll(() => shop.close());

  const no5xx = (answers: { statusCode: number; body: string; json: () => { message?: unknown } }[]) => {
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode >= 400) expect(typeof res.json().message, res.body).toBe('string');
    }
  };

  it('adds products to a category while it is deleted: each add is either kept in a category that exists or refused with a 4xx', async () => {
    const image = await png();
    for (let round = 0; round < ROUNDS; round++) {
      const name = `Race Kits ${round}`;
      const category = (await admin.post('/api/categories', { name })).json() as { Id: number };
      const add = () =>
        admin.form('POST', '/api/products', [
          { name: 'title', value: `Race product ${round}` },
          { name: 'price', value: '100' },
          { name: 'category', value: name },
          { name: 'images', value: image, filename: 'a.png', type: 'image/png' },
        ]);
      const answers = await Promise.all([
        add(),
        add(),
        admin.delete(`/api/categories/${category.Id}`),
        add(),
        admin.patch(`/api/categories/${category.Id}`, { name: `${name} again` }),
      ]);
      no5xx(answers);
      const left = await shop.db.selectFrom('products').select(['id', 'category_id']).where('title', '=', `Race product ${round}`).execute();
      const created = answers.filter((r, i) => i !== 2 && i !== 4 && r.statusCode === 201).length;
      expect(left).toHaveLength(created);
      const categoryLeft = await shop.db.selectFrom('categories').select('id').where('id', '=', category.Id).executeTakeFirst();
      if (answers[2]!.statusCode === 200) expect(categoryLeft).toBeUndefined();
      else expect(answers[2]!.json().code).toBe('category_in_use');
      for (const p of left) expect(p.category_id).toBe(category.Id);
    }
  });

  it('fills carts, orders and claims a product while it is deleted, without a 5xx', async () => {
    const f = factories(shop);
    const category = await f.category('Vanishing Kits');
    for (let round = 0; round < ROUNDS; round++) {
      const paid = await f.product({ title: `Vanishing kit ${round}`, pricePaise: 49_900, categoryId: category.id });
      const free = await f.product({ title: `Vanishing free kit ${round}`, pricePaise: 0, categoryId: category.id });
      const claim = (productId: number, i: number) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/freeclaim',
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          payload: {
            name: 'Asha',
            email: `race${round}-${i}@example.com`,
            mobile: '9876543210',
            school: 'KV Pune',
            classna: '8',
            division: 'A',
            rollNo: String(i),
            productId,
          },
        });
      const answers = await Promise.all([
        ...shoppers.map((s) => as(shop, s.cookie).post('/api/cart', { productId: paid.id, quantity: 1 })),
        admin.delete(`/api/products/${paid.id}`),
        ...shoppers.map((s) => as(shop, s.cookie).post('/api/createBulkOrder', { items: [{ productId: paid.id, quantity: 1 }] })),
        claim(free.id, 1),
        admin.delete(`/api/products/${free.id}`),
        claim(free.id, 2),
        admin.form('PATCH', `/api/products/${paid.id}`, [{ name: 'price', value: '10' }]),
      ]);
      no5xx(answers);
      expect(await shop.db.selectFrom('products').select('id').where('id', 'in', [paid.id, free.id]).execute()).toEqual([]);
      // An order placed before the deletion keeps its line (its product link is cleared), with a price the
      // shop had at that moment: ₹499, or ₹10 when the racing price change committed first.
      const lines = await shop.db.selectFrom('order_lines').select(['unit_price_paise', 'product_id']).where('title', '=', `Vanishing kit ${round}`).execute();
      for (const l of lines) {
        expect([49_900, 1_000]).toContain(Number(l.unit_price_paise));
        expect(l.product_id).toBeNull();
      }
    }
    // Cart lines outlive their product (decision: the cart shows that it is gone).
    for (const s of shoppers) expect((await as(shop, s.cookie).get('/api/cart')).statusCode).toBe(200);
  });

  it('edits products that share words at the same moment, each edit kept and found by search', async () => {
    const f = factories(shop);
    const category = await f.category('Shared Word Kits');
    const products = await Promise.all(
      Array.from({ length: 6 }, (_, i) => f.product({ title: `Servo arm kit ${i}`, description: 'Servo motor robot arm.', categoryId: category.id })),
    );
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all(
        products.map((p, i) =>
          admin.form('PATCH', `/api/products/${p.id}`, [
            { name: 'title', value: `Gripper ${round} servo kit ${i}` },
            { name: 'description', value: `Round ${round}: a robot gripper with a servo motor.` },
          ]),
        ),
      );
      no5xx(answers);
      expect(answers.map((r) => r.statusCode)).toEqual(products.map(() => 200));
    }
    const found = await shop.app.inject(`/api/products/search/${encodeURIComponent(`gripper ${ROUNDS - 1}`)}`);
    expect((found.json() as { id: number }[]).map((p) => p.id).sort((a, b) => a - b)).toEqual(products.map((p) => p.id).sort((a, b) => a - b));
  });

  it('orders with a coupon while it is deleted: each order has the discount of a coupon that existed, or none', async () => {
    const f = factories(shop);
    const category = await f.category('Coupon Race Kits');
    const product = await f.product({ title: 'Coupon race kit', pricePaise: 100_000, categoryId: category.id });
    for (let round = 0; round < ROUNDS; round++) {
      const code = `RACE${round}`;
      const couponId = await makeCoupon(shop, { code, discount_paise: 10_000 });
      const order = (s: (typeof shoppers)[number]) =>
        as(shop, s.cookie).post('/api/createBulkOrder', { items: [{ productId: product.id, quantity: 1 }], couponCode: code });
      const [deleted, ...orders] = await Promise.all([admin.delete(`/api/coupons/${couponId}`), ...shoppers.map(order)]);
      no5xx([deleted!, ...orders]);
      for (const res of orders.filter((r) => r.statusCode === 200)) {
        expect([100_000, 90_000], res.body).toContain((res.json() as { amount: number }).amount);
      }
    }
  });
});
