import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png, type Part } from './helpers/admin';
import { startAdminShop, type Admin } from './helpers/admin-shop';
import { as, payInSimulation, shopperWithCart } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import type { TestShop } from './helpers/test-app';

/** The original backend's endpoints that SPEC.md's web app does not call, answering on our data with our checks. */
describe.each(DB_KINDS)('the original backend’s other endpoints on %s', (kind) => {
  let shop: TestShop, admin: Admin, drone: { id: number }, kit: { id: number };

  beforeAll(async () => {
    // The simulated provider's webhook comes after a minute, past the tests: one that checks what a payment alone
    // completes (nothing) would meet it 1.5 s after the payment, its default, on a loaded machine.
    const {
      f,
      categoryId: drones,
      ...t
    } = await startAdminShop(kind, 'Drone Kits', {
      SHOP_EMAIL: 'shop@example.com',
      FORM_RATE_LIMIT: '1000',
      SIMULATED_WEBHOOK_DELAY_MS: '60000',
    });
    ({ shop, admin } = t);
    const robots = await f.category('Robobox Kits');
    drone = await f.product({ title: 'Quadcopter', pricePaise: 450_000, categoryId: drones });
    await f.product({ title: 'Hexacopter', pricePaise: 650_000, categoryId: drones });
    kit = await f.product({ title: 'Line Follower', pricePaise: 249_900, categoryId: robots.id });
  });
  afterAll(() => shop.close());

  describe('GET api/products/:category', () => {
    it('lists the products of a category by its name, whatever its case, and [] for an unknown one', async () => {
      const res = await shop.app.inject('/api/products/drone%20kits');
      expect(res.statusCode).toBe(200);
      expect((res.json() as { title: string; category: string }[]).map((p) => [p.title, p.category]).sort()).toEqual([
        ['Hexacopter', 'Drone Kits'],
        ['Quadcopter', 'Drone Kits'],
      ]);
      expect(res.headers['x-total-count']).toBe('2');
      expect((await shop.app.inject('/api/products/Robobox%20Kits')).json().map((p: { id: number }) => p.id)).toEqual([kit.id]);
      const unknown = await shop.app.inject('/api/products/Nothing%20Here');
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual([]);
      // A number is a name here, as in the original (not a category id).
      expect((await shop.app.inject(`/api/products/${drone.id}`)).json()).toEqual([]);
    });

    it('leaves the routes beside it as they were: search, one product, and the admin’s product changes', async () => {
      expect((await shop.app.inject('/api/products/search/quadcopter')).json().map((p: { id: number }) => p.id)).toEqual([drone.id]);
      expect((await shop.app.inject(`/api/product/${drone.id}`)).json().title).toBe('Quadcopter');
      expect((await shop.app.inject({ method: 'DELETE', url: `/api/products/${drone.id}` })).statusCode).toBe(401);
      expect((await shop.app.inject('/api/products/' + 'x'.repeat(201))).statusCode).toBe(400);
    });
  });

  describe('POST api/verifyPayment and api/verifyBulkPayment', () => {
    const orderStatus = async (providerOrderId: string) =>
      (await shop.db.selectFrom('orders').select('status').where('provider_order_id', '=', providerOrderId).executeTakeFirstOrThrow()).status;

    it('answers 400 "Invalid signature" for a payment whose signature does not match', async () => {
      for (const url of ['/api/verifyPayment', '/api/verifyBulkPayment']) {
        const res = await shop.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            razorpay_order_id: 'order_X',
            razorpay_payment_id: 'pay_X',
            razorpay_signature: 'f'.repeat(64),
            productId: 1,
            quantity: 1,
          }),
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ message: 'Invalid signature', code: 'signature_invalid' });
      }
      const missing = await shop.app.inject({ method: 'POST', url: '/api/verifyPayment', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(missing.statusCode).toBe(400);
    });

    it('without a session checks the signature and completes nothing; with the shopper’s session places their order as processOrder does, once', async () => {
      const s = await shopperWithCart(shop, [[kit.id, 1]]);
      const created = (await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }] })).json();
      const paid = await payInSimulation(shop, s.cookie, created.id);

      const anonymous = await shop.app.inject({
        method: 'POST',
        url: '/api/verifyPayment',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(paid),
      });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toEqual({ success: true, message: 'Payment has been verified' });
      expect(await orderStatus(created.id)).toBe('pending_payment');

      // Another shopper's session completes nothing of this order either.
      const other = await shopperWithCart(shop, []);
      expect((await other.api.post('/api/verifyBulkPayment', paid)).statusCode).toBe(404);
      expect(await orderStatus(created.id)).toBe('pending_payment');

      const own = await as(shop, s.cookie).post('/api/verifyBulkPayment', paid);
      expect(own.json()).toEqual({ success: true, message: 'Payment has been verified and order has been placed successfully', orderId: created.orderId });
      expect(await orderStatus(created.id)).toBe('placed');
      expect((await as(shop, s.cookie).post('/api/verifyPayment', paid)).json()).toMatchObject({ success: true, orderId: created.orderId });
      const receipts = await shop.db.selectFrom('outbox').select('id').where('kind', '=', 'receipt').where('to_address', '=', s.email).execute();
      expect(receipts).toHaveLength(1);
    });
  });

  describe('GET and POST api/studofmonth', () => {
    const entry = (over: Record<string, string> = {}): Part[] =>
      Object.entries({
        name: 'Asha Rao',
        school: 'KV Pune',
        details: 'A <b>line follower</b> from scrap',
        videoId: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        ...over,
      }).map(([name, value]) => ({
        name,
        value,
      }));

    it('answers 404 until the admin adds one, then the newest, with its photo served publicly', async () => {
      const none = await shop.app.inject('/api/studofmonth');
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('No student of the month found');

      const photo = { name: 'image', value: await png('#3366ff', 64), filename: 'asha.png', type: 'image/png' };
      const { payload, headers } = multipart([...entry(), photo]);
      const anonymous = await shop.app.inject({ method: 'POST', url: '/api/studofmonth', headers, payload });
      expect(anonymous.statusCode).toBe(401);

      const added = await admin.form('POST', '/api/studofmonth', [...entry(), photo]);
      expect(added.statusCode).toBe(201);
      expect(added.json()).toEqual({ message: 'Student of the month added successfully' });
      const shown = await shop.app.inject('/api/studofmonth');
      expect(shown.json()).toEqual({
        name: 'Asha Rao',
        school: 'KV Pune',
        details: 'A <b>line follower</b> from scrap',
        image: expect.stringMatching(/^\/uploads\/students\//),
        videoId: 'dQw4w9WgXcQ',
        createdAt: expect.any(String),
      });
      const image = await shop.app.inject(shown.json().image);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);

      expect((await admin.form('POST', '/api/studofmonth', [...entry({ name: 'Ravi', videoId: 'https://youtu.be/abcdefghijk' }), photo])).statusCode).toBe(201);
      expect((await shop.app.inject('/api/studofmonth')).json()).toMatchObject({ name: 'Ravi', videoId: 'abcdefghijk' });
    });

    it('refuses an entry without a photo, with a file that is not an image, or without a YouTube link, and keeps the one shown', async () => {
      const before = (await shop.app.inject('/api/studofmonth')).json();
      const noPhoto = await admin.form('POST', '/api/studofmonth', entry());
      expect(noPhoto.statusCode).toBe(400);
      expect(noPhoto.json().message).toBe('Add a photo of the student');
      const notImage = await admin.form('POST', '/api/studofmonth', [...entry(), { name: 'image', value: Buffer.from('not a picture'), filename: 'x.png' }]);
      expect(notImage.statusCode).toBe(400);
      const noVideo = await admin.form('POST', '/api/studofmonth', [
        ...entry({ videoId: 'my project' }),
        { name: 'image', value: await png(), filename: 'a.png' },
      ]);
      expect(noVideo.statusCode).toBe(400);
      expect(noVideo.json().fields.videoId).toBe('Enter the YouTube link of the project');
      expect((await shop.app.inject('/api/studofmonth')).json()).toEqual(before);
    });
  });

  describe('POST api/mailforwarder with the other reasons of the company site', () => {
    const send = (fields: Record<string, string>, files: Part[] = []) => {
      const { payload, headers } = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...files]);
      return shop.app.inject({ method: 'POST', url: '/api/mailforwarder', headers, payload });
    };
    const base = { con_name: 'Principal <Rao>', phNo: '9876543210', message: 'We would like a robotics lab' };
    const noticeFor = async (subjectStart: string) =>
      (await shop.db.selectFrom('outbox').selectAll().where('to_address', '=', 'shop@example.com').where('kind', '=', 'contact-request').execute()).filter(
        (m) => m.subject.startsWith(subjectStart),
      );

    it.each([
      ['enroll-school', 'School enrollment request'],
      ['refund-service', 'Refund or service request'],
      ['others', 'Other request'],
    ])('stores a %s request without files and mails it to the shop', async (reason, title) => {
      const res = await send({ ...base, reason });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('Your request has been sent to the admin. You will be contacted soon.');
      const stored = await shop.db.selectFrom('print_requests').selectAll().where('reason', '=', reason).execute();
      expect(stored).toHaveLength(1);
      expect(Number(stored[0]!.price_paise)).toBe(0);
      const [notice] = await noticeFor(title);
      expect(notice!.html_body).toContain('Principal &lt;Rao&gt;');
      const list = (await admin.get('/api/admin/print-requests')).json().requests as { reason: string }[];
      expect(list.map((r) => r.reason)).toContain(reason);
    });

    it('keeps the checks: name, phone and message required, and a demo booking names a paid order of this shop', async () => {
      expect((await send({ ...base, con_name: '', reason: 'enroll-school' })).statusCode).toBe(400);
      const noInvoice = await send({ ...base, reason: 'Demo Request' });
      expect(noInvoice.statusCode).toBe(400);
      expect(noInvoice.json().message).toBe('Invoice is required for demo booking');
      const unknown = await send({ ...base, reason: 'Demo Request', invoice: 'RK999999' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('Invalid invoice');

      const order = await shop.db.selectFrom('orders').select(['order_code', 'provider_payment_id']).where('status', '=', 'placed').executeTakeFirstOrThrow();
      for (const invoice of [order.order_code, order.provider_payment_id!]) {
        const ok = await send({ ...base, reason: 'Demo Request', invoice }, [
          { name: 'files', value: await png(), filename: 'receipt.png', type: 'image/png' },
        ]);
        expect(ok.statusCode, invoice).toBe(200);
      }
      const demos = (await admin.get('/api/admin/print-requests')).json().requests as { reason: string; invoice: string | null; files: unknown[] }[];
      expect(demos.filter((r) => r.reason === 'Demo Request').map((r) => r.invoice)).toEqual([order.provider_payment_id, order.order_code]);
      expect((await noticeFor('Demo booking request'))[0]!.text_body).toContain(order.order_code);
    });

    it('still asks a 3D printing request for a file', async () => {
      const res = await send({ ...base, reason: '3D Printing' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('no_files');
    });
  });
});
