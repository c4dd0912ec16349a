import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacHex } from '../src/modules/payments/signatures';
import { ADMIN_PASSWORD, adminToken } from './helpers/admin';
import { makeCoupon, paidOrderFrom } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { badBodies, badForms, badQueries, BAD_HEADERS, BAD_SEGMENTS, seededRandom, type BodyCase, type Random } from './helpers/fuzz-input';
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
/** Bad values tried per body field (drawn from BAD_VALUES). */
const PER_FIELD = 8;
/** Cases per route and actor beyond the fixed ones, drawn from the path, query and body cases. */
const SAMPLED = 30;

type Actor = 'visitor' | 'shopper' | 'admin';

interface Case {
  method: string;
  url: string;
  body?: BodyCase;
  headers?: Record<string, string>;
}

interface Failure {
  actor: Actor;
  method: string;
  url: string;
  body?: string;
  headers?: string;
  status: number | 'hang' | 'threw';
  answer: string;
}

/** The better-auth endpoints behind /api/auth/*, with the body each expects. */
const AUTH_PATHS: Record<string, Record<string, unknown>> = {
  'sign-up/email': {
    email: 'fuzz@example.com',
    password: 'correct-horse-1',
    name: 'fuzz',
    username: 'fuzz_user',
    phone: '9876543210',
    address: 'x',
    city: 'Pune',
    state: 'Maharashtra',
    zipCode: '411001',
  },
  'sign-in/email': { email: 'nobody@example.com', password: 'wrong-password-1' },
  'sign-in/username': { username: 'nobody_here', password: 'wrong-password-1' },
  'sign-out': {},
  'get-session': {},
  'verify-email': {},
  'send-verification-email': { email: 'nobody@example.com' },
  'request-password-reset': { email: 'nobody@example.com', redirectTo: '/reset-password' },
  'reset-password': { token: 'not-a-token', newPassword: 'another-password-1' },
  'change-password': { currentPassword: 'wrong-password-1', newPassword: 'another-password-1' },
  'change-email': { newEmail: 'other@example.com' },
  'update-user': { name: 'x' },
  'list-sessions': {},
  'revoke-session': { token: 'x' },
  'revoke-other-sessions': {},
  'is-username-available': { username: 'x' },
  // better-auth's admin plugin: not on HTTP (decision 110), whoever asks.
  'admin/create-user': { email: 'sneaky@example.com', password: 'sneaky-password-1', name: 'x', role: 'admin' },
  'admin/set-role': { userId: 'x', role: 'admin' },
  'admin/list-users': {},
  'no-such-endpoint': {},
};

interface Seeded {
  productId: number;
  freeProductId: number;
  orderCode: string;
}

