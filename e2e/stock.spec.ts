import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin, toast } from './support/admin';
import { uniqueName } from './support/outbox';

/** Adds a product through the admin's Add Product form, with the stock given ('' = not tracked). */
async function addProduct(page: Page, title: string, stock: string) {
  const category = page.getByLabel('Category');
  await expect(category.locator('option:not([disabled])').first()).toBeAttached();
  const categoryName = (await category.locator('option:not([disabled])').first().textContent()) ?? '';
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Price').fill('1299');
  await category.selectOption(categoryName);
  await page.getByLabel(/^Stock/).fill(stock);
  await page.getByRole('button', { name: 'Add Product', exact: true }).click();
  await expect(toast(page, 'Product added successfully')).toBeVisible({ timeout: 15_000 });
}

test('a product out of stock shows so and cannot be added to the cart; one low on stock says how many are left', async ({ page, request }) => {
  test.setTimeout(90_000);
  await logInAsAdmin(page);
  const soldOut = `Sold out ${uniqueName('kit')}`;
  const fewLeft = `Few left ${uniqueName('kit')}`;
  await addProduct(page, soldOut, '0');
  await addProduct(page, fewLeft, '2');

  const idOf = async (title: string) => {
    const found = (await (await request.get(`/api/products?q=${encodeURIComponent(title)}`)).json()) as { id: number }[];
    return found[0]!.id;
  };

  const storefront = await page.context().newPage();
  await storefront.goto(`/product/${await idOf(soldOut)}`);
  await expect(storefront.getByRole('heading', { name: soldOut, level: 1 })).toBeVisible();
  await expect(storefront.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(storefront.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

  await storefront.goto(`/product/${await idOf(fewLeft)}`);
  await expect(storefront.getByRole('heading', { name: fewLeft, level: 1 })).toBeVisible();
  await expect(storefront.getByText('Only 2 left', { exact: true })).toBeVisible();
  await expect(storefront.getByRole('button', { name: 'Add to Cart' })).toBeVisible();

  // The admin overview lists both as low on stock.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Overview', exact: true }).click();
  const low = page.getByRole('list', { name: 'Products low on stock' });
  await expect(low.getByText(soldOut)).toBeVisible();
  await expect(low.getByText(fewLeft)).toBeVisible();
});
