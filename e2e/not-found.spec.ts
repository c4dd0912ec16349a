import { expect, test } from '@playwright/test';

test('an unknown route shows the not-found page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Robobox Kits' })).toBeVisible();
});

test('an unknown product shows Product not found 404', async ({ page }) => {
  await page.goto('/product/99999999');
  await expect(page.getByRole('heading', { name: 'Product not found 404' })).toBeVisible();
  await page.goto('/product/abc');
  await expect(page.getByRole('heading', { name: 'Product not found 404' })).toBeVisible();
});

test('pages of later features and the coming-soon page answer', async ({ page }) => {
  await page.goto('/soon');
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email address' }).fill('maker@example.com');
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page).toHaveURL(/\/soon$/);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.goto('/3dprinting');
  await expect(page.getByRole('heading', { name: '3D Printing Service' })).toBeVisible();
});
