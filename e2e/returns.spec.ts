import { expect, test, type Page } from '@playwright/test';
import { ADMIN, logInAsAdmin, openSection, toast } from './support/admin';
import { placedOrder, rupees } from './support/orders';
import { loggedInShopper } from './support/shopper';

/** Opens Your Orders afresh until the order's card shows `text` (refunds turn processed when the provider's webhook arrives). */
async function waitOnOrders(page: Page, orderId: string, text: string | RegExp) {
  await expect(async () => {
    await page.goto('/Orders');
    await expect(
      page
        .getByRole('article', { name: `Order ID: ${orderId}` })
        .getByText(text)
        .first(),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('the shopper cancels a placed order and sees it refunded, returns one line of a delivered order, and the admin approves, receives and refunds it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // On a small phone, both the shopper and the admin.
  await page.setViewportSize({ width: 360, height: 740 });
  await loggedInShopper(page, 'returns');
  const products = (await (await page.request.get('/api/products?limit=20')).json()) as { id: number; price: number; title: string }[];
  const [first, second] = products.filter((p) => p.price > 0);
  expect(second).toBeDefined();

  // Cancel: a placed order, confirmed first, refunded through the provider.
  const placed = await placedOrder(page.request, [first!.id]);
  await page.goto('/Orders');
  const placedCard = page.getByRole('article', { name: `Order ID: ${placed}` });
  await placedCard.getByRole('button', { name: 'Cancel order' }).click();
  await expect(placedCard.getByText(`Cancel order ${placed}?`)).toBeVisible();
  await placedCard.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(toast(page, 'Your order has been canceled. Your payment is being refunded.')).toBeVisible();
  await expect(placedCard.getByText('canceled')).toBeVisible();
  await waitOnOrders(page, placed, `Refunded ${rupees(first!.price)}`);

  // A delivered order of two lines (the shop marks it delivered).
  const delivered = await placedOrder(page.request, [first!.id, second!.id]);
  const admin = await page.request.post('/api/adminlogin', { data: ADMIN });
  const { token } = (await admin.json()) as { token: string };
  expect(
    (await page.request.patch(`/api/UserOrders/${delivered}`, { data: { status: 'delivered' }, headers: { Authorization: `Bearer ${token}` } })).ok(),
  ).toBe(true);

  // Return one line.
  await page.goto('/Orders');
  const card = page.getByRole('article', { name: `Order ID: ${delivered}` });
  await card.getByRole('button', { name: 'Request a return' }).click();
  const form = card.getByRole('form', { name: 'Request a return' });
  await form.getByLabel(new RegExp(`^${second!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).selectOption('1');
  await form.getByLabel('Reason').fill('The box arrived crushed');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(toast(page, 'Your return request has been sent.')).toBeVisible();
  const requested = card.getByText(/^Return #\d+: Return requested$/);
  await expect(requested).toBeVisible();
  const returnId = (await requested.textContent())!.match(/#(\d+)/)![1]!;

  // The admin approves, receives and refunds it.
  const adminPage = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await logInAsAdmin(adminPage);
  await openSection(adminPage, 'Returns');
  const returnCard = adminPage.getByRole('article', { name: `Return #${returnId}: order ${delivered}` });
  await expect(returnCard).toBeVisible();
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await returnCard.getByLabel('Message to the shopper (optional)').fill('Please send it back in any box');
  await returnCard.getByRole('button', { name: 'Approve' }).click();
  await expect(returnCard.getByText('Return approved: send the parcel back')).toBeVisible();
  await returnCard.getByRole('button', { name: 'Mark received' }).click();
  await expect(returnCard.getByText('Return received', { exact: true })).toBeVisible();
  await returnCard.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(returnCard.getByText('Return refunded', { exact: true })).toBeVisible();

  // The shopper sees it refunded and downloads the credit note.
  await waitOnOrders(page, delivered, `Return #${returnId}: Return refunded`);
  await waitOnOrders(page, delivered, /Refunded ₹/);
  const note = page.getByRole('article', { name: `Order ID: ${delivered}` }).getByRole('link', { name: /^RKC\/\d\d-\d\d\/\d{5} \(PDF\)$/ });
  await expect(note).toBeVisible();
  const download = page.waitForEvent('download');
  await note.click();
  expect((await download).suggestedFilename()).toMatch(/^credit-note-RKC-\d\d-\d\d-\d{5}\.pdf$/);
});
