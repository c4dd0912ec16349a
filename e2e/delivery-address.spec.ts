import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pdfText } from '../server/test/helpers/pdf';
import { logInAsAdmin, openSection } from './support/admin';
import { fillOtherAddress, loggedInShopper } from './support/shopper';

test('a shopper sends an order to another address: checked like the profile, kept on the order', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const shopper = await loggedInShopper(page, 'gift');
  const products = (await (await page.request.get('/api/products?limit=50')).json()) as { id: number; price: number }[];
  const forSale = products.find((p) => p.price > 0)!;
  expect((await page.request.post('/api/cart', { data: { productId: forSale.id } })).ok()).toBe(true);

  await page.goto('/cart');
  const section = page.getByRole('region', { name: 'Delivery address' });
  await expect(section).toContainText('12 MG Road');
  await section.getByRole('button', { name: 'Deliver to another address' }).click();
  const form = section.getByRole('form', { name: 'Another delivery address' });
  await expect(form.getByLabel('Full name')).toBeFocused();
  // Checkout waits while the other address is being typed.
  await expect(page.getByRole('button', { name: 'Checkout All' })).toBeDisabled();

  await fillOtherAddress(form, {
    name: 'Principal, Green Valley School',
    phone: '99887 7665',
    address: '7 School Lane',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '056001',
  });
  await expect(form.getByRole('alert').filter({ hasText: 'Phone number must be 10 digits' })).toBeVisible();
  await expect(form.getByRole('alert').filter({ hasText: 'Zip code cannot start with 0' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cart-other-address-form-360.png'), fullPage: true });

  await form.getByLabel('Phone').fill('9988776655');
  await form.getByLabel('Pincode').fill('560001');
  await form.getByRole('button', { name: 'Use this address' }).click();
  await expect(section).toContainText('Principal, Green Valley School');
  await expect(section).toContainText('Bengaluru, Karnataka 560001');
  await expect(section).toContainText('Delivers to 560001');
  await page.screenshot({ path: test.info().outputPath('cart-other-address-360.png'), fullPage: true });

  await page.getByRole('button', { name: 'Checkout All' }).click();
  const checkout = page.getByRole('dialog');
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/orderSucess$/);

  // The order keeps the other address; the profile keeps its own.
  const orders = (await (await page.request.get('/api/UserOrders')).json()) as { orders: Record<string, unknown>[] };
  expect(JSON.stringify(orders.orders[0])).toContain('7 School Lane, Bengaluru, Karnataka 560001');
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({ email: shopper.email, address: '12 MG Road', zipCode: '411001' });
  const orderId = String(orders.orders[0]!.order_id);

  // The admin prints the order's packing slip, addressed to the school.
  const admin = await page.context().browser()!.newPage({ baseURL: test.info().project.use.baseURL });
  await logInAsAdmin(admin);
  await openSection(admin, 'Orders');
  await admin.getByLabel('Search by order id or email').fill(orderId);
  const card = admin.getByRole('article', { name: `Order ${orderId}` });
  await expect(card).toContainText('7 School Lane');
  const download = admin.waitForEvent('download');
  await card.getByRole('button', { name: 'Packing slip (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`packing-slip-${orderId}.pdf`);
  const text = pdfText(readFileSync((await file.path())!));
  expect(text).toContain('Principal, Green Valley School');
  expect(text).toContain('Phone: +919988776655');

  // Several at once: select, then print the selection.
  await card.getByRole('checkbox', { name: `Select order ${orderId} for packing slips` }).check();
  const many = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Packing slips for selected (1)' }).click();
  expect((await many).suggestedFilename()).toBe('packing-slip-' + orderId + '.pdf');
  await admin.screenshot({ path: test.info().outputPath('admin-packing-slip.png'), fullPage: false });
  await admin.close();
});
