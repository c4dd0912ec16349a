import { expect, type Locator, type Page } from '@playwright/test';

/** The first-start admin of the e2e server (playwright.config.ts sets ADMIN_PASSWORD). */
export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password-1' };

export function toast(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true });
}

export async function logInAsAdmin(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
}

/** Opens a dashboard section from the sidebar (through the menu button on small screens). */
export async function openSection(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('button', { name, exact: true }).click();
}

/** Adds a product through the admin's Add Product form ('' stock = not tracked). */
export async function addProduct(page: Page, p: { title: string; price: string; stock: string }) {
  const category = page.getByLabel('Category');
  await expect(category.locator('option:not([disabled])').first()).toBeAttached();
  const categoryName = (await category.locator('option:not([disabled])').first().textContent()) ?? '';
  await page.getByLabel('Title').fill(p.title);
  await page.getByLabel('Price').fill(p.price);
  await category.selectOption(categoryName);
  await page.getByLabel(/^Stock/).fill(p.stock);
  await page.getByRole('button', { name: 'Add Product', exact: true }).click();
  await expect(toast(page, 'Product added successfully')).toBeVisible({ timeout: 15_000 });
}
