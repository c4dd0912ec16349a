import { expect, test } from '@playwright/test';
import { logInAsAdmin, openSection } from './support/admin';
import { uniqueName } from './support/outbox';

test('a visitor leaves an address with Notify Me on the coming-soon page, once; the admin finds it in the list', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = `${uniqueName('soon')}@example.com`;
  await page.goto('/soon');
  const box = page.getByLabel('Email address');
  await box.fill('not-an-address');
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid email address');
  await box.fill(email);
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page.getByRole('status')).toHaveText("Thanks! We will email you when it's ready.");
  await expect(box).toHaveValue('');
  // Again: the same answer, which tells no one whether an address is on the list.
  await box.fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page.getByRole('status')).toHaveText("Thanks! We will email you when it's ready.");
  await expect(box).toHaveValue('');

  const admin = await (await browser.newContext()).newPage();
  await logInAsAdmin(admin);
  await openSection(admin, 'Notify Me list');
  await expect(admin.getByRole('list', { name: 'Notify Me addresses' }).getByText(email, { exact: true })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});
