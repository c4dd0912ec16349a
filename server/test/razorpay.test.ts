import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { reconcile } from '../src/modules/orders/orders.service';
import { razorpayProvider } from '../src/modules/payments/razorpay-provider';
import { hmacHex, paymentSignature } from '../src/modules/payments/signatures';
import { as } from './helpers/checkout';
import { verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

const KEYS = { keyId: 'rzp_test_standin', keySecret: 'standin_key_secret', webhookSecret: 'standin_webhook_secret' };

interface StandIn {
  url: string;
  orders: Map<string, { amount: number; receipt: string }>;
  payments: Map<string, { id: string; status: string; amount: number }[]>;
  refunds: Map<string, { id: string; entity: 'refund'; payment_id: string; amount: number; status: string; notes: Record<string, string> }[]>;
  requests: { method: string; path: string; auth: string | undefined; body: unknown }[];
  close(): Promise<void>;
}

/** A local stand-in for Razorpay's Orders and Refunds APIs, enough for the SDK calls the shop makes. */
async function razorpayStandIn(): Promise<StandIn> {
  const orders = new Map<string, { amount: number; receipt: string }>();
  const payments = new Map<string, { id: string; status: string; amount: number }[]>();
  const refunds = new Map<string, { id: string; entity: 'refund'; payment_id: string; amount: number; status: string; notes: Record<string, string> }[]>();
  const requests: StandIn['requests'] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      requests.push({ method: req.method!, path: req.url!, auth: req.headers.authorization, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const expected = `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      if (req.method === 'POST' && req.url === '/v1/orders') {
        const id = `order_STANDIN${++n}`;
        orders.set(id, { amount: body.amount, receipt: body.receipt });
        return send(200, { id, entity: 'order', amount: body.amount, amount_paid: 0, currency: body.currency, receipt: body.receipt, status: 'created' });
      }
      const r = /^\/v1\/payments\/([^/]+)\/refunds?(?:\?.*)?$/.exec(req.url ?? '');
      if (r && req.method === 'POST' && req.url!.includes('/refund') && !req.url!.includes('/refunds')) {
        const refund = {
          id: `rfnd_STANDIN${++n}`,
          entity: 'refund' as const,
          payment_id: r[1]!,
          amount: body.amount,
          status: 'pending',
          notes: body.notes ?? {},
        };
        refunds.set(r[1]!, [...(refunds.get(r[1]!) ?? []), refund]);
        return send(200, refund);
      }
      if (r && req.method === 'GET') {
        const items = refunds.get(r[1]!) ?? [];
        return send(200, { entity: 'collection', count: items.length, items });
      }
      const m = /^\/v1\/orders\/([^/]+)\/payments$/.exec(req.url ?? '');
      if (req.method === 'GET' && m) {
        const items = payments.get(m[1]!) ?? [];
        return send(200, { entity: 'collection', count: items.length, items: items.map((p) => ({ ...p, entity: 'payment', order_id: m[1] })) });
      }
      send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'not found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, orders, payments, refunds, requests, close: () => new Promise((r) => server.close(() => r())) };
}

describe('the Razorpay provider against a local stand-in of its API', () => {
  let standIn: StandIn;
  let shop: TestShop;
  let app: App;
  let productId: number;

  beforeAll(async () => {
    standIn = await razorpayStandIn();
    shop = await startTestShop('sqlite');
    // A second app on the same database, configured with Razorpay (through the SDK) instead of the simulation.
    app = await buildApp({ config: shop.config, db: shop.db, storage: shop.storage, payments: razorpayProvider(KEYS, { apiBaseUrl: standIn.url }) });
    await app.ready();
    const f = factories(shop);
    const c = await f.category('Kits');
    productId = (await f.product({ title: 'Drone Kit', pricePaise: 1_499_900, categoryId: c.id })).id;
  });
  afterAll(async () => {
    await app.close();
    await shop.close();
    await standIn.close();
  });

  /** The order's status and payment as stored, found by Razorpay's order id. */
  const paymentOf = (razorpayOrderId: string) =>
    shop.db.selectFrom('orders').select(['status', 'provider_payment_id']).where('provider_order_id', '=', razorpayOrderId).executeTakeFirstOrThrow();

  async function checkoutStart() {
    const s = await verifiedShopper(shop);
    const api = { ...as(shop, s.cookie) };
    await api.post('/api/cart', { productId, quantity: 2 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/createBulkOrder',
      headers: { cookie: s.cookie, origin: 'http://shop.test', 'content-type': 'application/json' },
      payload: JSON.stringify({ items: [{ productId, quantity: 2 }] }),
    });
    expect(res.statusCode).toBe(200);
    return { s, order: res.json() };
  }

  it('creates the Razorpay order through the SDK with the server-computed amount and the key', async () => {
    const { order } = await checkoutStart();
    expect(order).toMatchObject({ amount: 2_999_800, currency: 'INR', provider: 'razorpay', key: KEYS.keyId });
    expect(order.id).toMatch(/^order_STANDIN/);
    const call = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/orders')!;
    expect(call.body).toMatchObject({ amount: 2_999_800, currency: 'INR', receipt: order.orderId });
  });

  it('places the order from a Checkout callback signed with the key secret, and refuses other signatures', async () => {
    const { s, order } = await checkoutStart();
    const post = (body: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/processOrder',
        headers: { cookie: s.cookie, origin: 'http://shop.test', 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const paymentId = 'pay_STANDIN1';
    const wrong = await post({
      razorpay_order_id: order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature('another_secret', order.id, paymentId),
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await post({
      razorpay_order_id: order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(KEYS.keySecret, order.id, paymentId),
    });
    expect(ok.json()).toEqual({ success: true, orderId: order.orderId });
  });

  it('verifies webhooks with the webhook secret', async () => {
    const { order } = await checkoutStart();
    const event = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_STANDIN2', order_id: order.id, status: 'captured' } } },
    });
    const send = (sig: string) =>
      app.inject({
        method: 'POST',
        url: '/api/razorpay/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig, 'x-razorpay-event-id': 'evt_standin_1' },
        payload: event,
      });
    expect((await send(hmacHex(KEYS.keySecret, event))).statusCode).toBe(400);
    expect((await send(hmacHex(KEYS.webhookSecret, event))).json()).toEqual({ status: 'processed' });
    const row = await paymentOf(order.id);
    expect(row).toEqual({ status: 'placed', provider_payment_id: 'pay_STANDIN2' });
  });

  it('reconciles with the payments Razorpay reports for an order', async () => {
    const { order } = await checkoutStart();
    standIn.payments.set(order.id, [
      { id: 'pay_failed', status: 'failed', amount: 2_999_800 },
      { id: 'pay_captured', status: 'captured', amount: 2_999_800 },
    ]);
    await shop.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where('provider_order_id', '=', order.id)
      .execute();
    const result = await reconcile(app.orderDeps, 30);
    expect(result.completed).toBe(1);
    const row = await paymentOf(order.id);
    expect(row).toEqual({ status: 'placed', provider_payment_id: 'pay_captured' });
    expect(standIn.requests.some((r) => r.method === 'GET' && r.path === `/v1/orders/${order.id}/payments`)).toBe(true);
  });

  it('refunds a canceled order through the Refunds API (normal speed, our key in the notes) and settles it by reconciliation', async () => {
    const { changeStatus } = await import('../src/modules/orders/orders-admin.service');
    const { order } = await checkoutStart();
    const event = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_REFUND1', order_id: order.id, status: 'captured' } } },
    });
    await app.inject({
      method: 'POST',
      url: '/api/razorpay/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(KEYS.webhookSecret, event) },
      payload: event,
    });
    await changeStatus(app.orderDeps, order.orderId, { status: 'canceled' });
    const call = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/payments/pay_REFUND1/refund')!;
    expect(call.body).toMatchObject({ amount: order.amount, speed: 'normal', notes: { refund_key: expect.stringMatching(/^cancel:\d+$/) } });
    const row = () => shop.db.selectFrom('refunds').select(['status', 'provider_refund_id', 'amount_paise']).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ status: 'pending', provider_refund_id: expect.stringMatching(/^rfnd_STANDIN/), amount_paise: order.amount });
    // Razorpay processes it; reconciliation asks and records it.
    standIn.refunds.get('pay_REFUND1')![0]!.status = 'processed';
    await reconcile(app.orderDeps, 30);
    expect((await row()).status).toBe('processed');
    expect(standIn.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v1/payments/pay_REFUND1/refunds'))).toBe(true);
  });
});