/** A valid body for each route that takes one: the fuzzer bends it field by field. */
function templates(s: Seeded): Record<string, Record<string, unknown>> {
  return {
    'PATCH /api/me': {
      name: 'Fuzz Me',
      username: 'fuzz_me',
      phone: '9876543210',
      address: '1 Fuzz Road',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '411001',
    },
    'POST /api/cart': { productId: s.productId, quantity: 1 },
    'PATCH /api/cart/:id': { quantity: 2 },
    'POST /api/verifyCoupon': { code: 'FUZZ10', totalAmount: 1, productId: 18 },
    'POST /api/createBulkOrder': {
      items: [{ productId: s.productId, quantity: 1 }],
      couponCode: 'FUZZ10',
      address: { name: 'Fuzz School', phone: '9876543210', address: '1 Fuzz Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001' },
    },
    'POST /api/processOrder': {
      razorpay_order_id: 'order_fuzz',
      razorpay_payment_id: 'pay_fuzz',
      razorpay_signature: 'sig',
      email: 'x@example.com',
      name: 'x',
      address: 'x',
      phone: '9876543210',
      items: [{ productId: s.productId, quantity: 1, price: 0 }],
      couponCode: 'FUZZ10',
      appliedDiscount: 99999,
    },
    'POST /api/verifyPayment': {
      razorpay_order_id: 'order_fuzz',
      razorpay_payment_id: 'pay_fuzz',
      razorpay_signature: 'sig',
      productId: s.productId,
      quantity: 1,
    },
    'POST /api/verifyBulkPayment': {
      razorpay_order_id: 'order_fuzz',
      razorpay_payment_id: 'pay_fuzz',
      razorpay_signature: 'sig',
      email: 'x@example.com',
      items: [{ productId: s.productId, quantity: 1 }],
    },
    'POST /api/razorpay/webhook': {
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_fuzz', order_id: 'order_fuzz', amount: 1, status: 'captured' } } },
    },
    'POST /api/payments/simulated/:orderId/pay': {},
    'POST /api/payments/simulated/:orderId/fail': {},
    'POST /api/adminlogin': { username: 'fuzz_admin', password: 'wrong-password-1' },
    'POST /api/adminlogout': {},
    'POST /api/categories': { name: 'Fuzz Category' },
    'PATCH /api/categories/:id': { name: 'Fuzz Category 2' },
    'POST /api/coupons': {
      code: 'FUZZNEW',
      discount: 10,
      discount_percent: '',
      min_purchase: 0,
      product_id: '',
      expires_at: '',
      usage_limit: '',
      once_per_customer: false,
    },
    'PUT /api/coupons/:id': {
      code: 'FUZZ10',
      discount: 10,
      discount_percent: 5,
      min_purchase: 100,
      product_id: s.productId,
      expires_at: '2030-01-01',
      usage_limit: 10,
      once_per_customer: true,
    },
    'PATCH /api/UserOrders/:orderId': { status: 'dispatched', courier: 'DTDC', trackingNumber: 'AB123' },
    'PUT /api/admin/orders/:orderId/dispatch': { courier: 'DTDC', trackingNumber: 'AB123', trackingUrl: 'https://track.example/AB123' },
    'POST /api/freeclaim': {
      name: 'Asha',
      email: 'asha@example.com',
      mobile: '9876543210',
      school: 'KV Pune',
      classna: '8',
      division: 'A',
      rollNo: '12',
      productId: s.freeProductId,
    },
    'POST /api/notify': { email: 'fuzz@example.com' },
    'PATCH /api/admin/claims/:id': { status: 'handled' },
    'PATCH /api/admin/print-requests/:id': { status: 'handled' },
    'POST /api/admin/orders/:orderId/refunds': { amount: 1, reason: 'fuzz', idempotencyKey: 'fuzz-key-0001' },
    'POST /api/admin/refunds/:refundId/retry': {},
    // The newer features (decision 110): variants and kits, COD, returns, customers, shipping, settings, staff.
    'PUT /api/admin/products/:id/variants': {
      options: [{ name: 'Colour', values: ['red', 'blue'] }],
      variants: [{ options: { Colour: 'red' }, sku: 'FUZZ-R', price: '10.50', stock: 3, hsnCode: '8473', gstRate: '18', image: null }],
    },
    'PUT /api/admin/products/:id/parts': { parts: [{ productId: s.productId, variantId: null, quantity: 2 }] },
    'POST /api/admin/orders/:orderId/cod-collection': { amount: 1499, reference: 'REMIT-1', date: '2026-11-20' },
    'POST /api/orders/:orderId/cancel': {},
    'POST /api/orders/:orderId/returns': { lines: [{ lineId: 1, quantity: 1 }], reason: 'It arrived broken' },
    'PATCH /api/admin/returns/:id': { status: 'approved', message: 'Send it back', restock: true },
    'POST /api/admin/returns/:id/refund': { amount: 1 },
    'PUT /api/admin/customers/:id/note': { note: 'Called about a late parcel' },
    'POST /api/admin/customers/:id/block': { reason: 'Fraud' },
    'PUT /api/admin/shipping': {
      flatRate: 49,
      freeAbove: 999,
      slabs: [{ zone: 'local', upToGrams: 500, rate: 30 }],
      defaultZone: 'national',
      defaultDays: '3-5',
      cod: { enabled: true, fee: 30, min: 100, max: 5000, maxOpen: 2, maxReturns: 2 },
    },
    'PUT /api/admin/settings': {
      legalName: 'Fuzz Kits Private Limited',
      address: '1 Fuzz Road, Pune',
      state: 'Maharashtra',
      gstin: '27ABCDE1234F1Z0',
      invoicePrefix: 'FZ',
      contactPhone: '9876543210',
      contactEmail: 'shop@example.com',
      returnWindowDays: 7,
    },
    'PUT /api/admin/policies/:slug': { markdown: '# Terms\n\nBe *kind*.' },
    'POST /api/admin/staff': { username: 'fuzz_staff', email: 'fuzz_staff@example.com', role: 'support' },
    'POST /api/adminlogin/2fa': { challenge: 'not-a-challenge', code: '123456' },
  };
}

