import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { ADMIN, logInAsAdmin, openSection, toast } from './support/admin';
import { uniqueName } from './support/outbox';
import { paidOrder } from './support/orders';
import { logIn } from './support/shopper';

/** Writes `count` small PNGs of different colours into a new temporary directory. */
async function pngs(count: number, prefix = 'image'): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'admin-e2e-'));
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `${prefix}-${i + 1}.png`);
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: (40 * i) % 256, g: 120, b: 255 - ((30 * i) % 256) } },
    })
      .png()
      .toBuffer();
    writeFileSync(file, png);
    files.push(file);
  }
  return files;
}

test('an admin logs in, adds and edits a product, manages categories, adverts and coupons, and logs out', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAsAdmin(page);

  // Add Products is the default section.
  const title = `Rover ${uniqueName('e2ekit')}`;
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  const category = page.getByLabel('Category');
  await expect(category.getByRole('option', { name: 'Select a category' })).toBeDisabled();
  await expect(category.locator('option:not([disabled])').first()).toBeAttached();
  const categoryName = (await category.locator('option:not([disabled])').first().textContent()) ?? '';
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Price').fill('499.50');
  await page.getByLabel('Description').fill('A four-wheeled rover kit with sensors.');
  await category.selectOption(categoryName);
  await page.getByLabel('Images').setInputFiles(await pngs(3, 'rover'));
  await page.getByRole('button', { name: 'Add Product', exact: true }).click();
  await expect(toast(page, 'Product added successfully')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Title')).toHaveValue('');

  // The storefront's search finds it.
  const storefront = await page.context().newPage();
  await storefront.goto(`/searchquer?q=${encodeURIComponent(title)}`);
  await expect(storefront.getByRole('heading', { name: `Search Results for "${title}"` })).toBeVisible();
  await expect(storefront.getByText(title, { exact: true })).toBeVisible();
  await storefront.close();

  // Manage Products: search by part of the title, three thumbnails, then edit.
  await openSection(page, 'Manage Products');
  await page.getByLabel('Search products by title').fill(title.slice(6).toUpperCase());
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('₹499.50')).toBeVisible();
  await expect(card.getByRole('list', { name: `Images of ${title}` }).getByRole('img')).toHaveCount(3);
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByLabel('Category')).toHaveValue(categoryName);
  await edit.getByLabel('Price').fill('450');
  await edit.getByRole('button', { name: 'Update Product' }).click();
  await expect(toast(page, 'Product updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card.getByText('₹450.00')).toBeVisible();

  // Manage Category: add, rename, delete.
  await openSection(page, 'Manage Category');
  const newCategory = uniqueName('Gadgets ');
  await page.getByLabel('New category name').fill(newCategory);
  await page.getByRole('button', { name: 'Add Category' }).click();
  await expect(toast(page, 'Category added successfully')).toBeVisible();
  const categories = page.getByRole('list', { name: 'Categories' });
  await expect(categories.getByText(newCategory, { exact: true })).toBeVisible();
  await categories.getByRole('button', { name: `Rename ${newCategory}` }).click();
  await page.getByLabel(`New name for ${newCategory}`).fill(`${newCategory} Pro`);
  await categories.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Category renamed successfully')).toBeVisible();
  await categories.getByRole('button', { name: `Delete ${newCategory} Pro` }).click();
  await page.getByRole('alertdialog', { name: 'Delete category' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Category deleted successfully')).toBeVisible();
  await expect(categories.getByText(`${newCategory} Pro`, { exact: true })).toHaveCount(0);

  // Advert Image: a 6th image is refused; two are uploaded; one is deleted.
  await openSection(page, 'Advert Image');
  const adverts = page.getByRole('list', { name: 'Advert images' }).getByRole('listitem');
  await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible();
  // The list once loaded (the page's load state was reached long before: it does not wait for this section's request).
  await expect(page.getByRole('list', { name: 'Advert images' }).or(page.getByText('No advert images yet.'))).toBeVisible();
  const before = await adverts.count();
  await page.getByLabel('Choose advert images').setInputFiles(await pngs(6, 'advert'));
  await expect(page.getByRole('region', { name: 'Advert Image' }).getByRole('alert')).toHaveText('You can only select up to 5 images.');
  await page.getByLabel('Choose advert images').setInputFiles(await pngs(2, 'advert'));
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'Advert images uploaded successfully')).toBeVisible({ timeout: 15_000 });
  await expect(adverts).toHaveCount(before + 2);
  const deleteLastAdvert = async () => {
    await adverts
      .last()
      .getByRole('button', { name: /^Delete advert/ })
      .click();
    await page.getByRole('alertdialog', { name: 'Delete advert image' }).getByRole('button', { name: 'Delete' }).click();
  };
  await deleteLastAdvert();
  await expect(toast(page, 'Advert image deleted successfully')).toBeVisible();
  await expect(adverts).toHaveCount(before + 1);
  // Leave the home page's carousel as it was for the other tests.
  await deleteLastAdvert();
  await expect(adverts).toHaveCount(before);

  // Manage Coupons: add, edit inline, delete.
  await openSection(page, 'Manage Coupons');
  await expect(page.getByRole('heading', { name: 'Coupon List' })).toBeVisible();
  const code = uniqueName('E2E').toUpperCase();
  await page.getByRole('button', { name: 'Add Coupon' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Coupon' });
  await expect(add.getByLabel('Coupon Code')).toBeFocused();
  await add.getByLabel('Coupon Code').fill(code);
  await add.getByLabel('Fixed Discount').fill('100');
  await add.getByLabel('Minimum Purchase').fill('500');
  await add.getByRole('button', { name: 'Add Coupon' }).click();
  await expect(toast(page, 'Coupon added successfully')).toBeVisible();
  await expect(add).toBeHidden();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
  await expect(row.getByRole('cell')).toHaveText([/^\d+$/, code, '₹100.00', 'N/A', '₹500.00', 'All Products', /Edit/]);
  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const editing = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Save' }) });
  await editing.getByLabel('Fixed Discount').fill('');
  await editing.getByLabel('Discount %').fill('10');
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Coupon updated successfully')).toBeVisible();
  await expect(row.getByRole('cell')).toHaveText([/^\d+$/, code, 'N/A', '10%', '₹500.00', 'All Products', /Edit/]);
  await row.getByRole('button', { name: `Delete ${code}` }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete coupon' }).getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.getByRole('alertdialog', { name: 'Delete coupon' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Coupon deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);

  // Logout forgets the token.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test('bad credentials show the server message; an invalid stored token returns to the login form', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.locator('form').getByRole('alert')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

  await page.evaluate(() => sessionStorage.setItem('token', 'forged-token'));
  await page.reload();
  await expect(page.getByText('Your session has expired. Please log in again.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test('an admin moves a paid order placed → dispatched → delivered and finds the mails in the outbox', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A shopper pays for one product through the API and the simulated checkout.
  const { shopper } = await paidOrder(request, 'adminbuyer');

  await logInAsAdmin(page);
  await openSection(page, 'Orders');
  await page.getByLabel('Search by order id or email').fill(shopper.email);
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('article');
  await expect(order).toHaveCount(1);
  await expect(order.getByText(shopper.email)).toBeVisible();
  await expect(order.getByText('Status: placed')).toBeVisible();

  // Dispatching asks for the courier and the tracking number.
  await order.getByLabel('Change status').selectOption('dispatched');
  const dispatch = page.getByRole('dialog', { name: /^Dispatch order/ });
  await expect(dispatch.getByLabel('Courier')).toBeFocused();
  await dispatch.getByRole('button', { name: 'Mark as dispatched' }).click();
  await expect(dispatch.getByText('Enter the tracking number')).toBeVisible();
  await dispatch.getByLabel('Courier').fill('Delhivery');
  await dispatch.getByLabel('Tracking number').fill('DL987654321IN');
  await dispatch.getByLabel('Tracking link (optional)').fill('https://www.delhivery.com/track/package/DL987654321IN');
  await dispatch.getByRole('button', { name: 'Mark as dispatched' }).click();
  await expect(toast(page, 'Order status updated successfully!')).toBeVisible();
  await expect(order.getByText('Status: dispatched')).toBeVisible();
  await expect(order.getByText('Delhivery, DL987654321IN')).toBeVisible();

  // The shopper sees the courier and the tracking link on Your Orders.
  const shopperPage = await (await page.context().browser()!.newContext()).newPage();
  await shopperPage.goto('/login');
  await logIn(shopperPage, shopper.email, shopper.password);
  await expect(shopperPage.getByText('Login Successful', { exact: true })).toBeVisible();
  await shopperPage.goto('/Orders');
  await expect(shopperPage.getByText('Delhivery, tracking number DL987654321IN')).toBeVisible();
  await expect(shopperPage.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute('href', 'https://www.delhivery.com/track/package/DL987654321IN');
  await shopperPage.close();

  await order.getByLabel('Change status').selectOption('delivered');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Setting status to "Delivered" will notify the user and cannot be reverted. Proceed with caution.');
  await confirm.getByRole('button', { name: 'Set to Delivered' }).click();
  await expect(order.getByText('Status: delivered')).toBeVisible();
  await expect(order.getByLabel('Change status')).toBeDisabled();

  // Filters combine: the delivered filter keeps it, the placed filter does not.
  await page.getByLabel('Status', { exact: true }).selectOption('placed');
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('delivered');
  await expect(order).toHaveCount(1);

  await openSection(page, 'Mail outbox');
  const mails = page.getByRole('list', { name: 'Mails' });
  await expect(mails.getByText(`To ${shopper.email}`).first()).toBeVisible();
  // Without SMTP_URL every mail is kept, and there is nothing to send again.
  await expect(mails.getByText('kept (no mail server)').first()).toBeVisible();
  await mails.getByText(`To ${shopper.email}`).first().click();
  await expect(mails.getByText(/Your order .* is on its way|has been delivered/).first()).toBeVisible();
  await expect(mails.getByRole('button', { name: 'Send again' })).toHaveCount(0);
});

test('on a 360 px screen the menu button toggles the sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logInAsAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('button', { name: 'Manage Coupons' }).click();
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Manage Coupons' })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
