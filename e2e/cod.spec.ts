import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin, openSection, toast } from './support/admin';
import { loggedInShopper } from './support/shopper';

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
    const products = (await (await page.request.get('/api/products?limit=50')).json()) as { id: number; price: number }[];
    const forSale = products.find((p) => p.price > 0)!;
    expect((await page.request.post('/api/cart', { data: { productId: forSale.id } })).ok()).toBe(true);

    await page.goto('/cart');
    const section = page.getByRole('region', { name: 'Delivery address' });
    await section.getByRole('button', { name: 'Deliver to another address' }).click();
    const form = section.getByRole('form', { name: 'Another delivery address' });
    await form.getByLabel('Full name').fill('Principal, Green Valley School');
    await form.getByLabel('Phone').fill('9988776655');
    await form.getByLabel('Address').fill('7 School Lane');
    await form.getByLabel('City').fill('Bengaluru');
    await form.getByLabel('State').fill('Karnataka');
    await form.getByLabel('Pincode').fill('560001');
    await form.getByRole('button', { name: 'Use this address' }).click();
    await expect(section).toContainText('Delivers to 560001');
    await expect(section).toContainText('Cash on delivery available');

    // Before the order is placed, the summary shows the ₹25 fee as its own line and the total with it.
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).not.toContainText('Cash on delivery fee');
    const totalOnline = (await summary.getByText(/^Total/).locator('..').innerText()).trim();
    await page.getByRole('radio', { name: 'Cash on delivery' }).check();
    await expect(page.getByRole('radio', { name: 'Cash on delivery (+₹25.00 fee)' })).toBeChecked();
    await expect(summary.getByText('Cash on delivery fee').locator('..')).toContainText('₹25.00');
    const place = page.getByRole('button', { name: 'Place order (Cash on delivery)' });
    await expect(place).toBeEnabled();
    const totalCod = (await summary.getByText(/^Total/).locator('..').innerText()).trim();
    expect(totalCod).not.toBe(totalOnline);
    await page.screenshot({ path: test.info().outputPath('cart-cod.png'), fullPage: true });
    await place.click();

    // Placed at once: Your Orders says what to pay on delivery (the goods, shipping and the ₹25 fee).
    await expect(page).toHaveURL(/\/Orders$/);
    const orders = (await (await page.request.get('/api/UserOrders')).json()) as { orders: { order_id: string; total_amount: number; paymentMethod: string }[] };
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
  } finally {
    // Other journeys expect a shop without COD.
    await offerCod(admin, false);
    await admin.close();
  }
});
