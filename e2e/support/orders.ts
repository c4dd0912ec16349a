import { expect, type APIRequestContext } from '@playwright/test';
import { verifiedShopper } from './outbox';

/**
 * A new verified shopper pays for two of a priced product through the API and the simulated
 * checkout (signed in on `request`): the order is placed.
 */
export async function paidOrder(request: APIRequestContext, prefix: string) {
  const shopper = await verifiedShopper(request, prefix);
  expect((await request.post('/api/auth/sign-in/email', { data: { email: shopper.email, password: shopper.password } })).ok()).toBe(true);
  const products = (await (await request.get('/api/products?limit=20')).json()) as { id: number; price: number }[];
  const product = products.find((p) => p.price > 0);
  expect(product).toBeDefined();
  const added = await request.post('/api/cart', { data: { productId: product!.id, quantity: 2 } });
  expect(added.ok(), await added.text()).toBe(true);
  const created = await request.post('/api/createBulkOrder', { data: { items: [{ productId: product!.id, quantity: 2 }], couponCode: null } });
  expect(created.ok(), await created.text()).toBe(true);
  const { id: providerOrderId } = (await created.json()) as { id: string };
  const paid = await request.post(`/api/payments/simulated/${providerOrderId}/pay`);
  expect(paid.ok(), await paid.text()).toBe(true);
  const processed = await request.post('/api/processOrder', { data: await paid.json() });
  expect(processed.ok(), await processed.text()).toBe(true);
  return { shopper, orderId: ((await processed.json()) as { orderId: string }).orderId };
}
