import { expect, test } from '@playwright/test';
import { placedOrder } from './support/orders';
import { loggedInShopper } from './support/shopper';

test('a shopper downloads the tax invoice of a paid order from Your Orders', async ({ page }) => {
  test.setTimeout(60_000);
  await loggedInShopper(page, 'invoice');
  const product = (await (await page.request.get('/api/product/3')).json()) as { id: number };
  const orderId = await placedOrder(page.request, [product.id]);

  await page.goto('/Orders');
  const order = page.getByRole('article', { name: `Order ID: ${orderId}` });
  const link = order.getByRole('link', { name: /^RK\/\d\d-\d\d\/\d{6} \(PDF\)$/ });
  await expect(link).toBeVisible();
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoice-RK-\d\d-\d\d-\d{6}\.pdf$/);
  const bytes = await (await page.request.get(`/api/orders/${orderId}/invoice.pdf`)).body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
