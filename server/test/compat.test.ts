import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { adminToken, ADMIN_PASSWORD, png, multipart } from './helpers/admin';
import { makeCoupon } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

/** The original web app (SPEC.md §7) pointed at this server from another origin. */
describe.each(DB_KINDS)('drop-in compatibility with the original web app on %s', (kind) => {
  let shop: TestShop;
  let token: string;
  const WEB_APP = 'https://shop.robokits.in';

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD, CORS_ORIGINS: `${WEB_APP}, https://*.preview.robokits.in` });
    token = await adminToken(shop);
    const c = await factories(shop).category('Kits');
    await factories(shop).product({ title: 'Kit', categoryId: c.id, images: 1 });
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
    expect((await shop.app.inject({ method: 'POST', url: '/api/advertimages', headers: { ...headers, authorization: token }, payload })).statusCode).toBeLessThan(300);
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
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example.com/, https://*.b.example.com' }).corsOrigins).toEqual(['https://a.example.com', 'https://*.b.example.com']);
  });
});
