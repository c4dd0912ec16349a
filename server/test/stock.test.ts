import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../src/modules/orders/orders.service';
import { fields } from './helpers/admin';
import { startAdminShop, type Admin, type Factories } from './helpers/admin-shop';
import { as, payInSimulation, shopperWithCart } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { ORIGIN, verifiedShopper } from './helpers/shoppers';
import { stockOf, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('stock on %s', (kind) => {
  let shop: TestShop, f: Factories, categoryId: number, admin: Admin;

  beforeAll(async () => {
    // The file's ~500 requests from one address come within a minute, near the per-minute limit (600,
    // tested elsewhere): a few more tests would have the last ones refused (decision 118).
    ({ shop, f, categoryId, admin } = await startAdminShop(kind, 'Stocked kits', { SIMULATED_WEBHOOK_DELAY_MS: '60000', RATE_LIMIT_PER_MINUTE: '1000000' }));
  });
  afterAll(() => shop.close());

  const shopperWith = (productId: number, quantity: number) => shopperWithCart(shop, [[productId, quantity]]);
  const checkout = (s: { api: ReturnType<typeof as> }, productId: number, quantity: number) =>
    s.api.post('/api/createBulkOrder', { items: [{ productId, quantity }] });

  it('shows stock in product JSON: a number when tracked, null when not', async () => {
    const tracked = await f.product({ title: 'Tracked kit', categoryId, stock: 3 });
    const untracked = await f.product({ title: 'Untracked kit', categoryId });
    expect((await shop.app.inject(`/api/product/${tracked.id}`)).json().stock).toBe(3);
    expect((await shop.app.inject(`/api/product/${untracked.id}`)).json().stock).toBeNull();
    const listed = (await shop.app.inject(`/api/products?category=${categoryId}`)).json() as { id: number; stock: number | null }[];
    expect(listed.find((p) => p.id === tracked.id)?.stock).toBe(3);
    const found = (await shop.app.inject('/api/products/search/Tracked')).json() as { id: number; stock: number | null }[];
    expect(found.find((p) => p.id === tracked.id)?.stock).toBe(3);
  });

  it('lets the admin set, change and clear the stock in the product forms, and refuses bad counts', async () => {
    const created = await admin.form('POST', '/api/products', fields({ title: 'Admin stocked kit', price: '499', category: 'Stocked kits', stock: '7' }));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json().stock).toBe(7);
    expect((await admin.form('PATCH', `/api/products/${id}`, [{ name: 'price', value: '599' }])).json().stock).toBe(7);
    expect((await admin.form('PATCH', `/api/products/${id}`, [{ name: 'stock', value: '0' }])).json().stock).toBe(0);
    expect((await admin.form('PATCH', `/api/products/${id}`, [{ name: 'stock', value: '' }])).json().stock).toBeNull();
    for (const bad of ['-1', '1.5', 'ten', '100000000000000000000', '1000001']) {
      const res = await admin.form('PATCH', `/api/products/${id}`, [{ name: 'stock', value: bad }]);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields.stock).toMatch(/whole number/);
    }
    const untracked = await admin.form('POST', '/api/products', fields({ title: 'Admin untracked kit', price: '499', category: 'Stocked kits' }));
    expect(untracked.json().stock).toBeNull();
  });

  it('refuses to put more in the cart than is for sale, with a clear message', async () => {
    const few = await f.product({ title: 'Few left', categoryId, stock: 2 });
    const none = await f.product({ title: 'Sold out', categoryId, stock: 0 });
    const s = await shopperWith(few.id, 2);
    const more = await s.api.patch(`/api/cart/${few.id}`, { quantity: 3 });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'insufficient_stock', message: 'Only 2 of "Few left" left in stock. Please lower the quantity.' });
    const soldOut = await s.api.post('/api/cart', { productId: none.id });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe('"Sold out" is out of stock. Please remove it to continue.');
    expect((await s.api.get('/api/cart')).json().items).toEqual([expect.objectContaining({ id: few.id, quantity: 2, stock: 2 })]);
  });

  it('holds units for a pending order, takes them once on payment, and gives them back when it is canceled', async () => {
    const kit = await f.product({ title: 'Held kit', categoryId, stock: 5, pricePaise: 50_000 });
    const a = await shopperWith(kit.id, 2);
    const b = await shopperWith(kit.id, 3);
    const c = await shopperWith(kit.id, 1);
    // The product answer is cached; a checkout that takes units shows on the next read, on every node.
    expect((await shop.app.inject(`/api/product/${kit.id}`)).json().stock).toBe(5);
    const other = await shop.secondApp();
    expect((await other.inject(`/api/product/${kit.id}`)).json().stock).toBe(5);
    const orderA = (await checkout(a, kit.id, 2)).json();
    expect(await stockOf(shop, kit.id)).toBe(3);
    expect((await shop.app.inject(`/api/product/${kit.id}`)).json().stock).toBe(3);
    expect((await other.inject(`/api/product/${kit.id}`)).json().stock).toBe(3);
    const orderB = (await checkout(b, kit.id, 3)).json();
    expect(await stockOf(shop, kit.id)).toBe(0);
    // Held by pending orders: the third shopper cannot check out, and the product shows as out of stock.
    const refused = await checkout(c, kit.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('insufficient_stock');
    expect((await shop.app.inject(`/api/product/${kit.id}`)).json().stock).toBe(0);

    // Paying (callback, then the same payment again by webhook-like replay) takes nothing more.
    const paid = await payInSimulation(shop, a.cookie, orderA.id);
    expect((await a.api.post('/api/processOrder', paid)).statusCode).toBe(200);
    expect((await a.api.post('/api/processOrder', paid)).statusCode).toBe(200);
    expect(await stockOf(shop, kit.id)).toBe(0);

    // B's order expires unpaid: reconciliation cancels it and its 3 units are for sale again, once.
    await shop.db.updateTable('orders').set({ created_at: '2000-01-01T00:00:00.000Z' }).where('provider_order_id', '=', orderB.id).execute();
    await reconcile(shop.app.orderDeps, 30);
    await reconcile(shop.app.orderDeps, 30);
    expect(await stockOf(shop, kit.id)).toBe(3);

    // The admin cancels A's paid order: its 2 units come back, once.
    const cancel = await admin.patch(`/api/UserOrders/${orderA.orderId}`, { status: 'canceled' });
    expect(cancel.statusCode).toBe(200);
    expect((await admin.patch(`/api/UserOrders/${orderA.orderId}`, { status: 'canceled' })).statusCode).toBe(409);
    expect(await stockOf(shop, kit.id)).toBe(5);
  });

  it('sells exactly the last units to 50 shoppers checking out at once, in several rounds, over real HTTP', async () => {
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => verifiedShopper(shop)));
    for (let round = 0; round < 3; round++) {
      const kit = await f.product({ title: `Last units ${round}`, categoryId, stock: 5, pricePaise: 20_000 });
      for (const s of shoppers) {
        await as(shop, s.cookie).delete('/api/cart');
        const added = await as(shop, s.cookie).post('/api/cart', { productId: kit.id, quantity: 1 });
        expect(added.statusCode).toBe(200);
      }
      const answers = await Promise.all(
        shoppers.map(async (s) => {
          const res = await fetch(`${address}/api/createBulkOrder`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: s.cookie, origin: ORIGIN },
            body: JSON.stringify({ items: [{ productId: kit.id, quantity: 1 }] }),
          });
          return { status: res.status, body: (await res.json()) as { id?: string; code?: string }, s };
        }),
      );
      const sold = answers.filter((a) => a.status === 200);
      expect(sold, `round ${round}`).toHaveLength(5);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 && a.body.code === 'insufficient_stock')).toBe(true);
      expect(await stockOf(shop, kit.id)).toBe(0);
      // The five pay at once; the stock stays at zero, never below.
      await Promise.all(sold.map(async (a) => as(shop, a.s.cookie).post('/api/processOrder', await payInSimulation(shop, a.s.cookie, a.body.id!))));
      expect(await stockOf(shop, kit.id)).toBe(0);
      const placed = await shop.db
        .selectFrom('orders')
        .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
        .select('orders.id')
        .where('order_lines.product_id', '=', kit.id)
        .where('orders.status', '=', 'placed')
        .execute();
      expect(placed).toHaveLength(5);
    }
  }, 120_000);

  it('lists tracked products low on stock on the admin overview', async () => {
    const low = await f.product({ title: 'Nearly gone', categoryId, stock: 1 });
    await f.product({ title: 'Plenty', categoryId, stock: 500 });
    const overview = (await admin.get('/api/admin/overview')).json() as { lowStock: { id: number; title: string; stock: number }[] };
    expect(overview.lowStock).toContainEqual({ id: low.id, title: 'Nearly gone', stock: 1 });
    expect(overview.lowStock.some((p) => p.title === 'Plenty')).toBe(false);
    expect(overview.lowStock.every((p) => p.stock <= 5)).toBe(true);
  });
});
