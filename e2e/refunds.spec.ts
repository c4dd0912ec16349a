import { expect, test } from '@playwright/test';
import { logInAsAdmin, openSection } from './support/admin';
import { loggedInShopper } from './support/shopper';

test('an admin cancels a paid order and sees the refund processed; the shopper sees it refunded on Your Orders', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A shopper buys product 2 through the API the checkout uses (the checkout itself has its own journey).
  const shopper = await loggedInShopper(page, 'refund');
  const product = (await (await page.request.get('/api/product/2')).json()) as { id: number; price: number };
  expect((await page.request.post('/api/cart', { data: { productId: product.id, quantity: 1 } })).ok()).toBe(true);
  const created = (await (await page.request.post('/api/createBulkOrder', { data: { items: [{ productId: product.id, quantity: 1 }] } })).json()) as {
    id: string;
    orderId: string;
  };
  const paid = await (await page.request.post(`/api/payments/simulated/${created.id}/pay`)).json();
  expect((await (await page.request.post('/api/processOrder', { data: paid })).json()).success).toBe(true);
  const price = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(product.price);

  // The admin finds the order and cancels it, confirming first.
  const adminPage = await (await browser.newContext()).newPage();
  await logInAsAdmin(adminPage);
  await openSection(adminPage, 'Orders');
  await adminPage.getByLabel('Search by order id or email').fill(created.orderId);
  const card = adminPage.getByRole('article', { name: `Order ${created.orderId}` });
  await expect(card).toBeVisible();
  await card.getByLabel('Change status').selectOption('canceled');
  const confirm = adminPage.getByRole('alertdialog');
  await expect(confirm.getByText(/is refunded through the payment provider/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  await expect(adminPage.getByText('Order status updated successfully!', { exact: true })).toBeVisible();

  // Payments and refunds: the refund of the whole payment turns processed when the provider's webhook arrives.
  await card.getByText('Payments and refunds').click();
  const refunds = card.getByRole('list', { name: `Refunds of order ${created.orderId}` });
  await expect(refunds.getByText(price)).toBeVisible();
  await expect(refunds.getByText('refund processed')).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText(`Refunded ${price}`)).toBeVisible({ timeout: 15_000 });
  // The processed refund has its GST credit note.
  await expect(card.getByRole('button', { name: /^Credit note RKC\/\d\d-\d\d\/\d{5} \(PDF\)$/ })).toBeVisible({ timeout: 15_000 });

  // The shopper sees it on Your Orders.
  await page.goto('/Orders');
  const order = page.getByRole('article', { name: `Order ID: ${created.orderId}` });
  await expect(order.getByText('canceled')).toBeVisible();
  await expect(order.getByText(`Refunded ${price}`)).toBeVisible();
  const note = order.getByRole('link', { name: /^RKC\/\d\d-\d\d\/\d{5} \(PDF\)$/ });
  await expect(note).toBeVisible();
  const download = page.waitForEvent('download');
  await note.click();
  expect((await download).suggestedFilename()).toMatch(/^credit-note-RKC-\d\d-\d\d-\d{5}\.pdf$/);
  expect(shopper.email).toContain('@');
});
