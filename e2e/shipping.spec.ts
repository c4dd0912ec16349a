import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin, openSection, toast } from './support/admin';
import { fillOtherAddress, loggedInShopper } from './support/shopper';

// Cash on delivery is here too: both journeys change the one shipping settings, so they run in turn in one file.

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

/** Ticks or unticks "Offer cash on delivery" in Admin → Shipping and saves. */
async function offerCod(page: Page, on: boolean, fee = '') {
  await openSection(page, 'Shipping');
  const box = page.getByLabel(/Offer cash on delivery/);
  await box.setChecked(on);
  await page.getByLabel('COD fee (₹; optional)').fill(fee);
  await page.getByRole('button', { name: 'Save shipping settings' }).click();
  await expect(toast(page, 'Shipping settings saved')).toBeVisible();
}

test('cash on delivery: the owner offers it, a shopper orders a kit to a school paying on delivery, the admin records the cash', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await logInAsAdmin(admin);
  await offerCod(admin, true, '25');

  try {
    await loggedInShopper(page, 'cod');
    const products = (await (await page.request.get('/api/products?limit=50')).json()) as { id: number; price: number; title: string }[];
    const forSale = products.find((p) => p.price > 0)!;
    expect((await page.request.post('/api/cart', { data: { productId: forSale.id } })).ok()).toBe(true);

    await page.goto('/cart');
    const section = page.getByRole('region', { name: 'Delivery address' });
    await section.getByRole('button', { name: 'Deliver to another address' }).click();
    const form = section.getByRole('form', { name: 'Another delivery address' });
    await fillOtherAddress(form, {
      name: 'Principal, Green Valley School',
      phone: '9988776655',
      address: '7 School Lane',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    });
    await expect(section).toContainText('Delivers to 560001');
    await expect(section).toContainText('Cash on delivery available');

    // Before the order is placed, the summary shows the ₹25 fee as its own line and the total with it.
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).not.toContainText('Cash on delivery fee');
    const totalRow = summary.getByText(/^Total/).locator('..');
    const totalOnline = (await totalRow.innerText()).trim();
    await page.getByRole('radio', { name: 'Cash on delivery' }).check();
    await expect(page.getByRole('radio', { name: 'Cash on delivery (+₹25.00 fee)' })).toBeChecked();
    await expect(summary.getByText('Cash on delivery fee').locator('..')).toContainText('₹25.00');
    const place = page.getByRole('button', { name: 'Place order (Cash on delivery)' });
    await expect(place).toBeEnabled();
    const totalCod = (await totalRow.innerText()).trim();
    expect(totalCod).not.toBe(totalOnline);
    await page.screenshot({ path: test.info().outputPath('cart-cod.png'), fullPage: true });
    await place.click();

    // Placed at once: Your Orders says what to pay on delivery (the goods, shipping and the ₹25 fee).
    await expect(page).toHaveURL(/\/Orders$/);
    const orders = (await (await page.request.get('/api/UserOrders')).json()) as {
      orders: { order_id: string; total_amount: number; paymentMethod: string }[];
    };
    const order = orders.orders[0]!;
    expect(order.paymentMethod).toBe('cod');
    const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(order.total_amount);
    const mine = page.getByRole('article', { name: `Order ID: ${order.order_id}` });
    await expect(mine).toContainText(`Pay ${amount} on delivery`);
    // The total the cart showed with the fee is the amount to pay.
    expect(totalCod).toContain(amount);
    await expect(mine).toContainText('7 School Lane, Bengaluru, Karnataka 560001');
    await page.screenshot({ path: test.info().outputPath('orders-cod.png'), fullPage: true });

    // The admin dispatches it and records the cash the courier collected.
    await openSection(admin, 'Orders');
    await admin.getByLabel('Search by order id or email').fill(order.order_id);
    const card = admin.getByRole('article', { name: `Order ${order.order_id}` });
    await expect(card).toContainText(`COD — to collect ${amount}`);
    await admin.screenshot({ path: test.info().outputPath('admin-cod-order.png'), fullPage: false });
    await card.getByLabel('Change status').selectOption('dispatched');
    const dispatch = admin.getByRole('dialog', { name: /^Dispatch order/ });
    await dispatch.getByLabel('Courier').fill('Delhivery');
    await dispatch.getByLabel('Tracking number').fill('DL1234567IN');
    await dispatch.getByRole('button', { name: 'Mark as dispatched' }).click();
    await expect(card.getByText('Status: dispatched')).toBeVisible();
    await card.getByLabel('Collection reference').fill('DLV-REMIT-42');
    await card.getByRole('button', { name: `Record cash collected (${amount})` }).click();
    await expect(toast(admin, 'Cash collected: the order is paid.')).toBeVisible();
    await expect(card).toContainText(`COD — ${amount} collected`);
    await expect(card.getByText('Status: delivered')).toBeVisible();
    await admin.screenshot({ path: test.info().outputPath('admin-cod-collected.png'), fullPage: false });
    // The Overview counts revenue once the cash is in, and nothing of this order is left to collect.
    await openSection(admin, 'Overview');
    await expect(admin.locator('[data-cod-to-collect]')).toContainText('a cash-on-delivery order counts once its cash is recorded');
    await admin.screenshot({ path: test.info().outputPath('admin-overview.png'), fullPage: true });

    await page.reload();
    await expect(page.getByRole('article', { name: `Order ID: ${order.order_id}` })).toContainText('Paid in cash on delivery');

    // The school sends the kit back: a cash order's refund is a transfer the shop makes by hand, so the
    // admin gives its reference, and the return is refunded at once (decision 121).
    await mine.getByRole('button', { name: 'Request a return' }).click();
    const returnForm = mine.getByRole('form', { name: 'Request a return' });
    await returnForm.getByLabel(new RegExp(`^${forSale.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).selectOption('1');
    await returnForm.getByLabel('Reason').fill('Ordered twice by the office');
    await returnForm.getByRole('button', { name: 'Send return request' }).click();
    await expect(toast(page, 'Your return request has been sent.')).toBeVisible();
    const returnId = (await mine.getByText(/^Return #\d+: Return requested$/).textContent())!.match(/#(\d+)/)![1]!;
    await openSection(admin, 'Returns');
    const returnCard = admin.getByRole('article', { name: `Return #${returnId}: order ${order.order_id}` });
    await returnCard.getByRole('button', { name: 'Approve' }).click();
    await expect(returnCard.getByText('Return approved: send the parcel back')).toBeVisible();
    await returnCard.getByRole('button', { name: 'Mark received' }).click();
    await expect(returnCard.getByText('Return received', { exact: true })).toBeVisible();
    const refund = returnCard.getByRole('button', { name: 'Refund', exact: true });
    await expect(refund).toBeDisabled();
    await returnCard.getByLabel('Bank transfer or UPI reference (cash on delivery: refunded by hand)').fill('UPI-REF-7781');
    await admin.screenshot({ path: test.info().outputPath('admin-cod-return.png'), fullPage: false });
    await refund.click();
    await expect(returnCard.getByText('Return refunded', { exact: true })).toBeVisible();
    await page.reload();
    await expect(mine.getByText(`Return #${returnId}: Return refunded`)).toBeVisible();
    await expect(mine.getByText(/Refunded ₹/).first()).toBeVisible();
  } finally {
    // Other journeys expect a shop without COD.
    await offerCod(admin, false);
    await admin.close();
  }
});
