import { expect, test } from '@playwright/test';
import { addProduct, logInAsAdmin, openSection, toast } from './support/admin';
import { uniqueName } from './support/outbox';
import { loggedInShopper } from './support/shopper';

test('the admin gives a product options and variants; a shopper chooses a variant, adds it and sees its price in the cart', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = `Line follower ${uniqueName('car')}`;

  // The admin adds the product, then its option and variants in the Edit Product dialog.
  await logInAsAdmin(page);
  const category = page.getByLabel('Category');
  await expect(category.locator('option:not([disabled])').first()).toBeAttached();
  await category.selectOption((await category.locator('option:not([disabled])').first().textContent()) ?? '');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Price').fill('1499');
  await page.getByRole('button', { name: 'Add Product', exact: true }).click();
  await expect(toast(page, 'Product added successfully')).toBeVisible({ timeout: 15_000 });

  await openSection(page, 'Manage Products');
  await page.getByLabel('Search products by title').fill(title);
  await page
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await edit.getByRole('button', { name: 'Add option' }).click();
  await edit.getByLabel('Option 1 name').fill('Battery');
  await edit.getByLabel('Option 1 values (comma-separated)').fill('included, not included');
  await edit.getByRole('button', { name: 'Generate variants' }).click();
  await edit.getByLabel('Price of Battery: included').fill('1799');
  await edit.getByLabel('Stock of Battery: included').fill('5');
  await edit.getByLabel('SKU of Battery: included').fill(uniqueName('LFC-B'));
  await edit.getByLabel('Stock of Battery: not included').fill('0');
  await edit.getByRole('button', { name: 'Save variants' }).click();
  await expect(toast(page, 'Variants saved')).toBeVisible();

  const found = (await (await page.request.get(`/api/products?q=${encodeURIComponent(title)}`)).json()) as { id: number; price: number }[];
  const id = found[0]!.id;

  // The shopper picks "included" (the sold-out value is marked and cannot be added) and adds it.
  const context = await browser.newContext();
  const shop = await context.newPage();
  await loggedInShopper(shop, 'variant');
  await shop.goto(`/product/${id}`);
  await expect(shop.getByRole('heading', { name: title })).toBeVisible();
  const battery = shop.getByRole('group', { name: /Battery/ });
  const without = battery.getByRole('button', { name: /not included/ });
  await without.click();
  await expect(without).toHaveAttribute('aria-pressed', 'true');
  await expect(without).toHaveAccessibleName('not included (out of stock)');
  await expect(shop.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(shop.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

  const included = battery.getByRole('button', { name: 'included', exact: true });
  await included.click();
  await expect(included).toHaveAttribute('aria-pressed', 'true');
  await expect(shop.getByText('₹1,799.00', { exact: true })).toBeVisible();
  await shop.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(shop.getByRole('button', { name: 'Already in Cart' })).toBeVisible();

  await shop.goto('/cart');
  const line = shop.getByRole('listitem').filter({ hasText: `${title} (Battery: included)` });
  await expect(line).toBeVisible();
  await expect(line.getByText('₹1,799.00 each')).toBeVisible();

  // The search offers the option's values as filters, with counts (decision 046).
  await shop.goto(`/searchquer?q=${encodeURIComponent(title)}`);
  const filters = shop.getByRole('region', { name: 'Filters' });
  const withBattery = filters.getByRole('group', { name: 'Battery' }).getByLabel(/^included/);
  await expect(withBattery).toBeVisible();
  await withBattery.click();
  await expect(shop).toHaveURL(/option=Battery%3Aincluded/);
  await expect(withBattery).toBeChecked();
  await expect(shop.getByRole('list', { name: 'Search results' }).getByRole('heading', { name: title })).toBeVisible();
  await filters.getByLabel(/In stock only/).click();
  await expect(shop.getByRole('list', { name: 'Search results' }).getByRole('heading', { name: title })).toBeVisible();
  await shop.screenshot({ path: 'test-results/h12-filtered-search.png', fullPage: true });
  await shop.goto(`/product/${id}`);
  await expect(shop.getByRole('heading', { name: title })).toBeVisible();
  await shop.screenshot({ path: 'test-results/h12-product-with-variants.png', fullPage: true });
  await context.close();
});

test("a kit's parts are picked in the product form; its page says what is in the box and what its parts allow", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const word = uniqueName('kitty');
  await logInAsAdmin(page);
  await addProduct(page, { title: `${word} Geared Motor`, price: '200', stock: '5' });
  await addProduct(page, { title: `${word} Driver Board`, price: '300', stock: '10' });
  await addProduct(page, { title: `${word} Rover Kit`, price: '800', stock: '' });

  await openSection(page, 'Manage Products');
  await page.getByLabel('Search products by title').fill(`${word} Rover Kit`);
  await page
    .getByRole('article', { name: `${word} Rover Kit` })
    .getByRole('button', { name: `Edit ${word} Rover Kit` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await edit.getByLabel('Find a part').fill(word);
  await edit.getByRole('button', { name: `Add ${word} Geared Motor` }).click();
  await edit.getByLabel(`Quantity of ${word} Geared Motor`).fill('2');
  await edit.getByRole('button', { name: `Add ${word} Driver Board` }).click();
  await edit.getByRole('button', { name: 'Save kit parts' }).click();
  await expect(edit.getByText(/Kits the parts allow now: 2\./)).toBeVisible();

  const found = (await (await page.request.get(`/api/products?q=${encodeURIComponent(`${word} Rover Kit`)}`)).json()) as { id: number }[];
  const context = await browser.newContext();
  const shop = await context.newPage();
  await shop.goto(`/product/${found[0]!.id}`);
  await expect(shop.getByRole('heading', { name: `${word} Rover Kit` })).toBeVisible();
  await expect(shop.getByText("What's in the box")).toBeVisible();
  await expect(shop.getByText('Only 2 left', { exact: true })).toBeVisible();
  await shop.screenshot({ path: 'test-results/h12-kit-page.png', fullPage: true });
  await context.close();
});
