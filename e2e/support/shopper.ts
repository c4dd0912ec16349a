import { expect, type Page } from '@playwright/test';
import { verifiedShopper, type Shopper } from './outbox';

/** Fills the login form of /login and submits it. */
export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * A new shopper, signed up and verified through the outbox, logged in through
 * the login page the way a person does; ends on the home page.
 */
export async function loggedInShopper(page: Page, prefix = 'shopper'): Promise<Shopper> {
  const shopper = await verifiedShopper(page.request, prefix);
  await page.goto('/login');
  await logIn(page, shopper.email, shopper.password);
  await expect(page.getByText('Login Successful', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  return shopper;
}
