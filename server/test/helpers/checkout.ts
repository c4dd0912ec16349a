import { couponKey } from '../../src/modules/coupons/coupon-rules';
import * as couponsRepo from '../../src/modules/coupons/coupons.repository';
import { OPEN_TERMS } from './coupon-terms';
import { ORIGIN, verifiedShopper } from './shoppers';
import type { TestShop } from './test-app';

/** JSON requests as a signed-in shopper. */
export function as(shop: TestShop, cookie: string) {
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) =>
    shop.app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
  return {
    get: (url: string, headers?: Record<string, string>) => send('GET', url, undefined, headers),
    post: (url: string, body: unknown = {}) => send('POST', url, body),
    patch: (url: string, body: unknown) => send('PATCH', url, body),
    delete: (url: string) => send('DELETE', url),
  };
}

export async function makeCoupon(shop: TestShop, c: Partial<Parameters<typeof couponsRepo.insertCoupon>[1]> & { code: string }): Promise<number> {
  return couponsRepo.insertCoupon(shop.db, { ...OPEN_TERMS, ...c, code_key: couponKey(c.code) });
}

/** Pays a created order in the simulated checkout and answers what Checkout gives the browser. */
export async function payInSimulation(shop: TestShop, cookie: string, providerOrderId: string) {
  const res = await as(shop, cookie).post(`/api/payments/simulated/${providerOrderId}/pay`);
  if (res.statusCode !== 200) throw new Error(`simulated pay failed: ${res.body}`);
  return res.json() as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

export async function mailsOfKind(shop: TestShop, kind: string) {
  return shop.db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute();
}

/** A verified shopper (with these details) whose cart holds these [productId, quantity] lines, and `api` to act as them. */
export async function shopperWithCart(shop: TestShop, items: [number, number][], details: Record<string, unknown> = {}) {
  const s = await verifiedShopper(shop, details);
  const api = as(shop, s.cookie);
  for (const [productId, quantity] of items) {
    const res = await api.post('/api/cart', { productId, quantity });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  return { ...s, api };
}

/** The settings of a GST-registered shop in Maharashtra, for the invoice and credit-note tests. */
export const GST_SHOP = {
  SHOP_LEGAL_NAME: 'Robokits India Private Limited',
  SHOP_STATE: 'Maharashtra',
  SHOP_GSTIN: '27ABCDE1234F1Z0',
};

/**
 * A verified shopper (with these details) with these [productId, quantity] lines in the cart orders
 * them (with the coupon, if any); the order awaits its payment (`order.id` is the provider's order).
 */
export async function orderFrom(shop: TestShop, items: [number, number][], details: Record<string, unknown> = {}, couponCode?: string) {
  const s = await shopperWithCart(shop, items, details);
  const lines = items.map(([productId, quantity]) => ({ productId, quantity }));
  const order = (await s.api.post('/api/createBulkOrder', { items: lines, ...(couponCode ? { couponCode } : {}) })).json() as { id: string; orderId: string };
  return { s, api: s.api, order };
}

/**
 * A shopper from `state` with these [productId, quantity] lines orders them (with the coupon, if
 * any) and pays through the simulated checkout; the order is placed.
 */
export async function paidOrderFrom(shop: TestShop, state: string, items: [number, number][], couponCode?: string) {
  const { s, order } = await orderFrom(shop, items, { state }, couponCode);
  const paid = await s.api.post('/api/processOrder', await payInSimulation(shop, s.cookie, order.id));
  if (paid.json().success !== true) throw new Error(`processOrder failed: ${paid.body}`);
  return { s, api: s.api, order };
}
