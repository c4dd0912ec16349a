import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, adminToken, asAdmin, fields, png } from './helpers/admin';
import { as, makeCoupon, payInSimulation } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { mailText, verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('admin API on %s', (kind) => {
  let shop: TestShop;
  let token: string;
  let admin: ReturnType<typeof asAdmin>;

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD, SIMULATED_WEBHOOK_DELAY_MS: '60000' });
    token = await adminToken(shop);
    admin = asAdmin(shop, token);
    const f = factories(shop);
    await f.category('Drone Kits');
  });
  afterAll(() => shop.close());

  const uploads = () => fs.readdirSync(path.join(shop.config.uploadsDir, 'products'), { recursive: true }).length;
  const productCount = async () => (await shop.db.selectFrom('products').select('id').execute()).length;

  describe('sign-in', () => {
    it('answers a token for the admin and refuses wrong passwords and shoppers', async () => {
      const login = (username: string, password: string) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/adminlogin',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ username, password }),
        });
      expect((await login('admin', 'wrong-password')).json()).toMatchObject({ message: 'Invalid username or password' });
      const s = await verifiedShopper(shop);
      const shopperLogin = await login(s.username, s.password);
      expect(shopperLogin.statusCode).toBe(401);
      expect((await admin.get('/api/admin/me')).json()).toEqual({ username: 'admin', role: 'owner' });
      expect((await login('admin', '')).statusCode).toBe(400);
    });

    it('revokes the token on logout', async () => {
      const t = await adminToken(shop);
      const a = asAdmin(shop, t);
      expect((await a.post('/api/adminlogout', {})).statusCode).toBe(200);
      const after = await a.get('/api/admin/me');
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe('Your session has expired. Please log in again.');
    });

    it('refuses an expired token', async () => {
      const t = await adminToken(shop);
      const past = new Date(Date.now() - 1000);
      await shop.db
        .updateTable('session' as never)
        .set({ expiresAt: kind === 'sqlite' ? past.toISOString() : past } as never)
        .where('token' as never, '=', t.split('.')[0] as never)
        .execute();
      expect((await asAdmin(shop, t).get('/api/admin/me')).statusCode).toBe(401);
    });
  });

  describe('every route is guarded', () => {
    /** Routes anyone may call. Everything else must refuse a visitor. */
    const PUBLIC = new Set([
      'GET /api/health',
      'GET /api/health/live',
      'GET /api/health/ready',
      'GET /api/product/:id',
      'GET /api/products',
      'GET /api/products/search/:query',
      'GET /api/products/:category',
      'GET /api/studofmonth',
      'POST /api/verifyPayment',
      'POST /api/verifyBulkPayment',
      'GET /api/categories',
      'GET /api/advertimages',
      'GET /api/storefront/home',
      'GET /api/config',
      'GET /api/me',
      'GET /api/shipping/check',
      'GET /api/search/facets',
      'GET /api/product/:id/related',
      'GET /api/policies/:slug',
      'GET /robots.txt',
      'GET /sitemap.xml',
      'GET /uploads/*',
      'GET /api/auth/*',
      'POST /api/auth/*',
      'POST /api/adminlogin',
      'POST /api/razorpay/webhook',
      'POST /api/freeclaim',
      'POST /api/mailforwarder/',
      'POST /api/mailforwarder',
    ]);
    const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace('*', 'x');

    it('answers no non-public route with 2xx for a visitor, and every admin route with 401', async () => {
      const routes = shop.app.routeList.filter((r) => !r.url.startsWith('/api/docs'));
      expect(routes.filter((r) => r.admin).length).toBeGreaterThanOrEqual(18);
      for (const r of routes) {
        if (PUBLIC.has(`${r.method} ${r.url}`)) continue;
        const res = await shop.app.inject({
          method: r.method as 'GET',
          url: concrete(r.url),
          headers: { 'content-type': 'application/json' },
          payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : '{}',
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBeGreaterThanOrEqual(400);
        if (r.admin) expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      }
    });

    it('refuses forged tokens, shopper sessions and shopper cookies on every admin route', async () => {
      const s = await verifiedShopper(shop);
      const shopperToken = decodeURIComponent(/better-auth\.session_token=([^;.]+)/.exec(s.cookie)?.[1] ?? 'x');
      for (const r of shop.app.routeList.filter((x) => x.admin)) {
        const send = (headers: Record<string, string>) =>
          shop.app.inject({
            method: r.method as 'GET',
            url: concrete(r.url),
            headers: { 'content-type': 'application/json', ...headers },
            payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : '{}',
          });
        expect((await send({ authorization: 'Bearer forged-token' })).statusCode, r.url).toBe(401);
        expect((await send({ cookie: s.cookie })).statusCode, r.url).toBe(401);
        expect((await send({ authorization: `Bearer ${shopperToken}` })).statusCode, r.url).toBe(403);
      }
    });
  });

  describe('products', () => {
    it('adds a product with three images, findable in the storefront and search, then edits and deletes it', async () => {
      const add = await admin.form('POST', '/api/products', [
        ...fields({ title: 'Hexacopter Frame Kit', price: '3499.50', description: 'A six-arm frame for heavy-lift drones.', category: 'Drone Kits' }),
        { name: 'images', value: await png('#111111'), filename: 'a.png', type: 'image/png' },
        { name: 'images', value: await png('#222222'), filename: 'b.png', type: 'image/png' },
        { name: 'images', value: await png('#333333'), filename: 'c.png', type: 'image/png' },
      ]);
      expect(add.statusCode).toBe(201);
      const p = add.json();
      expect(p).toMatchObject({ title: 'Hexacopter Frame Kit', price: 3499.5, category: 'Drone Kits' });
      expect(p.images).toHaveLength(3);
      expect((await shop.app.inject(p.images[0].replace('.png', '.w320.webp'))).statusCode).toBe(200);
      expect((await shop.app.inject('/api/products/search/hexacoptr')).json()[0].id).toBe(p.id);

      const edit = await admin.form('PATCH', `/api/products/${p.id}`, fields({ title: 'Hexacopter Frame Kit Pro', price: '3999' }));
      // The fields left out keep their values.
      expect(edit.json()).toMatchObject({
        title: 'Hexacopter Frame Kit Pro',
        price: 3999,
        images: p.images,
        description: 'A six-arm frame for heavy-lift drones.',
        category: 'Drone Kits',
        stock: null,
      });
      const priceOnly = await admin.form('PATCH', `/api/products/${p.id}`, [{ name: 'price', value: '3899' }]);
      expect(priceOnly.json()).toMatchObject({
        title: 'Hexacopter Frame Kit Pro',
        price: 3899,
        description: 'A six-arm frame for heavy-lift drones.',
        category: 'Drone Kits',
      });
      expect((await shop.app.inject('/api/products/search/pro')).json().map((x: { id: number }) => x.id)).toContain(p.id);

      expect((await admin.delete(`/api/products/${p.id}`)).json()).toEqual({ message: 'Product deleted successfully' });
      expect((await shop.app.inject(`/api/product/${p.id}`)).statusCode).toBe(404);
      expect((await shop.app.inject('/api/products/search/hexacopter')).statusCode).toBe(404);
    });

    it.each([
      ['an empty title', [{ name: 'title', value: ' ' }], 'title'],
      ['price abc', [{ name: 'price', value: 'abc' }], 'price'],
      ['price -5', [{ name: 'price', value: '-5' }], 'price'],
      ['price with 3 decimals', [{ name: 'price', value: '1.999' }], 'price'],
      ['an unknown category', [{ name: 'category', value: 'Nope' }], 'category'],
    ])('refuses %s with a message and stores nothing', async (_n, change, field) => {
      const before = [await productCount(), uploads()];
      const parts = fields({ title: 'Valid title', price: '100', description: 'x', category: 'Drone Kits' }).map(
        (p) => change.find((c) => c.name === p.name) ?? p,
      );
      const res = await admin.form('POST', '/api/products', [...parts, { name: 'images', value: await png(), filename: 'a.png', type: 'image/png' }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toEqual(expect.any(String));
      expect([await productCount(), uploads()]).toEqual(before);
    });

    it('refuses a text file named .png and a 20 MB image, storing nothing', async () => {
      const before = [await productCount(), uploads()];
      const valid = fields({ title: 'Valid title', price: '100', category: 'Drone Kits' });
      const fake = await admin.form('POST', '/api/products', [
        ...valid,
        { name: 'images', value: await png(), filename: 'ok.png' },
        { name: 'images', value: 'hello, not an image', filename: 'x.png', type: 'image/png' },
      ]);
      expect(fake.statusCode).toBe(400);
      expect(fake.json().message).toContain('not an image');
      const big = await admin.form('POST', '/api/products', [
        ...valid,
        { name: 'images', value: Buffer.alloc(20 * 1024 * 1024, 1), filename: 'big.png', type: 'image/png' },
      ]);
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('Each file may be at most 10 MB.');
      expect([await productCount(), uploads()]).toEqual(before);
    });

    it('keeps orders intact when an ordered product is deleted', async () => {
      const f = factories(shop);
      const c = await shop.db.selectFrom('categories').select('id').where('type', '=', 'Drone Kits').executeTakeFirstOrThrow();
      const p = await f.product({ title: 'Soon Gone', pricePaise: 12_300, categoryId: c.id });
      const s = await verifiedShopper(shop);
      await as(shop, s.cookie).post('/api/cart', { productId: p.id });
      const order = (await as(shop, s.cookie).post('/api/createBulkOrder', { items: [{ productId: p.id, quantity: 1 }] })).json();
      await as(shop, s.cookie).post('/api/processOrder', await payInSimulation(shop, s.cookie, order.id));
      expect((await admin.delete(`/api/products/${p.id}`)).statusCode).toBe(200);
      const orders = (await as(shop, s.cookie).get('/api/UserOrders')).json().orders;
      expect(orders[0].items).toEqual([{ title: 'Soon Gone', quantity: 1, price: 123, image_url: null, lineId: expect.any(Number), returnable: 0 }]);
    });
  });

  describe('categories', () => {
    it('adds, renames (the storefront follows) and deletes only when empty', async () => {
      const add = await admin.post('/api/categories', { name: 'Sensors' });
      expect(add.statusCode).toBe(201);
      const { Id } = add.json();
      expect((await admin.post('/api/categories', { name: 'sensors' })).statusCode).toBe(409);
      const f = factories(shop);
      const p = await f.product({ title: 'Lidar Module', categoryId: Id });
      expect((await admin.patch(`/api/categories/${Id}`, { name: 'Sensors & Modules' })).json()).toEqual({ Id, type: 'Sensors & Modules' });
      expect((await shop.app.inject(`/api/product/${p.id}`)).json().category).toBe('Sensors & Modules');
      const refused = await admin.delete(`/api/categories/${Id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('"Sensors & Modules" still has 1 product. Move or delete them first.');
      await admin.delete(`/api/products/${p.id}`);
      expect((await admin.delete(`/api/categories/${Id}`)).statusCode).toBe(200);
      expect((await admin.post('/api/categories', { name: '' })).statusCode).toBe(400);
    });
  });

  describe('adverts', () => {
    it('uploads up to 5 images, refuses a 6th and non-images, and deletes', async () => {
      const files = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => png(`#${i}${i}${i}${i}${i}${i}`)));
      const six = await admin.form(
        'POST',
        '/api/advertimages',
        files.map((value, i) => ({ name: 'images', value, filename: `${i}.png`, type: 'image/png' })),
      );
      expect(six.statusCode).toBe(400);
      expect(six.json().message).toBe('You can only select up to 5 images.');
      expect((await shop.app.inject('/api/advertimages')).json()).toEqual([]);
      const text = await admin.form('POST', '/api/advertimages', [{ name: 'images', value: 'not an image', filename: 'a.png' }]);
      expect(text.statusCode).toBe(400);
      const two = await admin.form(
        'POST',
        '/api/advertimages',
        files.slice(0, 2).map((value, i) => ({ name: 'images', value, filename: `${i}.png`, type: 'image/png' })),
      );
      expect(two.json()).toHaveLength(2);
      expect((await admin.delete(`/api/advertimages/${two.json()[0].id}`)).statusCode).toBe(200);
      expect((await shop.app.inject('/api/advertimages')).json()).toHaveLength(1);
    });
  });

  describe('coupons', () => {
    it('adds, edits and deletes coupons, refusing duplicates, bad percentages and unknown products', async () => {
      const add = await admin.post('/api/coupons', { code: 'WELCOME10', discount: '', discount_percent: 10, min_purchase: '999', product_id: '' });
      expect(add.json()).toMatchObject({
        message: 'Coupon added successfully',
        coupon: { code: 'WELCOME10', discount: null, discount_percent: 10, min_purchase: 999, product_id: null, used_count: 0 },
      });
      const id = add.json().coupon.id;
      expect((await admin.post('/api/coupons', { code: 'welcome10', discount: 50 })).statusCode).toBe(409);
      const festive = await admin.post('/api/coupons', { code: 'Diwali Sale', discount: 100, discount_percent: '12.5' });
      expect(festive.json().coupon).toMatchObject({ code: 'Diwali Sale', discount: 100, discount_percent: 12.5 });
      expect((await admin.post('/api/coupons', { code: 'TOO FINE', discount_percent: 12.345 })).json().message).toContain(
        'Discount percentage may have at most 2 decimals',
      );
      const bad = await admin.post('/api/coupons', { code: 'BIG', discount_percent: 150 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('Discount percentage must be from 0 to 100');
      expect((await admin.post('/api/coupons', { code: 'GHOST', discount: 10, product_id: 999_999 })).json().message).toBe(
        'There is no product with ID 999999',
      );
      expect((await admin.post('/api/coupons', { code: 'NEG', discount: -5 })).statusCode).toBe(400);
      expect((await admin.post('/api/coupons', { code: 'NOTHING' })).json().message).toBe('Give a fixed discount, a discount percentage or free shipping');
      const edit = await admin.put(`/api/coupons/${id}`, {
        code: 'WELCOME15',
        discount: 100,
        discount_percent: 15,
        min_purchase: null,
        product_id: null,
        usage_limit: 100,
        once_per_customer: true,
        expires_at: '2030-01-01',
      });
      expect(edit.json().coupon).toMatchObject({
        code: 'WELCOME15',
        discount: 100,
        discount_percent: 15,
        usage_limit: 100,
        once_per_customer: true,
        expires_at: '2030-01-01T00:00:00.000Z',
      });
      expect((await admin.get('/api/coupons')).json().map((c: { code: string }) => c.code)).toContain('WELCOME15');
      expect((await admin.delete(`/api/coupons/${id}`)).json()).toEqual({ message: 'Coupon deleted successfully' });
    });
  });

  describe('orders', () => {
    it('lists paid orders with filters, moves them placed → dispatched → delivered with mails, and exports CSV', async () => {
      const f = factories(shop);
      const c = await shop.db.selectFrom('categories').select('id').where('type', '=', 'Drone Kits').executeTakeFirstOrThrow();
      const p = await f.product({ title: 'Order Me', pricePaise: 45_600, categoryId: c.id });
      await makeCoupon(shop, { code: `ADM${kind}`, discount_paise: 600 });
      const s = await verifiedShopper(shop);
      const api = as(shop, s.cookie);
      await api.post('/api/cart', { productId: p.id, quantity: 2 });
      const order = (await api.post('/api/createBulkOrder', { items: [{ productId: p.id, quantity: 2 }], couponCode: `ADM${kind}` })).json();
      const unpaid = await verifiedShopper(shop);
      await as(shop, unpaid.cookie).post('/api/cart', { productId: p.id });
      await as(shop, unpaid.cookie).post('/api/createBulkOrder', { items: [{ productId: p.id, quantity: 1 }] });
      await api.post('/api/processOrder', await payInSimulation(shop, s.cookie, order.id));

      const listed = await admin.get(`/api/ordersAdmin?q=${encodeURIComponent(s.email)}&page=1`);
      expect(listed.headers).toMatchObject({ 'x-total-count': '1', 'x-page': '1', 'x-page-size': '25' });
      const list = listed.json();
      expect(list).toHaveLength(1);
      expect(list[0]).toEqual({
        orderId: order.orderId,
        customerEmail: s.email,
        customerPhone: '+919876543210',
        products: [{ name: 'Order Me', quantity: 2 }],
        totalAmount: 906,
        createdAt: expect.any(String),
        status: 'placed',
        razorpayOrderId: order.id,
        razorpayPaymentId: expect.stringMatching(/^pay_SIM/),
        shippingAddress: '12 MG Road, Pune, Maharashtra 411001',
        nextStatuses: ['dispatched', 'delivered', 'canceled'],
        refunded: 0,
        refundPending: 0,
        flag: null,
        courier: null,
        trackingNumber: null,
        trackingUrl: null,
        paymentMethod: 'online',
        codToCollect: 0,
        codFee: 0,
        codCollectedAt: null,
        returnedAt: null,
      });
      expect((await admin.get(`/api/ordersAdmin?q=${order.orderId.toLowerCase()}`)).json()).toHaveLength(1);
      expect((await admin.get(`/api/ordersAdmin?q=${encodeURIComponent(unpaid.email)}`)).json()).toEqual([]);
      expect((await admin.get(`/api/ordersAdmin?status=delivered&q=${encodeURIComponent(s.email)}`)).json()).toEqual([]);
      expect((await admin.get(`/api/ordersAdmin?period=1m&q=${encodeURIComponent(s.email)}`)).json()).toHaveLength(1);
      expect((await admin.get('/api/ordersAdmin?status=lost')).statusCode).toBe(400);

      const move = (status: string, extra: object = {}) => admin.patch(`/api/UserOrders/${order.orderId}`, { status, ...extra });
      expect((await move('pending_payment')).statusCode).toBe(409);
      // Dispatching takes the courier and the tracking number together (or neither: server/test/compat.test.ts).
      const missing = await move('dispatched', { trackingNumber: 'DL12345678' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ courier: 'Enter the courier' });
      expect((await move('dispatched', { courier: 'Delhivery', trackingNumber: 'DL 12345/X', trackingUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
      expect(
        (
          await move('dispatched', { courier: 'Delhivery', trackingNumber: 'DL12345678', trackingUrl: 'https://www.delhivery.com/track/package/DL12345678' })
        ).json(),
      ).toEqual({ message: 'Order status updated successfully!' });
      const mine = (await as(shop, s.cookie).get('/api/UserOrders')).json().orders[0];
      expect(mine).toMatchObject({
        status: 'dispatched',
        courier: 'Delhivery',
        trackingNumber: 'DL12345678',
        trackingUrl: 'https://www.delhivery.com/track/package/DL12345678',
      });
      const dispatchedMail = await mailText(shop, s.email, 'order-dispatched');
      expect(dispatchedMail).toContain('Courier: Delhivery. Tracking number: DL12345678.');
      expect(dispatchedMail).toContain('Track it at https://www.delhivery.com/track/package/DL12345678');
      expect((await move('placed')).statusCode).toBe(409);
      expect((await move('delivered')).statusCode).toBe(200);
      expect((await move('canceled')).statusCode).toBe(409);
      const mails = await shop.db
        .selectFrom('outbox')
        .select(['kind', 'subject'])
        .where('to_address', '=', s.email)
        .where('kind', 'like', 'order-%')
        .orderBy('id')
        .execute();
      expect(mails.map((m) => m.kind)).toEqual(['order-dispatched', 'order-delivered']);
      expect((await as(shop, s.cookie).get('/api/UserOrders')).json().orders[0].status).toBe('delivered');

      const csv = await admin.get(`/api/ordersAdmin.csv?q=${encodeURIComponent(s.email)}`);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\r\n')[1]).toContain(`"${order.orderId}"`);
      expect(csv.body).toContain('"2 x Order Me"');
      // An online order: its payment method, the COD columns empty (decision 044).
      expect(csv.body.split('\r\n')[1]).toMatch(/"Online","","","","","",""$/);

      const overview = (await admin.get('/api/admin/overview')).json();
      expect(overview.days).toHaveLength(30);
      expect(overview.days.at(-1).orders).toBeGreaterThanOrEqual(1);
      expect(overview.topProducts.map((t: { title: string }) => t.title)).toContain('Order Me');
      const outbox = (await admin.get('/api/admin/outbox')).json();
      expect(outbox.mails.length).toBeGreaterThan(0);
      expect(outbox.mails[0]).toMatchObject({ to: expect.any(String), subject: expect.any(String) });
    });
  });
});
