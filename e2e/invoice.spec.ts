import { expect, test } from '@playwright/test';
import { loggedInShopper } from './support/shopper';

test('a shopper downloads the tax invoice of a paid order from Your Orders', async ({ page }) => {
  test.setTimeout(60_000);
  await loggedInShopper(page, 'invoice');
  const product = (await (await page.request.get('/api/product/3')).json()) as { id: number };
  expect((await page.request.post('/api/cart', { data: { productId: product.id, quantity: 1 } })).ok()).toBe(true);
  const created = (await (await page.request.post('/api/createBulkOrder', { data: { items: [{ productId: product.id, quantity: 1 }] } })).json()) as {
    id: string;
    orderId: string;
  };
  const paid = await (await page.request.post(`/api/payments/simulated/${created.id}/pay`)).json();
  expect((await (await page.request.post('/api/processOrder', { data: paid })).json()).success).toBe(true);

  await page.goto('/Orders');
  const order = page.getByRole('article', { name: `Order ID: ${created.orderId}` });
  const link = order.getByRole('link', { name: /^RK\/\d\d-\d\d\/\d{6} \(PDF\)$/ });
  await expect(link).toBeVisible();
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoice-RK-\d\d-\d\d-\d{6}\.pdf$/);
  const bytes = await (await page.request.get(`/api/orders/${created.orderId}/invoice.pdf`)).body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
