import { expect, test } from '@playwright/test';
import { logInAsAdmin, openSection, toast } from './support/admin';

test('the owner sets the legal name and GSTIN; the policy pages show them and the footer links reach them', async ({ page }) => {
  test.setTimeout(90_000);
  await logInAsAdmin(page);
  await openSection(page, 'Shop settings');
  await expect(page.getByRole('heading', { name: 'Shop settings', exact: true })).toBeVisible();

  const legalName = page.getByLabel('Legal name');
  const gstin = page.getByLabel('GSTIN (leave empty if not registered under GST)');
  await legalName.fill('Settings Journey Robotics LLP');
  await page.getByLabel('State').selectOption('Maharashtra');
  // A mistyped check character is refused under the field, and nothing is saved.
  await gstin.fill('27AAPFU0939F1ZW');
  await page.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(page.getByText("The GSTIN's last character (its check character) should be V: please check it for a typing mistake")).toBeVisible();
  await expect(gstin).toHaveAttribute('aria-invalid', 'true');

  await gstin.fill('27AAPFU0939F1ZV');
  await page.getByLabel('Contact e-mail').fill('journey@robokits.example');
  await page.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(toast(page, 'Shop settings saved. New invoices and credit notes carry them; documents already issued keep theirs.')).toBeVisible();

  // A visitor finds the policies in the footer, drawn with the new details.
  await page.goto('/');
  const policies = page.getByRole('navigation', { name: 'Policies' });
  await policies.getByRole('link', { name: 'Terms of service' }).click();
  await expect(page).toHaveURL(/\/policies\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  await expect(page.getByText('Settings Journey Robotics LLP').first()).toBeVisible();
  await expect(page).toHaveTitle(/^Terms of service \| /);

  await policies.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/policies\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'journey@robokits.example' })).toHaveAttribute('href', 'mailto:journey@robokits.example');

  for (const [name, path] of [
    ['Privacy policy', '/policies/privacy'],
    ['Refund and cancellation policy', '/policies/refunds'],
    ['Shipping and delivery policy', '/policies/shipping'],
  ] as const) {
    await policies.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  // The page drawn on the server carries the text before any script runs.
  const html = await (await page.request.get('/policies/privacy')).text();
  expect(html).toContain('Settings Journey Robotics LLP');
});
