import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnUnits } from '../src/modules/stock/stock.service';
import { startAdminShop, type Admin, type Factories } from './helpers/admin-shop';
import { mailsOfKind, shopperWithCart } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { stockOf, type TestShop } from './helpers/test-app';

/** Decision 047: the shop is mailed once per crossing of a product's low-stock threshold. */
describe.each(DB_KINDS)('low-stock alerts on %s', (kind) => {
  let shop: TestShop, f: Factories, categoryId: number, admin: Admin;
  const SHOP_EMAIL = 'owner@robokits.test';

  beforeAll(async () => {
    ({ shop, f, categoryId, admin } = await startAdminShop(kind, 'Alerted kits', { SIMULATED_WEBHOOK_DELAY_MS: '60000', SHOP_EMAIL }));
  });
  afterAll(() => shop.close());

  const alertsAbout = async (title: string) =>
    (await mailsOfKind(shop, 'low-stock')).filter((m) => m.text_body.includes(`${title} (`) && m.text_body.startsWith('Just fell'));
  const order = async (productId: number, quantity: number) => {
    const s = await shopperWithCart(shop, [[productId, quantity]]);
    return s.api.post('/api/createBulkOrder', { items: [{ productId, quantity }] });
  };
  const editStock = (id: number, fields: Record<string, string>) =>
    admin.form(
      'PATCH',
      `/api/products/${id}`,
      Object.entries(fields).map(([name, value]) => ({ name, value })),
    );

  it('mails the shop when a sale takes the stock to the threshold, once, and again after it went back above', async () => {
    const p = await f.product({ title: 'Servo pack', categoryId, stock: 7 });
    expect((await order(p.id, 1)).statusCode).toBe(200); // 6: above 5
    expect(await alertsAbout('Servo pack')).toHaveLength(0);
    expect((await order(p.id, 1)).statusCode).toBe(200); // 5: at the threshold
    const [alert] = await alertsAbout('Servo pack');
    expect(alert?.to_address).toBe(SHOP_EMAIL);
    expect(alert?.subject).toBe('Low stock: Servo pack (5 left)');
    expect(alert?.text_body).toContain('Servo pack: 5 / 5');
    expect((await order(p.id, 2)).statusCode).toBe(200); // 3: still low, same crossing
    expect(await alertsAbout('Servo pack')).toHaveLength(1);

    // The admin restocks (above: may alert again), then sets it low by hand: a second crossing.
    expect((await editStock(p.id, { stock: '40' })).statusCode).toBe(200);
    expect(await alertsAbout('Servo pack')).toHaveLength(1);
    expect((await editStock(p.id, { stock: '2' })).statusCode).toBe(200);
    expect(await alertsAbout('Servo pack')).toHaveLength(2);
  });

  it('takes a threshold per product from the admin form (default 5), checks it against 0 to 100,000 and alerts on a change of it', async () => {
    const p = await f.product({ title: 'Motor driver', categoryId, stock: 12 });
    expect((await shop.app.inject(`/api/product/${p.id}`)).json().lowStockThreshold).toBe(5);
    const bad = await editStock(p.id, { lowStockThreshold: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.lowStockThreshold).toMatch(/Low-stock alert/);
    const raised = await editStock(p.id, { lowStockThreshold: '15' });
    expect(raised.statusCode).toBe(200);
    expect(raised.json().lowStockThreshold).toBe(15);
    expect(await alertsAbout('Motor driver')).toHaveLength(1);
    // The audit log has the threshold's before and after (its line is written once the answer has gone: wait for it).
    const logged = async () => {
      const audit = (await admin.get(`/api/admin/audit?entity=products:${p.id}`)).json() as { changes: Record<string, unknown> | null }[];
      return audit.some((e) => JSON.stringify(e.changes?.lowStockThreshold) === JSON.stringify([5, 15]));
    };
    for (const started = Date.now(); !(await logged()) && Date.now() - started < 10_000;) await new Promise((r) => setTimeout(r, 50));
    expect(await logged()).toBe(true);
  });

  it('gives units back (a canceled order) above the threshold: the next fall alerts again', async () => {
    const p = await f.product({ title: 'Sensor kit', categoryId, stock: 6 });
    const res = await order(p.id, 3); // 3: low
    expect(res.statusCode).toBe(200);
    expect(await alertsAbout('Sensor kit')).toHaveLength(1);
    const flag = async () =>
      (await shop.db.selectFrom('products').select('low_stock_alerted').where('id', '=', p.id).executeTakeFirstOrThrow()).low_stock_alerted;
    expect(Number(await flag())).toBe(1);
    // The unpaid order's units come back (as when it is canceled): 6, above the threshold.
    await shop.db.transaction().execute(async (trx) => {
      const orderRow = await trx.selectFrom('orders').select('id').where('provider_order_id', '=', res.json().id).executeTakeFirstOrThrow();
      await returnUnits(trx, orderRow.id);
    });
    expect(Number(await flag())).toBe(0);
    expect((await order(p.id, 2)).statusCode).toBe(200); // 4: low again
    expect(await alertsAbout('Sensor kit')).toHaveLength(2);
  });

  it('sends exactly one mail when concurrent sales cross the threshold together', async () => {
    const p = await f.product({ title: 'Race kit', categoryId, stock: 12 });
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => shopperWithCart(shop, [[p.id, 1]])));
    const answers = await Promise.all(shoppers.map((s) => s.api.post('/api/createBulkOrder', { items: [{ productId: p.id, quantity: 1 }] })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const left = await stockOf(shop, p.id);
    expect(left).toBe(4);
    expect(await alertsAbout('Race kit')).toHaveLength(1);
  });

  it('keeps the overview list of what is low', async () => {
    const overview = (await admin.get('/api/admin/overview')).json() as { lowStock: { title: string }[] };
    expect(overview.lowStock.map((l) => l.title)).toContain('Servo pack');
  });
});
