import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('on a small screen the menu hides behind a toggle', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Kits', exact: true })).toBeHidden();
  // The search box and the cart stay in reach.
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart' })).toBeVisible();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.getByRole('button', { name: 'Community' }).click();
  await page.getByRole('link', { name: 'Scholarship' }).click();
  await expect(page).toHaveURL(/\/soon$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // Nothing is wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the advert arrows are hidden on a small screen', async ({ page }) => {
  await page.goto('/');
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers.getByRole('button', { name: 'Go to slide 1' })).toBeVisible();
  await expect(offers.getByRole('button', { name: 'Next slide' })).toBeHidden();
});
