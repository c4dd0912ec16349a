import { expect, type APIRequestContext } from '@playwright/test';
import { verifiedShopper } from './outbox';

/** An amount as the shop shows it: ₹1,234.00. */
export const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(n);

/**
 * The shopper signed in on `request` buys `quantity` of each product through the API the checkout
 * uses (cart, createBulkOrder, the simulated provider's payment, processOrder): the order is
 * placed. Returns its order id (RK…).
 */
export async function placedOrder(request: APIRequestContext, productIds: number[], quantity = 1): Promise<string> {
  for (const productId of productIds) {
    const added = await request.post('/api/cart', { data: { productId, quantity } });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const created = await request.post('/api/createBulkOrder', { data: { items: productIds.map((productId) => ({ productId, quantity })) } });
  expect(created.ok(), await created.text()).toBe(true);
  const { id: providerOrderId } = (await created.json()) as { id: string };
  const paid = await request.post(`/api/payments/simulated/${providerOrderId}/pay`);
  expect(paid.ok(), await paid.text()).toBe(true);
  const processed = await request.post('/api/processOrder', { data: await paid.json() });
  expect(processed.ok(), await processed.text()).toBe(true);
  const answer = (await processed.json()) as { success: boolean; orderId: string };
  expect(answer.success).toBe(true);
  return answer.orderId;
}

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
  return { shopper, orderId: await placedOrder(request, [product!.id], 2) };
}
