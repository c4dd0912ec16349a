import { expect, test } from '@playwright/test';
import { logInAsAdmin, openSection } from './support/admin';
import { placedOrder, rupees } from './support/orders';
import { loggedInShopper } from './support/shopper';

test('an admin cancels a paid order and sees the refund processed; the shopper sees it refunded on Your Orders', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A shopper buys product 2 through the API the checkout uses (the checkout itself has its own journey).
  const shopper = await loggedInShopper(page, 'refund');
  const product = (await (await page.request.get('/api/product/2')).json()) as { id: number; price: number };
  const orderId = await placedOrder(page.request, [product.id]);
  const price = rupees(product.price);

  // The admin finds the order and cancels it, confirming first.
  const adminPage = await (await browser.newContext()).newPage();
  await logInAsAdmin(adminPage);
  await openSection(adminPage, 'Orders');
  await adminPage.getByLabel('Search by order id or email').fill(orderId);
  const card = adminPage.getByRole('article', { name: `Order ${orderId}` });
  await expect(card).toBeVisible();
  await card.getByLabel('Change status').selectOption('canceled');
  const confirm = adminPage.getByRole('alertdialog');
  await expect(confirm.getByText(/is refunded through the payment provider/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  await expect(adminPage.getByText('Order status updated successfully!', { exact: true })).toBeVisible();

  // Payments and refunds: the refund of the whole payment turns processed when the provider's webhook arrives.
  await card.getByText('Payments and refunds').click();
  const refunds = card.getByRole('list', { name: `Refunds of order ${orderId}` });
  await expect(refunds.getByText(price)).toBeVisible();
  await expect(refunds.getByText('refund processed')).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText(`Refunded ${price}`)).toBeVisible({ timeout: 15_000 });
  // The processed refund has its GST credit note.
  await expect(card.getByRole('button', { name: /^Credit note RKC\/\d\d-\d\d\/\d{5} \(PDF\)$/ })).toBeVisible({ timeout: 15_000 });

  // The shopper sees it on Your Orders.
  await page.goto('/Orders');
  const order = page.getByRole('article', { name: `Order ID: ${orderId}` });
  await expect(order.getByText('canceled')).toBeVisible();
  await expect(order.getByText(`Refunded ${price}`)).toBeVisible();
  const note = order.getByRole('link', { name: /^RKC\/\d\d-\d\d\/\d{5} \(PDF\)$/ });
  await expect(note).toBeVisible();
  const download = page.waitForEvent('download');
  await note.click();
  expect((await download).suggestedFilename()).toMatch(/^credit-note-RKC-\d\d-\d\d-\d{5}\.pdf$/);
  expect(shopper.email).toContain('@');
});
