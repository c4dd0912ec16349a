import { couponKey } from '../../src/modules/coupons/coupon-rules';
import * as couponsRepo from '../../src/modules/coupons/coupons.repository';
import { ORIGIN } from './shoppers';
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

export async function makeCoupon(
  shop: TestShop,
  c: Partial<Parameters<typeof couponsRepo.insertCoupon>[1]> & { code: string },
): Promise<number> {
  return couponsRepo.insertCoupon(shop.db, {
    discount_paise: null,
    discount_percent: null,
    min_purchase_paise: null,
    product_id: null,
    expires_at: null,
    usage_limit: null,
    once_per_customer: 0,
    ...c,
    code_key: couponKey(c.code),
  });
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
