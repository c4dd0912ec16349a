import { expect, test } from '@playwright/test';

// Each not-found page names what was not found and links home, in its own words (SPEC.md).
for (const { what, url, heading, link } of [
  { what: 'an unknown route', url: '/no/such/page', heading: 'Page not found', link: 'Homepage' },
  { what: 'a search that finds nothing', url: '/searchquer?q=qqqzzzxxxwww', heading: 'Product not found', link: 'Home Page' },
]) {
  test(`${what} shows the not-found page with a link home`, async ({ page }) => {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Robobox Kits' })).toBeVisible();
  });
}

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
