import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacHex } from '../src/modules/payments/signatures';
import { ADMIN_PASSWORD, adminToken } from './helpers/admin';
import { makeCoupon, paidOrderFrom } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { badBodies, badForms, seededRandom } from './helpers/fuzz-input';
import { AUTH_PATHS, casesFor, FORMS, PER_FIELD, templates, type Case, type Seeded } from './helpers/fuzz-routes';
import { ORIGIN, post, verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

/**
 * Every route, as a visitor, a shopper and an admin, answers malformed input
 * (path, query, body, content type, headers) with a 4xx JSON message: never a
 * 5xx, a crash or a hang. And the input loses and changes nothing it should not
 * (decision 031).
 *
 * FUZZ_SEED=n draws other cases; FUZZ_BATCH=n sends each route's cases n at a
 * time (races); FUZZ_REPORT=file keeps the whole list of failures.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

type Actor = 'visitor' | 'shopper' | 'admin';

interface Failure {
  actor: Actor;
  method: string;
  url: string;
  body?: string;
  headers?: string;
  status: number | 'hang' | 'threw';
  answer: string;
}

const INJECT_TIMEOUT_MS = 15_000;

let addresses = 0;
/** Each case from its own client address: per-address rate limits (admin sign-in: 10 a minute) would otherwise answer most cases with 429. */
function nextAddress(): string {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Cases that may end the actor's session (sign-out, logout, password and email changes). */
const mayEndSession = (url: string) => /sign-out|logout|revoke|change-password|change-email|delete-user|reset-password/.test(url);

describe.each(DB_KINDS)('fuzzing every route on %s', (kind) => {
  let shop: TestShop;
  let seeded: Seeded;
  let shopperCookie: string;
  let token: string;
  const failures: Failure[] = [];
  const snapshot = async () => ({
    products: await shop.db.selectFrom('products').select(['id', 'title', 'description', 'price_paise', 'stock', 'category_id']).orderBy('id').execute(),
    categories: await shop.db.selectFrom('categories').select(['id', 'type']).orderBy('id').execute(),
    coupons: await shop.db.selectFrom('coupons').select(['id', 'code', 'discount_paise', 'discount_percent', 'used_count']).orderBy('id').execute(),
    adverts: await shop.db.selectFrom('advert_images').select(['id', 'path']).orderBy('id').execute(),
    paidOrders: await shop.db.selectFrom('orders').select(['id', 'status', 'total_paise']).where('status', '!=', 'pending_payment').orderBy('id').execute(),
    payments: await shop.db.selectFrom('order_payments').select(['id', 'amount_paise', 'refunded_paise']).orderBy('id').execute(),
    refunds: await shop.db.selectFrom('refunds').select('id').execute(),
    admins: await shop.db.selectFrom('user').select(['id', 'role']).where('role', '=', 'admin').execute(),
  });

  beforeAll(async () => {
    shop = await startTestShop(kind, {
      ADMIN_PASSWORD,
      SIMULATED_WEBHOOK_DELAY_MS: '60000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      FORM_RATE_LIMIT: '1000000',
    });
    const f = factories(shop);
    const category = await f.category('Fuzz Kits');
    const product = await f.product({ categoryId: category.id, pricePaise: 149_900, stock: 50, images: 1 });
    const free = await f.product({ categoryId: category.id, pricePaise: 0 });
    await makeCoupon(shop, { code: 'FUZZ10', discount_paise: 10_000 });
    const { order } = await paidOrderFrom(shop, 'Maharashtra', [[product.id, 1]]);
    seeded = { productId: product.id, freeProductId: free.id, orderCode: order.orderId };
    shopperCookie = (await verifiedShopper(shop)).cookie;
    token = await adminToken(shop);
  }, 120_000);
  afterAll(() => shop?.close());

  /** Sends one case as the actor; records a 5xx, a hang, a throw or a 4xx without a JSON message. */
  async function send(actor: Actor, c: Case): Promise<void> {
    const headers: Record<string, string> = { origin: ORIGIN };
    if (actor === 'shopper') headers.cookie = shopperCookie;
    if (actor === 'admin') headers.authorization = `Bearer ${token}`;
    if (c.body?.contentType) headers['content-type'] = c.body.contentType;
    Object.assign(headers, c.headers);
    const record = (status: Failure['status'], answer: string): void =>
      void failures.push({ actor, method: c.method, url: c.url.slice(0, 200), ...(c.body ? { body: c.body.name } : {}), status, answer: answer.slice(0, 300) });
    let timer: NodeJS.Timeout | undefined;
    try {
      const res = await Promise.race([
        shop.app.inject({ method: c.method as 'GET', url: c.url, headers, remoteAddress: nextAddress(), ...(c.body ? { payload: c.body.payload } : {}) }),
        new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), INJECT_TIMEOUT_MS))),
      ]);
      if (res === 'hang') return record('hang', '');
      if (res.statusCode >= 500) return record(res.statusCode, res.body);
      if (res.statusCode >= 400 && c.url.startsWith('/api/')) {
        let message: unknown;
        try {
          message = (res.json() as { message?: unknown }).message;
        } catch {
          message = undefined;
        }
        if (typeof message !== 'string' || message.trim() === '') record(res.statusCode, `no JSON message: ${res.headers['content-type']} ${res.body}`);
      }
    } catch (err) {
      record('threw', String(err));
    } finally {
      clearTimeout(timer);
    }
  }

  /** The actor's session, renewed when a fuzzed request ended it (sign-out, logout). */
  async function keepSignedIn(actor: Actor) {
    if (actor === 'shopper') {
      const me = await shop.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: shopperCookie, origin: ORIGIN } });
      if (me.statusCode !== 200) shopperCookie = (await verifiedShopper(shop)).cookie;
    }
    if (actor === 'admin') {
      const me = await shop.app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${token}` } });
      if (me.statusCode !== 200) {
        // From an address of its own: the test's sign-ins from one address would reach the sign-in rate limit.
        const login = await shop.app.inject({
          method: 'POST',
          url: '/api/adminlogin',
          remoteAddress: nextAddress(),
          payload: { username: 'admin', password: ADMIN_PASSWORD },
        });
        token = (login.json() as { token: string }).token;
      }
    }
  }

  async function fuzz(actor: Actor) {
    const random = seededRandom(SEED + ['visitor', 'shopper', 'admin'].indexOf(actor));
    const routes = shop.app.routeList.filter((r) => !(actor !== 'admin' && r.admin));
    for (const r of routes) {
      const all = casesFor(r.method, r.url, seeded, random);
      const batch = Number(process.env.FUZZ_BATCH ?? 1);
      for (let i = 0; i < all.length; i += batch) {
        const group = all.slice(i, i + batch);
        await Promise.all(group.map((c) => send(actor, c)));
        if (group.some((c) => mayEndSession(c.url))) await keepSignedIn(actor);
      }
      const health = await shop.app.inject('/api/health');
      if (health.statusCode !== 200) failures.push({ actor, method: r.method, url: r.url, status: health.statusCode, answer: `health after: ${health.body}` });
      await keepSignedIn(actor);
    }
  }

  const report = () => {
    const lines = failures.map(
      (f) => `${f.actor} ${f.method} ${f.url}${f.body ? ` [${f.body}]` : ''}${f.headers ? ` ${f.headers}` : ''} -> ${f.status}: ${f.answer}`,
    );
    // The assertion's diff shows only the first ones.
    if (process.env.FUZZ_REPORT && lines.length > 0) fs.appendFileSync(process.env.FUZZ_REPORT, `${kind}\n${lines.join('\n')}\n`);
    return lines;
  };

  it('answers a visitor and a shopper with 4xx JSON and changes nothing it should not', async () => {
    const before = await snapshot();
    await fuzz('visitor');
    await fuzz('shopper');
    expect(report()).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // Orders the fuzzing created are awaiting payment, priced by the shop: never the browser's prices or discounts.
    const orders = await shop.db
      .selectFrom('orders')
      .select(['id', 'subtotal_paise', 'discount_paise', 'total_paise'])
      .where('status', '=', 'pending_payment')
      .execute();
    for (const o of orders) {
      const lines = await shop.db.selectFrom('order_lines').selectAll().where('order_id', '=', o.id).execute();
      for (const l of lines) expect(Number(l.unit_price_paise)).toBe(149_900);
      const subtotal = lines.reduce((sum, l) => sum + Number(l.unit_price_paise) * Number(l.quantity), 0);
      expect(o.subtotal_paise).toBe(subtotal);
      expect(o.total_paise).toBe(o.subtotal_paise - o.discount_paise);
      expect(o.discount_paise).toBeLessThanOrEqual(10_000);
    }
    expect((await shop.app.inject('/api/health')).statusCode).toBe(200);
  }, 300_000);

  it('refuses a NUL character in a path, a query, a JSON body, a better-auth body and a form with 400 (PostgreSQL cannot store it)', async () => {
    const nul = { message: 'Text may not contain NUL characters (\\u0000)', code: 'nul_character' };
    const shopper = { cookie: shopperCookie, origin: ORIGIN };
    const answers = [
      await shop.app.inject({ method: 'GET', url: '/api/orders/%00/invoice.pdf', headers: shopper }),
      await shop.app.inject({ method: 'GET', url: '/api/products?q=a%00', headers: shopper }),
      await shop.app.inject({
        method: 'POST',
        url: '/api/freeclaim',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        payload: { ...templates(seeded)['POST /api/freeclaim'], name: 'A\u0000' },
      }),
      await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        payload: { ...AUTH_PATHS['sign-up/email'], email: 'nul@example.com', name: 'A\u0000' },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(nul);
    }
    const form = badForms(FORMS['POST /api/mailforwarder']!.fields, 'files', seededRandom(SEED), 0).find((c) => c.name === 'con_name with NUL')!;
    const printed = await shop.app.inject({
      method: 'POST',
      url: '/api/mailforwarder',
      headers: { 'content-type': form.contentType!, origin: ORIGIN },
      payload: form.payload,
    });
    expect(printed.statusCode).toBe(400);
    expect(printed.json()).toMatchObject(nul);
    expect(await shop.db.selectFrom('user').select('id').where('email', '=', 'nul@example.com').execute()).toEqual([]);
  });

  it('says what to send for an unsupported content type, a too long path, a broken %-escape and an unknown auth endpoint', async () => {
    const form = await shop.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: shopperCookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'productId=1',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().message).toBe('Unsupported Content-Type: send JSON (application/json), or multipart/form-data for uploads');
    const long = await shop.app.inject(`/api/product/${'9'.repeat(3000)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json().message).toBe('The address is too long');
    const escape = await shop.app.inject('/api/product/%E0%A4%A');
    expect(escape.statusCode).toBe(400);
    expect(escape.json()).toEqual({ message: 'The address is not valid: it has a broken %-escape', code: 'FST_ERR_BAD_URL' });
    const unknown = await post(shop, '/api/auth/no-such-endpoint', '{}');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('answers the same valid request sent eight times at once without a 5xx (races on unique rows)', async () => {
    const routes: [Actor, string, string, unknown][] = [
      ['shopper', 'POST', '/api/cart', { productId: seeded.productId, quantity: 1 }],
      ['shopper', 'PATCH', '/api/me', templates(seeded)['PATCH /api/me']],
      ['shopper', 'POST', '/api/createBulkOrder', { items: [{ productId: seeded.productId, quantity: 1 }] }],
      ['shopper', 'POST', '/api/verifyCoupon', { code: 'FUZZ10' }],
      ['visitor', 'POST', '/api/notify', { email: 'race@example.com' }],
      ['visitor', 'POST', '/api/freeclaim', { ...templates(seeded)['POST /api/freeclaim'], email: 'race@example.com' }],
      ['visitor', 'POST', '/api/auth/sign-up/email', { ...AUTH_PATHS['sign-up/email'], email: 'race@example.com', username: 'race_user' }],
      ['admin', 'POST', '/api/categories', { name: 'Race Category' }],
      ['admin', 'POST', '/api/coupons', { ...templates(seeded)['POST /api/coupons'], code: 'RACE1' }],
      ['admin', 'POST', `/api/admin/orders/${seeded.orderCode}/refunds`, { amount: 1, idempotencyKey: 'race-key-0001' }],
      ['admin', 'PATCH', `/api/UserOrders/${seeded.orderCode}`, { status: 'dispatched', courier: 'DTDC', trackingNumber: 'RACE123' }],
    ];
    failures.length = 0;
    for (const [actor, method, url, body] of routes) {
      await Promise.all(
        Array.from({ length: 8 }, () => send(actor, { method, url, body: { name: 'valid', contentType: 'application/json', payload: JSON.stringify(body) } })),
      );
      await keepSignedIn(actor);
    }
    expect(report()).toEqual([]);
    // Four shoppers take the same username at once: one gets it, the others are told it is taken.
    const others = await Promise.all(Array.from({ length: 4 }, () => verifiedShopper(shop)));
    const taken = await Promise.all(
      others.map((o) =>
        shop.app.inject({
          method: 'PATCH',
          url: '/api/me',
          headers: { cookie: o.cookie, origin: ORIGIN, 'content-type': 'application/json' },
          payload: { ...templates(seeded)['PATCH /api/me'], username: 'race_name' },
        }),
      ),
    );
    expect(taken.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('answers webhooks signed with the secret but holding malformed payloads without a 5xx', async () => {
    // Only the provider can sign, but a payload of an unexpected shape must not fail the event (it would be retried for days).
    const secret = (await shop.db.selectFrom('app_settings').select('value').where('name', '=', 'simulated_webhook_secret').executeTakeFirstOrThrow()).value;
    {
      const order = await shop.db.selectFrom('orders').select(['provider_order_id']).where('order_code', '=', seeded.orderCode).executeTakeFirstOrThrow();
      const entity = { id: 'pay_fuzz', order_id: order.provider_order_id, amount: 149_900, status: 'captured' };
      const events = [
        { event: 'payment.captured', payload: { payment: { entity } } },
        { event: 'order.paid', payload: { order: { entity: { id: order.provider_order_id } }, payment: { entity } } },
        {
          event: 'refund.processed',
          payload: { refund: { entity: { id: 'rfnd_fuzz', payment_id: 'pay_fuzz', amount: 100, status: 'processed', notes: { refund_key: 'x' } } } },
        },
        { event: 'refund.failed', payload: { refund: { entity: { id: 'rfnd_fuzz', payment_id: 'pay_fuzz', amount: 100, status: 'failed', notes: [] } } } },
      ];
      const random = seededRandom(SEED + 9);
      const failed: string[] = [];
      for (const event of events) {
        const nested = [
          event.payload,
          ...Object.values(event.payload),
          ...Object.values(event.payload).map((v) => (v as { entity: unknown }).entity),
        ] as Record<string, unknown>[];
        const bodies = [
          ...badBodies(event, random, PER_FIELD),
          ...nested.flatMap((part) =>
            badBodies(part, random, 3).map((b) => ({
              ...b,
              name: `part ${b.name}`,
              payload: JSON.stringify(event).replace(JSON.stringify(part), String(b.payload)),
            })),
          ),
        ];
        for (const body of bodies) {
          const payload = String(body.payload);
          const res = await shop.app.inject({
            method: 'POST',
            url: '/api/razorpay/webhook',
            headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(secret, payload), 'x-razorpay-event-id': `evt_${random.int(1e9)}` },
            payload,
          });
          if (res.statusCode >= 500) failed.push(`${event.event} [${body.name}] -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
      if (process.env.FUZZ_REPORT && failed.length > 0) fs.appendFileSync(process.env.FUZZ_REPORT, `${kind} webhooks\n${failed.join('\n')}\n`);
      expect(failed).toEqual([]);
    }
  });

  it('answers an admin with 4xx JSON', async () => {
    failures.length = 0;
    await fuzz('admin');
    expect(report()).toEqual([]);
    // Whatever the admin's forms held, the catalogue keeps sane prices.
    for (const p of await shop.db.selectFrom('products').select(['price_paise', 'stock']).execute()) {
      expect(Number.isSafeInteger(p.price_paise) && p.price_paise >= 0).toBe(true);
      expect(p.stock === null || (Number.isSafeInteger(p.stock) && p.stock >= 0)).toBe(true);
    }
    expect((await shop.app.inject('/api/health')).statusCode).toBe(200);
  }, 300_000);
});
