import { expect, test, type Page } from '@playwright/test';
import { mailsOfKind, uniqueName } from './support/outbox';

const FREE_KIT = 'Robobox Starter Kit - School Edition';
/** The shop's address for notices in the e2e server (SHOP_EMAIL's default). */
const SHOP_EMAIL = 'orders@robokits.example';

const claimForm = (page: Page) => page.getByRole('form', { name: 'Claim this product for free' });

async function fillClaim(page: Page, email: string) {
  const form = claimForm(page);
  await form.getByLabel('Name').fill('Asha Kulkarni');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mobile').fill('98765 43210');
  await form.getByLabel('School').fill('Zilla Parishad School, Wagholi');
  await form.getByLabel('Class').fill('8');
  await form.getByLabel('Division').fill('B');
  await form.getByLabel('Roll number').fill('23');
}

test('a school claims the free kit, both e-mails go out, and a second claim by the same email is refused', async ({ page }) => {
  const email = `${uniqueName('teacher')}@example.com`;

  // The free kit is found like any product: search, then View Details.
  await page.goto('/searchquer?q=school');
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: FREE_KIT }) })
    .getByRole('link', { name: 'View Details' })
    .click();
  await expect(page.getByRole('heading', { name: FREE_KIT, level: 1 })).toBeVisible();
  await expect(page.getByText('₹0.00', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

  // All seven fields are required and the email must be valid.
  const form = claimForm(page);
  await expect(form.getByLabel('Mobile')).toHaveAttribute('type', 'tel');
  await form.getByRole('button', { name: 'Submit' }).click();
  for (const message of ['Name is required', 'School is required', 'Class is required', 'Division is required', 'Roll number is required']) {
    await expect(form.getByRole('alert').filter({ hasText: message })).toBeVisible();
  }
  await fillClaim(page, 'not-an-email');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Enter a valid email address' })).toBeVisible();

  // Submit: the server's message, and the button reads 'Claimed successfully'.
  await form.getByLabel('Email').fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/freeclaim') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Submit' }).click();
  const res = await answer;
  expect(res.status()).toBe(200);
  const { message } = (await res.json()) as { message: string };
  expect(message).toContain(FREE_KIT);
  await expect(form.getByRole('status')).toHaveText(message);
  await expect(form.getByRole('button', { name: 'Claimed successfully' })).toBeDisabled();

  // The claimer gets a confirmation and the shop a notice with the school's details.
  await expect.poll(() => mailsOfKind(email, 'claim-confirmation').length).toBe(1);
  await expect.poll(() => mailsOfKind(SHOP_EMAIL, 'claim-notice').filter((m) => m.text_body.includes(email)).length).toBe(1);
  const notice = mailsOfKind(SHOP_EMAIL, 'claim-notice').find((m) => m.text_body.includes(email))!;
  expect(notice.text_body).toContain('Zilla Parishad School, Wagholi');

  // The same email cannot claim the kit again: the error toast, the server's reason, and Submit again.
  await page.reload();
  await fillClaim(page, email);
  await claimForm(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('An error occurred. Please try again.', { exact: true })).toBeVisible();
  await expect(
    claimForm(page)
      .getByRole('alert')
      .filter({ hasText: `${email} has already claimed this kit.` }),
  ).toBeVisible();
  await expect(claimForm(page).getByRole('button', { name: 'Submit' })).toBeEnabled();
  expect(mailsOfKind(email, 'claim-confirmation')).toHaveLength(1);
});
