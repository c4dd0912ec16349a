import { expect, test, type Page } from '@playwright/test';
import { addProduct, logInAsAdmin } from './support/admin';
import { appTookOver } from './support/app';
import { uniqueName } from './support/outbox';

const resultTitles = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('heading');

// Issue 26 item 3 (decision 046).
test('filters search results by price and stock, sorts by price, and keeps them after a product page and Back', async ({ page }) => {
  test.setTimeout(120_000);
  const word = uniqueName('zorbit');
  await logInAsAdmin(page);
  await addProduct(page, { title: `${word} Cheap Rover`, price: '300', stock: '' });
  await addProduct(page, { title: `${word} Sold Out Arm`, price: '1500', stock: '0' });
  await addProduct(page, { title: `${word} Middle Car`, price: '800', stock: '4' });

  const shop = await page.context().newPage();
  await shop.goto(`/searchquer?q=${word}`);
  await appTookOver(shop);
  await expect(resultTitles(shop)).toHaveCount(3);

  await shop.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(shop).toHaveURL(/sort=price_asc/);
  await expect(resultTitles(shop)).toHaveText([`${word} Cheap Rover`, `${word} Middle Car`, `${word} Sold Out Arm`]);

  const filters = shop.getByRole('region', { name: 'Filters' });
  await filters.getByLabel('Min price (₹)').fill('500');
  await filters.getByRole('button', { name: 'Apply price' }).click();
  await expect(shop).toHaveURL(/minPrice=500/);
  await expect(resultTitles(shop)).toHaveText([`${word} Middle Car`, `${word} Sold Out Arm`]);
  // Counts beside the values: of the two priced 500 or more, one is for sale.
  await expect(filters.getByText('In stock only (1)')).toBeVisible();

  await filters.getByLabel(/In stock only/).click();
  await expect(shop).toHaveURL(/inStock=1/);
  await expect(resultTitles(shop)).toHaveText([`${word} Middle Car`]);

  await shop.getByRole('link', { name: 'View Details' }).click();
  await expect(shop).toHaveURL(/\/product\/\d+$/);
  await expect(shop.getByRole('heading', { name: `${word} Middle Car` })).toBeVisible();
  await expect(shop.getByText('Only 4 left', { exact: true })).toBeVisible();

  await shop.goBack();
  await expect(shop).toHaveURL(/minPrice=500/);
  await expect(resultTitles(shop)).toHaveText([`${word} Middle Car`]);
  await expect(filters.getByLabel(/In stock only/)).toBeChecked();
  await expect(filters.getByLabel('Min price (₹)')).toHaveValue('500');
  await expect(shop.getByLabel('Sort by')).toHaveValue('price_asc');

  // Back again undoes the last filter: the URL is the page's state.
  await shop.goBack();
  await expect(resultTitles(shop)).toHaveText([`${word} Middle Car`, `${word} Sold Out Arm`]);

  // Nothing left: a clear empty state that offers to clear the filters.
  await filters.getByLabel('Max price (₹)').fill('600');
  await filters.getByRole('button', { name: 'Apply price' }).click();
  await expect(shop.getByText('No products match these filters')).toBeVisible();
  await shop.getByRole('status').getByRole('button', { name: 'Clear filters' }).click();
  await expect(resultTitles(shop)).toHaveCount(3);
});

test('on a 360 px screen the filters fold behind a Filters button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/searchquer?q=kit');
  await appTookOver(page);
  const filters = page.getByRole('region', { name: 'Filters' });
  const toggle = filters.getByRole('button', { name: 'Filters' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(filters.getByLabel(/In stock only/)).toBeHidden();
  await toggle.click();
  await expect(filters.getByLabel(/In stock only/)).toBeVisible();
  await filters.getByLabel(/In stock only/).click();
  await expect(page).toHaveURL(/inStock=1/);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a category page sorts by price and filters by a price band, and its product page shows related products', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Components' });
  await section.getByRole('link', { name: /View all Components/ }).click();
  await expect(page).toHaveURL(/\/category\/\d+$/);
  await appTookOver(page);
  const grid = page.getByRole('list', { name: 'Components' });
  const prices = async () => (await grid.getByText(/^₹[\d,]+\.\d{2}$/).allInnerTexts()).map((t) => Number(t.replace(/[₹,]/g, '')));
  await expect(grid.getByRole('link').first()).toBeVisible();

  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect
    .poll(async () => {
      const p = await prices();
      return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1]! >= v);
    })
    .toBe(true);

  const filters = page.getByRole('region', { name: 'Filters' });
  // No category choice on a category page: the category is the page.
  await expect(filters.getByRole('group', { name: 'Category' })).toHaveCount(0);
  // click, not check: the control follows the URL, which changes a moment after the click.
  await filters.getByLabel(/^Under ₹500/).click();
  await expect(page).toHaveURL(/maxPrice=499\.99/);
  await expect(filters.getByLabel(/^Under ₹500/)).toBeChecked();
  await expect.poll(async () => (await prices()).every((v) => v < 500)).toBe(true);

  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByText('In stock', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'More from Components' }).getByRole('link').first()).toBeVisible();
});