/** Multipart routes: their valid text fields and the field their files go in. */
const FORMS: Record<string, { fields: Record<string, string>; files: string }> = {
  'POST /api/products': { fields: { title: 'Fuzz Kit', price: '10', description: 'x', category: 'Fuzz Kits' }, files: 'images' },
  'PATCH /api/products/:id': { fields: { title: 'Fuzz Kit', price: '10.50', stock: '3', hsnCode: '8473', gstRate: '18' }, files: 'images' },
  'POST /api/advertimages': { fields: {}, files: 'images' },
  'POST /api/studofmonth': { fields: { name: 'Asha', school: 'KV Pune', details: 'A robot', videoId: 'https://youtu.be/dQw4w9WgXcQ' }, files: 'image' },
  'POST /api/mailforwarder': {
    fields: { con_name: 'Asha', phNo: '9876543210', message: 'Print this', length: '5', width: '5', height: '5', is2DTo3D: 'false' },
    files: 'files',
  },
  'POST /api/mailforwarder/': {
    fields: { con_name: 'Asha', phNo: '9876543210', message: 'Print this', length: '5', width: '5', height: '5', is2DTo3D: 'false' },
    files: 'files',
  },
};

const QUERY_KEYS = ['limit', 'offset', 'page', 'pageSize', 'status', 'period', 'q', 'category', 'token', 'callbackURL', 'pincode', 'orders'];

/** The route's URL with each `:param` (and `*`) filled: `pick` chooses per parameter. */
function fill(url: string, pick: (name: string) => string): string {
  return url.replace(/:([A-Za-z]+)/g, (_m, name: string) => pick(name)).replace('*', () => pick('*'));
}

function casesFor(method: string, url: string, s: Seeded, random: Random): Case[] {
  const key = `${method} ${url}`;
  const valid = (name: string) =>
    ({ id: String(s.productId), orderId: s.orderCode, refundId: '1', creditNoteId: '1', fileId: '1', query: 'kit', slug: 'terms', '*': 'x' })[name] ?? '1';
  const cases: Case[] = [];
  const baseUrls = url === '/api/auth/*' ? Object.keys(AUTH_PATHS).map((p) => `/api/auth/${p}`) : [fill(url, valid)];

  // Path parameters: every bad segment in each parameter (the others valid).
  const params = [...url.matchAll(/:([A-Za-z]+)|\*/g)].map((m) => m[1] ?? '*');
  for (const p of params) {
    for (const seg of BAD_SEGMENTS) {
      if (url === '/api/auth/*') cases.push({ method, url: `/api/auth/${seg}` });
      else cases.push({ method, url: fill(url, (name) => (name === p ? seg : valid(name))) });
    }
  }
  // Query strings.
  for (const q of random.sample(badQueries(QUERY_KEYS), 12)) cases.push({ method, url: `${random.pick(baseUrls)}?${q}` });

  // Bodies.
  if (method !== 'GET' && method !== 'DELETE') {
    const form = FORMS[key];
    for (const base of baseUrls) {
      const template = url === '/api/auth/*' ? AUTH_PATHS[base.slice('/api/auth/'.length)]! : (templates(s)[key] ?? {});
      const bodies = form ? badForms(form.fields, form.files, random, 2) : badBodies(template, random, url === '/api/auth/*' ? 1 : PER_FIELD);
      const chosen = url === '/api/auth/*' ? random.sample(bodies, 14) : bodies;
      for (const body of chosen) cases.push({ method, url: base, body });
    }
  } else {
    // A body where none belongs.
    cases.push({ method, url: baseUrls[0]!, body: { name: 'unexpected body', contentType: 'application/json', payload: '{"a":' } });
  }
  // Odd headers, with the valid body if there is one.
  for (const headers of random.sample(BAD_HEADERS, 6)) {
    const body = cases.find((c) => c.body?.name === 'form without files' || c.body?.name === 'extra fields')?.body;
    cases.push({ method, url: random.pick(baseUrls), headers, ...(body ? { body } : {}) });
  }
  // Keep the fixed bodies, sample the rest of the path cases.
  const pathCases = cases.filter((c) => !c.body && !c.headers);
  return [...random.sample(pathCases, SAMPLED), ...cases.filter((c) => c.body || c.headers)];
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
