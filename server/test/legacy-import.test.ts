import type { RowDataPacket } from 'mysql2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLegacy } from '../src/modules/legacy/legacy-import.service';
import type { ImportReport } from '../src/modules/legacy/legacy-report';
import { LegacySource } from '../src/modules/legacy/legacy-source';
import { adminToken, ADMIN_PASSWORD, asAdmin } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { createLegacyDatabase, mariadbUp, type LegacyFixture } from './helpers/legacy-mysql';
import { as } from './helpers/checkout';
import { verifiedShopper } from './helpers/shoppers';
import { startTestShop, type TestShop } from './helpers/test-app';

/**
 * npm run import:legacy against a database of the original shop on this
 * machine's MariaDB (server/test/helpers/legacy-mysql.ts builds it).
 */
describe.runIf(mariadbUp)('import from the original shop', () => {
  let legacy: LegacyFixture;
  beforeAll(async () => {
    legacy = await createLegacyDatabase();
  }, 120_000);
  afterAll(() => legacy?.drop());

  async function run(shop: TestShop, dryRun = false): Promise<ImportReport> {
    const source = await LegacySource.open(legacy.url);
    try {
      return await importLegacy({ db: shop.db, storage: shop.storage }, source, { dryRun });
    } finally {
      await source.close();
    }
  }

  const changes = (r: ImportReport) => Object.values(r.counts).reduce((n, c) => n + c.imported + c.updated, 0);

  describe.each(DB_KINDS)('on %s', (kind) => {
    let shop: TestShop;
    let first: ImportReport;
    beforeAll(async () => {
      shop = await startTestShop(kind, { ADMIN_PASSWORD });
    });
    afterAll(() => shop.close());

    it('reports on a dry run what it would do and writes nothing', async () => {
      const report = await run(shop, true);
      expect(report.counts.products).toMatchObject({
        source: legacy.expected.goodProducts.length + legacy.expected.badProducts.length,
        imported: legacy.expected.goodProducts.length,
      });
      expect(report.counts.orders.imported).toBe(legacy.expected.goodOrders.length);
      expect(await shop.db.selectFrom('products').select('id').execute()).toEqual([]);
      expect(await shop.db.selectFrom('legacy_imports').select('kind').execute()).toEqual([]);
    }, 60_000);

    it('brings everything across with counts that match the source and the reasons for what it skipped', async () => {
      const e = legacy.expected;
      first = await run(shop);
      /** A first import's count: everything new, but for the rows it skipped. */
      const allNew = (imported: number, skipped = 0) => ({ source: imported + skipped, imported, updated: 0, unchanged: 0, skipped });
      expect(first.counts.categories).toEqual(allNew(e.categories));
      expect(first.counts.products).toEqual(allNew(e.goodProducts.length, e.badProducts.length));
      expect(first.counts['product images']).toEqual(allNew(e.goodImages, 2));
      expect(first.counts.adverts).toEqual(allNew(e.adverts));
      expect(first.counts.coupons).toEqual(allNew(e.goodCoupons.length, e.badCoupons.length));
      expect(first.counts.orders).toEqual(allNew(e.goodOrders.length, e.badOrders.length));

      const reason = (kind: string, id: string | number) => first.notes.find((n) => n.kind === kind && n.id === String(id))?.message;
      expect(reason('products', e.badProducts[0]!)).toBe('it has no title');
      expect(reason('products', e.badProducts[1]!)).toMatch(/^its price "-5.00" is not an amount/);
      expect(reason('product images', e.unreadableImage)).toMatch(/^it is not an image this shop can read/);
      expect(reason('product images', e.orphanImage)).toBe('its product does not exist');
      const noItems = 'it has no items in the original (its processOrder wrote none): imported with its';
      expect(reason('orders', 'ORDNOITEMS')).toBe(`${noItems} customer and total (it has no payment id), flagged for the admin`);
      expect(reason('orders', 'ORD1731000000000')).toBe(`${noItems} customer, total and payment, flagged for the admin`);
      expect(reason('orders', 'ORDNOEMAIL')).toBe('it has no valid customer e-mail address');
      const [[{ n }]] = (await legacy.conn.query('SELECT COUNT(*) AS n FROM orders')) as unknown as [[{ n: number }]];
      expect(reason('orders', '*')).toBe(
        `the original's orders table has ${n} rows for these ${e.goodOrders.length + e.badOrders.length} orders (one per cart line, then the order, under one order ID): each order is imported once, from its last row`,
      );
      expect(first.notes.filter((n) => n.kind === 'coupons').map((n) => n.message)).toEqual([
        'its discount of 150.00 % is above 100 %: imported as 100 %',
        'its code "SAVE  10!" is imported as "SAVE 10" (codes here are letters, digits, single spaces, - and _)',
        'it is for product 424242, which does not exist or was not imported',
      ]);
      // Every source row is accounted for: imported, or skipped with a note saying why.
      for (const [kind, c] of Object.entries(first.counts)) {
        expect(c.imported + c.updated + c.unchanged + c.skipped, kind).toBe(c.source);
        expect(
          first.notes.filter((n) => n.kind === kind && n.skipped),
          kind,
        ).toHaveLength(c.skipped);
      }
      expect(reason('categories', 6)).toBe('same name as another category of the original ("drone kits"): merged');
      expect(first.notes.some((n) => n.message === 'its category "Spare Parts" is not in the original\'s category list: created')).toBe(true);
    }, 120_000);

    it('keeps the original product ids and prices to the paisa, and the storefront shows them with their images', async () => {
      const e = legacy.expected;
      for (const id of e.goodProducts) {
        const res = await shop.app.inject(`/api/product/${id}`);
        expect(res.statusCode, `product ${id}`).toBe(200);
      }
      const priced = (await shop.app.inject(`/api/product/${e.pricedWithPaise.id}`)).json();
      expect(priced).toMatchObject({ title: 'Drone Propeller Set', price: e.pricedWithPaise.paise / 100, category: 'Drone Kits' });
      expect((await shop.app.inject(`/api/product/${e.productWithoutImages}`)).json().images).toEqual([]);
      expect((await shop.app.inject(`/api/product/${e.longProduct.id}`)).json()).toMatchObject({
        title: e.longProduct.title,
        description: e.longProduct.description,
      });
      const big = (await shop.app.inject(`/api/product/${e.bigImageProduct}`)).json();
      expect(big.images).toHaveLength(1);
      const file = await shop.app.inject(big.images[0]);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\//);
      expect((await shop.app.inject(`/api/product/${e.goodProducts[0]}`)).json().images).toHaveLength(2);
      const categories = (await shop.app.inject('/api/categories')).json() as { type: string }[];
      expect(categories).toHaveLength(e.distinctCategories + 1);
      const search = (await shop.app.inject('/api/products/search/Propeller')).json() as { id: number }[];
      expect(search.map((p) => p.id)).toContain(e.pricedWithPaise.id);
    });

    it('answers the old image URLs with redirects to the imported files', async () => {
      const [firstImage] = await legacy.conn.query<RowDataPacket[]>('SELECT id FROM product_images WHERE product_id = ? ORDER BY id', [
        legacy.expected.bigImageProduct,
      ]);
      const old = await shop.app.inject(`/api/images/${firstImage![0]!.id}`);
      expect(old.statusCode).toBe(301);
      const product = (await shop.app.inject(`/api/product/${legacy.expected.bigImageProduct}`)).json();
      expect(old.headers.location).toBe(product.images[0]);
      expect((await shop.app.inject(String(old.headers.location))).statusCode).toBe(200);
      const advert = await shop.app.inject('/api/advertimages/2');
      expect(advert.statusCode).toBe(301);
      expect((await shop.app.inject(String(advert.headers.location))).headers['content-type']).toMatch(/^image\//);
      expect((await shop.app.inject(`/api/images/${legacy.expected.unreadableImage}`)).statusCode).toBe(404);
      expect((await shop.app.inject('/api/images/999999')).statusCode).toBe(404);
      expect((await shop.app.inject('/api/images/abc')).statusCode).toBe(400);
    });

    it('brings the coupons and orders across for the admin', async () => {
      const admin = asAdmin(shop, await adminToken(shop));
      const coupons = (await admin.get('/api/coupons')).json() as {
        code: string;
        product_id: number | null;
        discount: number | null;
        discount_percent: number | null;
      }[];
      expect(coupons.map((c) => c.code).sort()).toEqual([...legacy.expected.goodCoupons].sort());
      expect(coupons.find((c) => c.code === 'DRONE500')).toMatchObject({ product_id: legacy.expected.bigImageProduct, discount: 500 });
      expect(coupons.find((c) => c.code === 'FLAT50')).toMatchObject({ discount: 50.5, discount_percent: null });
      expect(coupons.find((c) => c.code === 'BOTH')).toMatchObject({ discount: 100, discount_percent: 15 });
      expect(coupons.find((c) => c.code === 'HALFPC')).toMatchObject({ discount: null, discount_percent: 12.5 });
      expect(coupons.find((c) => c.code === 'OVER150')).toMatchObject({ discount_percent: 100 });
      expect(coupons.find((c) => c.code === 'DIWALI SALE')).toMatchObject({ discount: 200 });
      const orders = await admin.get('/api/ordersAdmin?page=1&pageSize=100');
      expect(orders.headers['x-total-count']).toBe(String(legacy.expected.goodOrders.length));
      const byId = new Map(
        (
          orders.json() as {
            orderId: string;
            totalAmount: number;
            status: string;
            products: unknown[];
            flag: string | null;
            razorpayPaymentId: string | null;
            customerEmail: string;
          }[]
        ).map((o) => [o.orderId, o]),
      );
      expect(byId.get('ORD1731000000000')).toMatchObject({
        products: [],
        totalAmount: 3748.5,
        razorpayPaymentId: 'pay_NOITEMS',
        customerEmail: 'paid.customer@example.com',
        status: 'placed',
        flag: 'legacy_no_items',
      });
      expect(byId.get('ORD1700000000004')!.flag).toBeNull();
      expect(byId.get('ORD1700000000004')!.products).toHaveLength(2);
      expect(byId.get('ORD1700000000003')!.status).toBe('canceled');
      expect(byId.get('ORD1700000000002')!.status).toBe('delivered');
      const row = await shop.db
        .selectFrom('orders')
        .select(['subtotal_paise', 'discount_paise', 'total_paise'])
        .where('order_code', '=', 'ORD1700000000004')
        .executeTakeFirstOrThrow();
      expect(Number(row.subtotal_paise) - Number(row.discount_paise)).toBe(Number(row.total_paise));
      expect(Number(row.discount_paise)).toBe(10_000);
    });

    it('changes nothing on a second run', async () => {
      const second = await run(shop);
      expect(changes(second)).toBe(0);
      for (const [kind, c] of Object.entries(first.counts)) {
        expect(c.imported, kind).toBe(second.counts[kind as keyof ImportReport['counts']].unchanged);
      }
    }, 60_000);

    it('updates what changed in the original since', async () => {
      const id = legacy.expected.goodProducts[5]!;
      await legacy.conn.query("UPDATE products SET price = '777.70' WHERE id = ?", [id]);
      try {
        const report = await run(shop);
        expect(changes(report)).toBe(1);
        expect(report.counts.products.updated).toBe(1);
        expect((await shop.app.inject(`/api/product/${id}`)).json().price).toBe(777.7);
      } finally {
        await legacy.conn.query("UPDATE products SET price = '559.00' WHERE id = ?", [id]);
      }
    }, 60_000);

    it('gives a shopper the orders of their address once they have signed up and verified it', async () => {
      const shopper = await verifiedShopper(shop, { email: 'customer3@example.com' });
      const mine = (await as(shop, shopper.cookie).get('/api/UserOrders')).json() as { orders: { order_id: string; items: unknown[] }[] };
      const expected = legacy.expected.goodOrders.filter((_, i) => (i + 1) % 25 === 3);
      expect(mine.orders.map((o) => o.order_id).sort()).toEqual(expected.sort());
      expect(mine.orders[0]!.items.length).toBeGreaterThan(0);
    });
  });
});
