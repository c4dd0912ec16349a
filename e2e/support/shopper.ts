import { expect, type Locator, type Page } from '@playwright/test';
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

/** Types a delivery address into the cart's "Another delivery address" form (`form`) and asks to use it. */
export async function fillOtherAddress(form: Locator, a: { name: string; phone: string; address: string; city: string; state: string; pincode: string }) {
  await form.getByLabel('Full name').fill(a.name);
  await form.getByLabel('Phone').fill(a.phone);
  await form.getByLabel('Address').fill(a.address);
  await form.getByLabel('City').fill(a.city);
  await form.getByLabel('State').fill(a.state);
  await form.getByLabel('Pincode').fill(a.pincode);
  await form.getByRole('button', { name: 'Use this address' }).click();
}
