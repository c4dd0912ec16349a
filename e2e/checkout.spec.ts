import { expect, test, type Page } from '@playwright/test';
import { formatRupees } from '@shared/money';
import { createCoupon } from './support/coupons';
import { mailsOfKind, uniqueName } from './support/outbox';
import { loggedInShopper } from './support/shopper';

type Product = { id: number; title: string; price: number };

async function product(page: Page, id: number): Promise<Product> {
  const res = await page.request.get(`/api/product/${id}`);
  expect(res.ok()).toBe(true);
  const p = (await res.json()) as Product;
  expect(p.price, `product ${id} must be for sale`).toBeGreaterThan(0);
  return p;
}

/** A new shopper puts this product in the cart and presses Checkout All on the cart page; answers the product. */
async function checkOutOneProduct(page: Page, prefix: string, id: number): Promise<Product> {
  await loggedInShopper(page, prefix);
  const p = await product(page, id);
  expect((await page.request.post('/api/cart', { data: { productId: p.id } })).ok()).toBe(true);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout All' }).click();
  return p;
}

/** The value next to a label of the cart's order summary (a string label matches exactly). */
function summaryValue(page: Page, label: string | RegExp) {
  if (typeof label === 'string') label = new RegExp(`^${label}$`);
  return page
    .getByRole('region', { name: 'Order summary' })
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: label }) })
    .getByRole('definition');
}

function cartLink(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Cart/ });
}

async function cartQuantities(page: Page): Promise<Record<number, number>> {
  const cart = (await (await page.request.get('/api/cart')).json()) as { items: { id: number; quantity: number }[] };
  return Object.fromEntries(cart.items.map((l) => [l.id, l.quantity]));
}

