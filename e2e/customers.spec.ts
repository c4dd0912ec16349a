import { expect, test } from '@playwright/test';
import { customerMessages } from '@shared/customers.schemas';
import { logInAsAdmin, openSection, toast } from './support/admin';
import { verifiedShopper } from './support/outbox';
import { logIn } from './support/shopper';

test('the admin finds a customer, writes a note and blocks them; the shopper can no longer sign in', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const shopper = await verifiedShopper(page.request, 'custe2e');

  await logInAsAdmin(page);
  await openSection(page, 'Customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 2 })).toBeVisible();
  await page.getByLabel('Search customers').fill(shopper.email.slice(0, -4).toUpperCase());
  const list = page.getByRole('list', { name: 'Customers' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(shopper.email);
  await expect(list).toContainText('0 orders');
  await list.getByRole('button', { name: shopper.username }).click();

  // The customer's page.
  await expect(page.getByRole('heading', { name: shopper.username, level: 3 })).toBeVisible();
  await expect(page.getByText(`${shopper.email} (verified)`)).toBeVisible();
  await expect(page.getByText('12 MG Road, Pune, Maharashtra 411001')).toBeVisible();
  await expect(page.getByText('No paid orders.')).toBeVisible();

  await page.getByLabel('Private note (only staff see it)').fill('Asked for a GST invoice by phone');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(toast(page, customerMessages.noteSaved)).toBeVisible();
  await expect(page.getByText(/Last saved by admin/)).toBeVisible();

  await page.getByLabel('Reason for blocking (for the shop; optional)').fill('Chargebacks');
  await page.getByRole('button', { name: 'Block customer' }).click();
  await expect(toast(page, customerMessages.blockedDone)).toBeVisible();
  await expect(page.getByText('Blocked', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unblock customer' })).toBeVisible();

  // Back in the list the customer shows as blocked; the note was kept.
  await page.getByRole('button', { name: 'Back to customers' }).click();
  await expect(list.getByText('Blocked', { exact: true })).toBeVisible();

  // The shopper, in a browser of their own, is refused with the shop's message.
  const context = await browser.newContext();
  const shopperPage = await context.newPage();
  await shopperPage.goto('/login');
  await logIn(shopperPage, shopper.email, shopper.password);
  await expect(shopperPage.getByText(customerMessages.blocked)).toBeVisible();
  await expect(shopperPage).toHaveURL(/\/login/);
  await context.close();
});

test('the Customers section and a customer page fit a 360 px screen', async ({ page }) => {
  const shopper = await verifiedShopper(page.request, 'custnarrow');
  await page.setViewportSize({ width: 360, height: 740 });
  await logInAsAdmin(page);
  await openSection(page, 'Customers');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.getByLabel('Search customers').fill(shopper.email);
  await expect(page.getByRole('list', { name: 'Customers' }).getByRole('listitem')).toHaveCount(1);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: shopper.username }).click();
  await expect(page.getByRole('button', { name: 'Block customer' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('customer-360.png'), fullPage: true });
});
