import { expect, test, type Page } from '@playwright/test';
import { totp } from '@shared/testing/totp';
import { logInAsAdmin, openSection, toast } from './support/admin';
import { uniqueName } from './support/outbox';

/** The owner adds a staff member in the Staff section; answers the password shown once. */
async function addStaffMember(page: Page, username: string, role: string): Promise<string> {
  await openSection(page, 'Staff');
  const form = page.getByRole('form', { name: 'Add a staff member' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Add staff member' }).click();
  await expect(toast(page, `Added ${username}`)).toBeVisible();
  return (await page
    .getByRole('status')
    .filter({ hasText: `Password for ${username}` })
    .locator('code')
    .textContent())!.trim();
}

/** A staff member signs in on their own page. */
async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('the owner adds a catalogue staff member, who sees only the catalogue sections; the audit log shows their sign-in', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const username = uniqueName('cat_');

  await logInAsAdmin(page);
  const password = await addStaffMember(page, username, 'catalogue');
  expect(password.length).toBeGreaterThanOrEqual(12);
  await expect(page.getByRole('article', { name: username }).getByLabel(`Role of ${username}`)).toHaveValue('catalogue');
  await page.screenshot({ path: 'test-results/staff-section.png', fullPage: true });

  // The new member signs in in a browser of their own and sees the catalogue sections only.
  const theirs = await browser.newContext();
  const staffPage = await theirs.newPage();
  await signInAs(staffPage, username, password);
  await expect(staffPage.getByText(`Signed in as ${username}`)).toBeVisible();
  const nav = staffPage.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('button', { name: 'Manage Products', exact: true })).toBeVisible();
  for (const hidden of ['Staff', 'Audit log', 'Orders', 'Manage Coupons', 'Overview']) {
    await expect(nav.getByRole('button', { name: hidden, exact: true })).toHaveCount(0);
  }
  await theirs.close();

  // The owner finds the sign-in in the audit log.
  await openSection(page, 'Audit log');
  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('Person (username)').fill(username);
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('list', { name: 'Audit log' }).getByRole('article', { name: `sign-in by ${username.toLowerCase()}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/audit-section.png', fullPage: true });
});

test('a staff member enrols in two-factor sign-in with a code from the shown secret, signs out and signs in with password and code', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const username = uniqueName('ful_');

  await logInAsAdmin(page);
  const password = await addStaffMember(page, username, 'fulfilment');

  const theirs = await browser.newContext();
  const staffPage = await theirs.newPage();
  const signIn = () => signInAs(staffPage, username, password);
  await signIn();
  await expect(staffPage.getByText(`Signed in as ${username}`)).toBeVisible();
  await openSection(staffPage, 'Two-factor sign-in');
  await staffPage.getByLabel('Your password').fill(password);
  await staffPage.getByRole('button', { name: 'Set up' }).click();
  await expect(staffPage.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(staffPage.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  const secret = (await staffPage
    .locator('code')
    .filter({ hasText: /^[A-Z2-7]+$/ })
    .textContent())!.trim();
  await staffPage.screenshot({ path: 'test-results/two-factor-enrol.png', fullPage: true });
  await staffPage.getByLabel('Code from your authenticator app').fill(await totp(secret));
  await staffPage.getByRole('button', { name: 'Turn on' }).click();
  await expect(staffPage.getByText('Two-factor sign-in is on')).toBeVisible();

  await staffPage.getByRole('button', { name: 'Logout' }).click();
  await expect(staffPage.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await signIn();
  await expect(staffPage.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeVisible();
  await staffPage.getByLabel('Code from your authenticator app').fill(await totp(secret));
  await staffPage.getByRole('button', { name: 'Verify' }).click();
  await expect(staffPage.getByText(`Signed in as ${username}`)).toBeVisible();
  await expect(staffPage.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Orders', exact: true })).toBeVisible();
  await theirs.close();
});

test("the owner sees a staff member's session and ends it; the staff member's next action asks them to sign in", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const username = uniqueName('sup_');

  await logInAsAdmin(page);
  const password = await addStaffMember(page, username, 'support');

  const theirs = await browser.newContext({ userAgent: 'Packing-desk browser' });
  const staffPage = await theirs.newPage();
  await signInAs(staffPage, username, password);
  await expect(staffPage.getByText(`Signed in as ${username}`)).toBeVisible();
  // Their own sessions: this one, marked.
  await openSection(staffPage, 'My sessions');
  await expect(staffPage.getByRole('article', { name: `Session of ${username}, this one` })).toBeVisible();

  await openSection(page, 'Sessions');
  const session = page.getByRole('article', { name: `Session of ${username}` });
  await expect(session).toBeVisible();
  await expect(session).toContainText('(support)');
  await expect(session).toContainText('Packing-desk browser');
  await page.screenshot({ path: 'test-results/sessions-section.png', fullPage: true });
  await session.getByRole('button', { name: 'End session' }).click();
  await expect(toast(page, `Ended the session of ${username}`)).toBeVisible();
  await expect(session).toHaveCount(0);

  // Their next action is refused and the page asks them to sign in again.
  await openSection(staffPage, 'Free Claims');
  await expect(staffPage.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(staffPage.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await theirs.close();
});

test('the owner sets the session limits and audit log retention, at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await logInAsAdmin(page);
  await openSection(page, 'Staff');
  const form = page.getByRole('form', { name: 'Sessions and audit log' });
  await form.getByLabel('Keep the audit log (days, at least 90)').fill('30');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('Audit log kept: at least 90')).toBeVisible();
  await form.getByLabel('Keep the audit log (days, at least 90)').fill('400');
  await form.getByLabel('Sign out after idle (minutes)').fill('45');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Saved the session and audit log settings')).toBeVisible();
  await page.reload();
  await openSection(page, 'Staff');
  await expect(page.getByLabel('Keep the audit log (days, at least 90)')).toHaveValue('400');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/staff-policy-360.png', fullPage: true });
  // Back to the defaults for the other tests.
  await page.getByLabel('Keep the audit log (days, at least 90)').fill('365');
  await page.getByLabel('Sign out after idle (minutes)').fill('30');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Saved the session and audit log settings')).toBeVisible();
});