test('a shopper fills the cart, applies a coupon, pays in the simulated checkout and finds the order with its receipt', async ({ page }) => {
  test.setTimeout(120_000);
  const shopper = await loggedInShopper(page, 'buyer');
  const code = uniqueName('SAVE').toUpperCase();
  createCoupon({ code, discountPaise: 100_00 });
  const [a, b, c] = [await product(page, 1), await product(page, 2), await product(page, 3)];

  // Add three products; each button turns to 'Already in Cart' and the badge counts the lines.
  for (const [i, p] of [a, b, c].entries()) {
    await page.goto(`/product/${p.id}`);
    await expect(page.getByRole('heading', { name: p.title, exact: true, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Item added to cart', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Already in Cart' })).toBeDisabled();
    await expect(cartLink(page)).toHaveAccessibleName(`Cart, ${i + 1} ${i === 0 ? 'item' : 'items'}`);
    await expect(page.getByTestId('cart-badge')).toHaveText(String(i + 1));
  }
  // A product already in the cart reads so on load, too.
  await page.goto(`/product/${a.id}`);
  await expect(page.getByRole('button', { name: 'Already in Cart' })).toBeDisabled();
  await page.getByRole('link', { name: 'Go to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);

  // The full delivery address, the item count and the lines.
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  const address = page.getByRole('region', { name: 'Delivery address' });
  await expect(address).toContainText('12 MG Road');
  await expect(address).toContainText('Pune, Maharashtra 411001');
  await expect(address.getByRole('link', { name: 'Change address' })).toHaveAttribute('href', '/editprofile');
  await expect(page.getByText('3 items', { exact: true })).toBeVisible();
  for (const p of [a, b, c]) await expect(page.getByRole('link', { name: p.title, exact: true })).toBeVisible();

  // Quantities: no minus at 1; + and − change them; never below 1.
  await expect(page.getByRole('button', { name: `Decrease quantity of ${a.title}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Increase quantity of ${a.title}` }).click();
  await expect(page.getByRole('status', { name: `Quantity of ${a.title}` })).toHaveText('2');
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: `Increase quantity of ${c.title}` }).click();
  await expect(page.getByRole('status', { name: `Quantity of ${c.title}` })).toHaveText('4');
  await page.getByRole('button', { name: `Decrease quantity of ${c.title}` }).click();
  await expect(page.getByRole('status', { name: `Quantity of ${c.title}` })).toHaveText('3');
  await expect.poll(() => cartQuantities(page)).toEqual({ [a.id]: 2, [b.id]: 1, [c.id]: 3 });

  const subtotal = Math.round(a.price * 200 + b.price * 100 + c.price * 300) / 100;
  const total = subtotal - 100;
  await expect(summaryValue(page, 'Subtotal')).toHaveText(formatRupees(subtotal));
  await expect(summaryValue(page, 'Shipping')).toHaveText('₹0.00');
  await expect(summaryValue(page, 'Total')).toHaveText(formatRupees(subtotal));

  // A wrong code is refused with the server's message; the right one takes ₹100 off.
  await page.getByLabel('Coupon code').fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid coupon code', { exact: true })).toBeVisible();
  await page.getByLabel('Coupon code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon applied successfully', { exact: true })).toBeVisible();
  await expect(summaryValue(page, /^Coupon discount/)).toHaveText(`−${formatRupees(100)}`);
  await expect(summaryValue(page, 'Total')).toHaveText(formatRupees(total));

  // Checkout All → Processing... → the simulated checkout shows the amount and our order id.
  await page.getByRole('button', { name: 'Checkout All' }).click();
  const checkout = page.getByRole('dialog');
  await expect(checkout).toBeVisible();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await expect(checkout).toContainText(formatRupees(total));
  await expect(checkout).toContainText(/Order RK\d+/);
  const orderCode = /RK\d+/.exec((await checkout.textContent()) ?? '')?.[0] ?? '';
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/orderSucess$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Thank you for your purchase. A receipt has been sent to your email.')).toBeVisible();
  await expect(page.getByText('Payment successful! A receipt has been sent to your email.', { exact: true })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);

  // Your Orders: the order with its lines and the right total.
  await page.getByRole('link', { name: 'View My Orders' }).click();
  await expect(page).toHaveURL(/\/Orders$/);
  await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
  const order = page.getByRole('article', { name: `Order ID: ${orderCode}` });
  await expect(order).toBeVisible();
  await expect(order).toContainText('placed');
  await expect(order).toContainText('Ordered On');
  await expect(order).toContainText(`Quantity: 2 · ${formatRupees(a.price)} each`);
  await expect(order).toContainText(`Quantity: 3 · ${formatRupees(c.price)} each`);
  await expect(order.getByRole('definition').last()).toHaveText(formatRupees(total));

  // The receipt went to the shopper, once; the cart is empty.
  await expect.poll(() => mailsOfKind(shopper.email, 'receipt').length, { timeout: 10_000 }).toBe(1);
  await cartLink(page).click();
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
});

test('a declined payment in the simulated checkout says so and leads to the failure page', async ({ page }) => {
  await checkOutOneProduct(page, 'declined', 4);
  await page.getByRole('dialog').getByRole('button', { name: 'Fail', exact: true }).click();

  await expect(page.getByText('An error occurred during payment. Please try again.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/orderFail$/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByText('Unfortunately, your payment could not be processed. Please try again later.')).toBeVisible();
  // Nothing was bought: the cart keeps its product.
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('closing the simulated checkout cancels the payment and keeps the cart', async ({ page }) => {
  const p = await checkOutOneProduct(page, 'canceler', 5);
  const checkout = page.getByRole('dialog');
  // Tab stays inside the open dialog.
  await expect(checkout).toBeVisible();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    await expect(checkout.locator(':focus')).toHaveCount(1);
  }
  await checkout.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByText('Payment canceled', { exact: true })).toBeVisible();
  await expect(checkout).toBeHidden();
  // The focus goes back to the button that opened it.
  await expect(page.getByRole('button', { name: 'Checkout All' })).toBeFocused();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('button', { name: 'Checkout All' })).toBeEnabled();
  await expect(page.getByRole('link', { name: p.title, exact: true })).toBeVisible();

  // Removing the last line empties the cart.
  await page.getByRole('button', { name: `Remove ${p.title} from the cart` }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
});

test('a visitor is asked to log in to add to the cart, to see the cart and to see orders', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Please login to view your cart' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

  await page.goto('/product/1');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Please log in to add items to your cart', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
  await expect(page.getByText('Please login to continue', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
});
