import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { adminToken, ADMIN_PASSWORD, png, multipart } from './helpers/admin';
import { as, makeCoupon, paidOrderFrom } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

/** The original web app (SPEC.md §7) pointed at this server from another origin. */
describe.each(DB_KINDS)('drop-in compatibility with the original web app on %s', (kind) => {
  let shop: TestShop;
  let token: string;
  let kitId: number;
  const WEB_APP = 'https://shop.robokits.in';

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD, CORS_ORIGINS: `${WEB_APP}, https://*.preview.robokits.in` });
    token = await adminToken(shop);
    const c = await factories(shop).category('Kits');
    kitId = (await factories(shop).product({ title: 'Kit', categoryId: c.id, images: 1 })).id;
    await makeCoupon(shop, { code: 'OLDAPP', discount_paise: 5_000 });
  });
  afterAll(() => shop.close());

  it('accepts the admin token raw, as the original sends it, and as a Bearer token', async () => {
    for (const authorization of [token, `Bearer ${token}`]) {
      const res = await shop.app.inject({ method: 'GET', url: '/api/coupons', headers: { authorization } });
      expect(res.statusCode, authorization.slice(0, 7)).toBe(200);
    }
    expect((await shop.app.inject({ method: 'GET', url: '/api/coupons', headers: { authorization: 'not-a-token' } })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'GET', url: '/api/coupons', headers: { authorization: `Bearer ${token} extra` } })).statusCode).toBe(401);
    // Advert upload still needs the token (DESIGN.md §6), in either form.
    const { payload, headers } = multipart([{ name: 'image', value: await png(), filename: 'a.png', type: 'image/png' }]);
    expect((await shop.app.inject({ method: 'POST', url: '/api/advertimages', headers, payload })).statusCode).toBe(401);
    expect(
      (await shop.app.inject({ method: 'POST', url: '/api/advertimages', headers: { ...headers, authorization: token }, payload })).statusCode,
    ).toBeLessThan(300);
  });

  it('answers GET api/coupons and GET api/ordersAdmin as JSON arrays with the total in X-Total-Count', async () => {
    const coupons = await shop.app.inject({ method: 'GET', url: '/api/coupons', headers: { authorization: token } });
    expect(Array.isArray(coupons.json())).toBe(true);
    expect(coupons.json()).toContainEqual(expect.objectContaining({ code: 'OLDAPP', discount: 50 }));
    expect(coupons.headers['x-total-count']).toBe(String(coupons.json().length));
    const orders = await shop.app.inject({ method: 'GET', url: '/api/ordersAdmin', headers: { authorization: token } });
    expect(orders.json()).toEqual([]);
    expect(orders.headers['x-total-count']).toBe('0');
  });

  it('answers preflights from listed origins with credentials and the exact origin, never *', async () => {
    for (const origin of [WEB_APP, 'https://pr-12.preview.robokits.in']) {
      const res = await shop.app.inject({
        method: 'OPTIONS',
        url: '/api/coupons',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    }
    const get = await shop.app.inject({ method: 'GET', url: '/api/categories', headers: { origin: WEB_APP } });
    expect(get.headers['access-control-allow-origin']).toBe(WEB_APP);
    expect(String(get.headers['access-control-expose-headers'])).toContain('X-Total-Count');
  });

  it('lets the headers the original sends through the preflight, for listed origins only', async () => {
    const preflight = (origin: string, url: string, method: string, headers: string) =>
      shop.app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers } });
    // My Orders sends `email`; the cart's processOrder sends `content` (the e-mail again) with the token.
    const orders = await preflight(WEB_APP, '/api/UserOrders', 'GET', 'content-type,email');
    expect(orders.statusCode).toBe(204);
    expect(orders.headers['access-control-allow-headers']).toBe('content-type,email');
    const processOrder = await preflight(WEB_APP, '/api/processOrder', 'POST', 'authorization,content,content-type,email');
    expect(processOrder.headers['access-control-allow-headers']).toBe('authorization,content,content-type,email');
    expect(processOrder.headers['access-control-allow-origin']).toBe(WEB_APP);
    expect(String(processOrder.headers.vary)).toContain('Access-Control-Request-Headers');
    const other = await preflight('https://evil.example', '/api/UserOrders', 'GET', 'content-type,email');
    expect(other.headers['access-control-allow-headers']).toBeUndefined();
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('grants nothing for an email header: orders come from the session only (DESIGN.md §6.2)', async () => {
    const { s } = await paidOrderFrom(shop, 'Maharashtra', [[kitId, 1]]);
    const email = { email: s.email, content: s.email, origin: WEB_APP };
    const visitor = await shop.app.inject({ method: 'GET', url: '/api/UserOrders', headers: email });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['access-control-allow-origin']).toBe(WEB_APP);
    const other = await verifiedShopper(shop);
    const theirs = await as(shop, other.cookie).get('/api/UserOrders', { email: s.email });
    expect(theirs.json()).toEqual({ orders: [] });
    expect((await as(shop, s.cookie).get('/api/UserOrders')).json().orders).toHaveLength(1);
    const process = await shop.app.inject({
      method: 'POST',
      url: '/api/processOrder',
      headers: { ...email, 'content-type': 'application/json' },
      payload: JSON.stringify({ razorpay_order_id: 'order_x', razorpay_payment_id: 'pay_x', razorpay_signature: 'x', email: s.email }),
    });
    expect(process.statusCode).toBe(401);
  });

  it('lets the original dashboard dispatch with the status alone; the courier and tracking number come later', async () => {
    const { s, order } = await paidOrderFrom(shop, 'Maharashtra', [[kitId, 1]]);
    const asOriginal = (method: 'PATCH' | 'PUT', url: string, body: unknown, authorization = token) =>
      shop.app.inject({ method, url, headers: { authorization, origin: WEB_APP, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const listed = async () =>
      (await shop.app.inject({ method: 'GET', url: `/api/ordersAdmin?q=${order.orderId}`, headers: { authorization: token } })).json()[0];
    const mails = (kind: string) => shop.db.selectFrom('outbox').select('text_body').where('to_address', '=', s.email).where('kind', '=', kind).execute();

    // Only both details or neither: a courier without its tracking number is refused.
    const half = await asOriginal('PATCH', `/api/UserOrders/${order.orderId}`, { status: 'dispatched', courier: 'DTDC' });
    expect(half.statusCode).toBe(400);
    expect(half.json().fields).toEqual({ trackingNumber: 'Enter the tracking number' });
    expect((await listed()).status).toBe('placed');

    const dispatched = await asOriginal('PATCH', `/api/UserOrders/${order.orderId}`, { status: 'dispatched' });
    expect(dispatched.statusCode).toBe(200);
    expect(dispatched.json()).toEqual({ message: 'Order status updated successfully!' });
    expect(await listed()).toMatchObject({
      status: 'dispatched',
      courier: null,
      trackingNumber: null,
      trackingUrl: null,
      nextStatuses: ['delivered', 'canceled'],
    });
    const [onItsWay] = await mails('order-dispatched');
    expect(onItsWay!.text_body).toContain('is on its way');
    expect(onItsWay!.text_body).toContain('When we add the courier and the tracking number, you will find them under Your Orders');
    expect(onItsWay!.text_body).not.toContain('Tracking number:');

    const dispatch = `/api/admin/orders/${order.orderId}/dispatch`;
    const details = { courier: 'DTDC', trackingNumber: 'D1234567', trackingUrl: 'https://track.example/D1234567' };
    expect((await asOriginal('PUT', dispatch, details, 'not-a-token')).statusCode).toBe(401);
    expect((await as(shop, s.cookie).get('/api/UserOrders')).json().orders[0]).toMatchObject({ status: 'dispatched', courier: null });
    const bad = await asOriginal('PUT', dispatch, { courier: 'DTDC', trackingNumber: 'D1#' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation', fields: { trackingNumber: 'A tracking number has letters, digits, spaces, - and /' } });
    expect((await asOriginal('PUT', '/api/admin/orders/RK999999/dispatch', details)).statusCode).toBe(404);
    const saved = await asOriginal('PUT', dispatch, details);
    expect(saved.json()).toEqual({ message: 'Tracking details saved' });
    expect(await listed()).toMatchObject({ status: 'dispatched', courier: 'DTDC', trackingNumber: 'D1234567', trackingUrl: 'https://track.example/D1234567' });
    expect((await as(shop, s.cookie).get('/api/UserOrders')).json().orders[0]).toMatchObject({ courier: 'DTDC', trackingNumber: 'D1234567' });
    const [tracking] = await mails('order-tracking');
    expect(tracking!.text_body).toContain('Courier: DTDC. Tracking number: D1234567.');
    expect(tracking!.text_body).toContain('Track it at https://track.example/D1234567');

    // Only while dispatched: not before, not once delivered.
    const { order: placed } = await paidOrderFrom(shop, 'Maharashtra', [[kitId, 1]]);
    const early = await asOriginal('PUT', `/api/admin/orders/${placed.orderId}/dispatch`, details);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'not_dispatched', message: 'Only a dispatched order takes a courier and a tracking number.' });
    expect((await asOriginal('PATCH', `/api/UserOrders/${order.orderId}`, { status: 'delivered' })).statusCode).toBe(200);
    expect((await asOriginal('PUT', dispatch, { ...details, trackingNumber: 'D7654321' })).statusCode).toBe(409);
    expect((await listed()).trackingNumber).toBe('D1234567');
  });

  it('gives other origins no CORS headers, so browsers refuse them', async () => {
    for (const origin of ['https://evil.example', 'https://preview.robokits.in', 'http://shop.robokits.in']) {
      const pre = await shop.app.inject({ method: 'OPTIONS', url: '/api/coupons', headers: { origin, 'access-control-request-method': 'GET' } });
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
      const get = await shop.app.inject({ method: 'GET', url: '/api/categories', headers: { origin } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('serves catalogue pictures so that listed origins can show them', async () => {
    const product = (await shop.app.inject('/api/products')).json()[0];
    const image = await shop.app.inject({ method: 'GET', url: product.images[0], headers: { origin: WEB_APP } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('CORS configuration', () => {
  it('is off by default: no CORS headers, same-origin pictures', async () => {
    const shop = await startTestShop('sqlite');
    try {
      const res = await shop.app.inject({ method: 'GET', url: '/api/categories', headers: { origin: 'https://shop.robokits.in' } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await shop.close();
    }
  });

  it('refuses a bare * and malformed origins, naming the variable', () => {
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'shop.example.com' })).toThrow(/CORS_ORIGINS/);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example.com/, https://*.b.example.com' }).corsOrigins).toEqual([
      'https://a.example.com',
      'https://*.b.example.com',
    ]);
  });
});
