import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin, openSection, toast } from './support/admin';
import { loggedInShopper } from './support/shopper';

/** The pincodes other journeys' shoppers live at stay in the list while it is loaded. */
const CSV = ['pincode,zone,cod,days', '411001,local,yes,1-2', '700016,national,no,3-5', '560001,regional,no,2', '011001,local,yes,3', ''].join('\n');

function csvFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'shipping-e2e-')), 'pincodes.csv');
  writeFileSync(file, CSV);
  return file;
}

async function checkDelivery(page: Page, pincode: string) {
  const form = page.getByRole('form', { name: 'Check delivery' });
  await form.getByLabel('Pincode').fill(pincode);
  await form.getByRole('button', { name: 'Check' }).click();
  return form.getByRole('status');
}

test('the owner loads a pincode list and sets free shipping above ₹999; a shopper checks pincodes on a product page', async ({ page, request }) => {
  test.setTimeout(90_000);
  await logInAsAdmin(page);
  await openSection(page, 'Shipping');
  await expect(page.getByRole('heading', { name: 'Shipping', exact: true })).toBeVisible();
  await expect(page.getByText('No list loaded: every valid pincode is served')).toBeVisible();

  const freeAbove = page.getByLabel('Free shipping from order value (₹; empty: never)');
  await freeAbove.fill('999');
  await page.getByRole('button', { name: 'Save shipping settings' }).click();
  await expect(toast(page, 'Shipping settings saved')).toBeVisible();

  await page.getByLabel('Pincode list (CSV)').setInputFiles(csvFile());
  await page.getByRole('button', { name: 'Upload pincode list' }).click();
  const summary = page.getByRole('status').filter({ hasText: 'accepted' });
  await expect(summary).toContainText('3 rows accepted, 1 row bad');
  await expect(summary.getByRole('list', { name: 'Bad rows' })).toContainText('Line 5: "011001" is not a 6-digit pincode');
  await expect(page.getByText('3 pincodes: local 1, national 1, regional 1.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-shipping.png'), fullPage: true });

  // The rule is kept: a reload shows it.
  await page.reload();
  // openSection opens the phone menu when the section list is not shown: wait for the page to draw it first.
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
  await openSection(page, 'Shipping');
  await expect(page.getByLabel('Free shipping from order value (₹; empty: never)')).toHaveValue('999');

  // A visitor checks pincodes on a product page.
  const products = (await (await request.get('/api/products?limit=50')).json()) as { id: number; price: number }[];
  const forSale = products.find((p) => p.price > 0)!;
  const shopper = await page.context().browser()!.newPage({ baseURL: test.info().project.use.baseURL });
  await shopper.setViewportSize({ width: 360, height: 800 });
  await shopper.goto(`/product/${forSale.id}`);
  await expect(await checkDelivery(shopper, '411001')).toHaveText('Delivers to 411001 in 1-2 days');
  await expect(await checkDelivery(shopper, '799001')).toHaveText('We do not deliver to 799001 yet');
  await expect(await checkDelivery(shopper, '01100')).toHaveText('Enter a valid 6-digit pincode (it cannot start with 0)');
  await shopper.screenshot({ path: test.info().outputPath('product-check-delivery-360.png'), fullPage: true });

  // Signed in (at 411001), the cart shows the estimate for the shopper's address and free shipping above ₹999.
  await loggedInShopper(shopper, 'pincode');
  await shopper.goto(`/product/${forSale.id}`);
  await shopper.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(shopper, 'Item added to cart')).toBeVisible();
  await shopper.goto('/cart');
  await expect(shopper.getByRole('region', { name: 'Delivery address' })).toContainText('Delivers to 411001 in 1-2 days');
  await expect(shopper.getByRole('region', { name: 'Order summary' })).toContainText('Shipping₹0.00');
  await shopper.screenshot({ path: test.info().outputPath('cart-delivery-360.png'), fullPage: true });
  await shopper.close();

  // Back to a shop that serves every pincode and charges nothing, for the other journeys.
  await page.getByRole('button', { name: 'Empty the list' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Empty the list' }).click();
  await expect(toast(page, 'Pincode list emptied')).toBeVisible();
  await expect(page.getByText('No list loaded: every valid pincode is served')).toBeVisible();
  await page.getByLabel('Free shipping from order value (₹; empty: never)').fill('');
  await page.getByRole('button', { name: 'Save shipping settings' }).click();
  await expect(toast(page, 'Shipping settings saved')).toBeVisible();
});
