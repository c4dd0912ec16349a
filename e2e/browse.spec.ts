import { expect, test } from '@playwright/test';

test('a shopper goes from the home page to a category and on to a product', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Offers' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Robobox Kits' });
  await expect(section.getByRole('heading', { name: 'Robobox Kits' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Drone Kits' })).toBeVisible();

  await section.getByRole('link', { name: /View all Robobox Kits/ }).click();
  await expect(page).toHaveURL(/\/category\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Robobox Kits' })).toBeVisible();

  const card = page.getByRole('list', { name: 'Robobox Kits' }).getByRole('link').first();
  const productTitle = await card.getByRole('heading').innerText();
  await card.click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productTitle);
  await expect(page.getByText(/^₹[\d,]+\.\d{2}$/).first()).toBeVisible();
  await expect(page).toHaveTitle(`${productTitle} | Robokits India`);

  // A visitor is asked to log in first (the cart journeys are in checkout.spec.ts).
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Please log in to add items to your cart', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Cart' })).toHaveAttribute('href', '/cart');
});

test('a card on the home page opens its product', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('list', { name: 'Drone Kits' }).getByRole('link').first();
  const href = await card.getAttribute('href');
  expect(href).toMatch(/^\/product\/\d+$/);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a free product offers the claim section instead of the cart buttons', async ({ page, request }) => {
  const res = await request.get('/api/products?limit=500');
  const products = (await res.json()) as { id: number; price: number }[];
  const free = products.find((p) => p.price <= 0);
  expect(free, 'the demo catalogue has a free product').toBeDefined();
  await page.goto(`/product/${free?.id}`);
  await expect(page.getByRole('heading', { name: 'Claim this product for free' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
});
