import { expect, test, type Page } from '@playwright/test';
import { appTookOver } from './support/app';

const searchInput = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const searchButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true });

test('searching from the box shows the results and opens a product', async ({ page }) => {
  await page.goto('/');
  await searchInput(page).fill('drone');
  await searchInput(page).press('Enter');
  await expect(page).toHaveURL(/\/searchquer\?q=drone$/);
  await expect(page.getByRole('heading', { name: 'Search Results for "drone"' })).toBeVisible();

  const details = page.getByRole('link', { name: 'View Details' });
  await expect(details.first()).toBeVisible();
  // Descriptions are cut to 100 characters plus '...'.
  for (const text of await page.locator('main li p.text-sm').allInnerTexts()) {
    expect(text.length).toBeLessThanOrEqual(103);
  }
  await expect(page.getByText(/^₹[\d,]+\.\d{2}$/).first()).toBeVisible();
  await details.first().click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
});

test('the Search button searches too', async ({ page }) => {
  await page.goto('/soon');
  await searchInput(page).fill('  robobox  ');
  await searchButton(page).click();
  await expect(page).toHaveURL(/\/searchquer\?q=robobox$/);
  await expect(page.getByRole('heading', { name: 'Search Results for "robobox"' })).toBeVisible();
  await expect(searchInput(page)).toHaveValue('robobox');
});

test('suggestions filter as the shopper types and a click on one searches', async ({ page }) => {
  await page.goto('/');
  await searchInput(page).click();
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option')).toHaveCount(7);

  await searchInput(page).fill('KIT');
  await expect(list.getByRole('option')).toHaveText(['Robobox Kit', 'Mechatronics Kit', 'Blix Kit', 'Drone Kit']);

  await searchInput(page).fill('mecha');
  await expect(list.getByRole('option')).toHaveText(['Mechatronics Kit']);
  await list.getByRole('option', { name: 'Mechatronics Kit' }).click();
  await expect(page).toHaveURL(/\/searchquer\?q=Mechatronics%20Kit$/);
  await expect(page.getByRole('heading', { name: 'Search Results for "Mechatronics Kit"' })).toBeVisible();
});

test('suggestions disappear shortly after the box loses focus', async ({ page }) => {
  await page.goto('/');
  await searchInput(page).click();
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
  await page.getByRole('heading', { name: 'Robobox Kits' }).click();
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
});

test('a Kits menu item searches for its kits', async ({ page }) => {
  await page.goto('/');
  const kits = page.getByRole('button', { name: 'Kits', exact: true });
  await kits.click();
  await expect(kits).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('link', { name: 'Drone Kits', exact: true }).click();
  await expect(page).toHaveURL(/\/searchquer\?q=Drone$/);
  await expect(page.getByRole('heading', { name: 'Search Results for "Drone"' })).toBeVisible();
});

test('the Kits menu opens on hover and closes after the pointer leaves', async ({ page }) => {
  await page.goto('/');
  // A hover on the drawn page before the app has taken it over opens nothing.
  await appTookOver(page);
  const kits = page.getByRole('button', { name: 'Kits', exact: true });
  await kits.hover();
  await expect(page.getByRole('link', { name: 'Robobox Kits', exact: true })).toBeVisible();
  await page.mouse.move(5, 600);
  await expect(page.getByRole('link', { name: 'Robobox Kits', exact: true })).toBeHidden();
  await expect(kits).toHaveAttribute('aria-expanded', 'false');
});

test('an empty or blank search is ignored', async ({ page }) => {
  await page.goto('/');
  const pagesAsked: string[] = [];
  page.on('request', (r) => void (r.isNavigationRequest() && pagesAsked.push(new URL(r.url()).pathname + new URL(r.url()).search)));
  await searchButton(page).click();
  await searchInput(page).fill('    ');
  await searchInput(page).press('Enter');
  await searchButton(page).click();
  // A real search afterwards is handled after the blank ones: once its page shows, they have had their
  // turn, and no page was asked for but this one.
  await searchInput(page).fill('drone');
  await searchInput(page).press('Enter');
  await expect(page).toHaveURL(/\/searchquer\?q=drone$/);
  expect(pagesAsked).toEqual(['/searchquer?q=drone']);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Robobox Kits' })).toBeVisible();
});

test('the first Esc in the search box closes the suggestions and keeps the text', async ({ page }) => {
  await page.goto('/');
  await searchInput(page).fill('kit');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list).toBeVisible();
  await searchInput(page).press('Escape');
  await expect(list).toBeHidden();
  await expect(searchInput(page)).toHaveValue('kit');
});

test('the search page without words asks for some instead of showing empty results', async ({ page }) => {
  for (const url of ['/searchquer', '/searchquer?q=', '/searchquer?q=%20%20']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Search the shop' })).toBeVisible();
    await expect(page.getByText('Search Results for ""')).toHaveCount(0);
  }
});
