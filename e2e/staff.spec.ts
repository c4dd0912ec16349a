import { expect, test } from '@playwright/test';
import { logInAsAdmin, openSection, toast } from './support/admin';
import { uniqueName } from './support/outbox';

test('the owner adds a catalogue staff member, who sees only the catalogue sections; the audit log shows their sign-in', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const username = uniqueName('cat_');

  await logInAsAdmin(page);
  await openSection(page, 'Staff');
  const form = page.getByRole('form', { name: 'Add a staff member' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Role').selectOption('catalogue');
  await form.getByRole('button', { name: 'Add staff member' }).click();
  await expect(toast(page, `Added ${username}`)).toBeVisible();
  const shown = page.getByRole('status').filter({ hasText: `Password for ${username}` });
  const password = (await shown.locator('code').textContent())!.trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await expect(page.getByRole('article', { name: username }).getByLabel(`Role of ${username}`)).toHaveValue('catalogue');
  await page.screenshot({ path: 'test-results/staff-section.png', fullPage: true });

  // The new member signs in in a browser of their own and sees the catalogue sections only.
  const theirs = await browser.newContext();
  const staffPage = await theirs.newPage();
  await staffPage.goto('/admin');
  await staffPage.getByLabel('Username').fill(username);
  await staffPage.getByLabel('Password').fill(password);
  await staffPage.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(staffPage.getByText(`Signed in as ${username}`)).toBeVisible();
  const nav = staffPage.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('button', { name: 'Manage Products', exact: true })).toBeVisible();
  for (const hidden of ['Staff', 'Audit log', 'Orders', 'Manage Coupons', 'Overview']) {
    await expect(nav.getByRole('button', { name: hidden, exact: true })).toHaveCount(0);
  }
  await theirs.close();

  // The owner finds the sign-in in the audit log.
  await openSection(page, 'Audit log');
  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('Person (username)').fill(username);
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('list', { name: 'Audit log' }).getByRole('article', { name: `sign-in by ${username.toLowerCase()}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/audit-section.png', fullPage: true });
});
