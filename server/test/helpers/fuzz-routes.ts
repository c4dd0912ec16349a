import { badBodies, badForms, badQueries, BAD_HEADERS, BAD_SEGMENTS, type BodyCase, type Random } from './fuzz-input';

/**
 * The routes' cases for the fuzzing (decision 031): a valid body per route for the fuzzer to
 * bend field by field, the multipart forms, and the malformed paths, queries, bodies and headers
 * drawn for one route. Shared by server/test/fuzz.test.ts (app.inject) and bench:fuzz (two
 * compiled nodes over HTTP, decision 122).
 */

/** Bad values tried per body field (drawn from BAD_VALUES). */
export const PER_FIELD = 8;
/** Cases per route and actor beyond the fixed ones, drawn from the path, query and body cases. */
const SAMPLED = 30;

export interface Case {
  method: string;
  url: string;
  body?: BodyCase;
  headers?: Record<string, string>;
}

/** The better-auth endpoints behind /api/auth/*, with the body each expects. */
export const AUTH_PATHS: Record<string, Record<string, unknown>> = {
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

export interface Seeded {
  productId: number;
  freeProductId: number;
  orderCode: string;
}

/** A valid body for each route that takes one: the fuzzer bends it field by field. */
export function templates(s: Seeded): Record<string, Record<string, unknown>> {
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
export const FORMS: Record<string, { fields: Record<string, string>; files: string }> = {
  'POST /api/products': { fields: { title: 'Fuzz Kit', price: '10', description: 'x', category: 'Fuzz Kits' }, files: 'images' },
  'PATCH /api/products/:id': { fields: { title: 'Fuzz Kit', price: '10.50', stock: '3', hsnCode: '8473', gstRate: '18' }, files: 'images' },
  'POST /api/advertimages': { fields: {}, files: 'images' },
  'POST /api/studofmonth': { fields: { name: 'Asha', school: 'KV Pune', details: 'A robot', videoId: 'https://youtu.be/dQw4w9WgXcQ' }, files: 'image' },
  'POST /api/mailforwarder': {
    fields: { con_name: 'Asha', phNo: '9876543210', message: 'Print this', length: '5', width: '5', height: '5', is2DTo3D: 'false' },
    files: 'files',
  },
  'POST /api/admin/settings/logo': { fields: {}, files: 'logo' },
  'POST /api/admin/shipping/pincodes': { fields: {}, files: 'file' },
  'POST /api/admin/products/import': { fields: { dryRun: '1' }, files: 'file' },
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

/**
 * What the route table says of a route beyond its method and URL (bench:fuzz reads it from the
 * OpenAPI document): a valid body for a route without a template here, its query parameters.
 */
export interface RouteFacts {
  fallback?: Record<string, unknown>;
  queryKeys?: readonly string[];
}

export function casesFor(method: string, url: string, s: Seeded, random: Random, facts: RouteFacts = {}): Case[] {
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
  if (facts.queryKeys?.length) for (const q of random.sample(badQueries(facts.queryKeys), 16)) cases.push({ method, url: `${random.pick(baseUrls)}?${q}` });

  // Bodies.
  if (method !== 'GET' && method !== 'DELETE') {
    const form = FORMS[key];
    for (const base of baseUrls) {
      const template = url === '/api/auth/*' ? AUTH_PATHS[base.slice('/api/auth/'.length)]! : (templates(s)[key] ?? facts.fallback ?? {});
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
