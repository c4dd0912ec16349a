import { expect, test, type Page } from '@playwright/test';
import { lastMailId, signUpShopper, uniqueName, verifiedShopper, waitForMailLink } from './support/outbox';
import { logIn } from './support/shopper';

function accountMenu(page: Page, username: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: username, exact: true });
}

test('a new shopper signs up, verifies, edits the profile, changes email and password, and resets the password', async ({ page }) => {
  test.setTimeout(120_000);
  const username = uniqueName('maker_');
  const email = `${username}@example.com`;
  const newEmail = `${username}.new@example.com`;
  const password = 'first-kit-2024';
  const newPassword = 'second-kit-2025';
  const resetPassword = 'third-kit-2026';

  // Sign-up, step 1: account details; the mobile number must have 10 digits.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByRole('button', { name: 'New here? Sign up' }).click();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Mobile number').fill('98765 4321');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Phone number must be 10 digits' })).toBeVisible();
  await page.getByLabel('Mobile number').fill('9876543210');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the passwords must match; going back keeps what was typed.
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('something-else');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expect(page.getByLabel('Mobile number')).toHaveValue('9876543210');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: address; all required.
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByLabel('Address')).toBeFocused();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Address is required' })).toBeVisible();
  await page.getByLabel('Address').fill('12 MG Road');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State').fill('Maharashtra');
  await page.getByLabel('Zip code').fill('411001');
  const beforeSignUp = lastMailId(email);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Verification email sent', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);

  // The link of the verification mail verifies the address.
  const verifyLink = await waitForMailLink(email, 'verify-email', beforeSignUp);
  await page.goto(verifyLink);
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();

  // Login: the toast, the 2-second notice, then the home page (no page to go back to).
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, password);
  await expect(page.getByText('Login Successful', { exact: true })).toBeVisible();
  await expect(page.getByText('Redirecting you in 2 seconds')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  await expect(accountMenu(page, username)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fee Payments' })).toBeVisible();

  // Edit profile: the phone shows its 10 digits next to a fixed +91.
  await accountMenu(page, username).click();
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
  const phone = page.getByLabel('Phone');
  await expect(phone).toHaveValue('9876543210');
  await expect(page.getByText('+91', { exact: true })).toBeVisible();
  await expect(page.getByLabel('New Password')).toHaveAttribute('placeholder', 'leave blank if unchanged');
  await expect(page.getByLabel('Current Password')).toHaveAttribute('placeholder', 'required for email/password changes');
  await page.getByLabel('City').fill('');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'City is required' })).toBeVisible();

  const newUsername = `${username}_2`;
  await page.getByLabel('City').fill('Mumbai');
  await expect(page.getByLabel('Full name')).toHaveValue('Meera Iyer');
  await page.getByLabel('Full name').fill('Meera S. Iyer');
  await page.getByLabel('Username').fill(newUsername);
  await phone.fill('+91 91234 56789');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await expect(phone).toHaveValue('9123456789');
  await expect(accountMenu(page, newUsername)).toBeVisible();
  const me = await page.request.get('/api/me');
  expect(await me.json()).toMatchObject({ name: 'Meera S. Iyer', username: newUsername, phone: '+919123456789', city: 'Mumbai', email });

  // Change email: the current password is required, then the new address is confirmed from its mail.
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Current password is required to change your email or password' })).toBeVisible();
  await page.getByLabel('Current Password').fill(password);
  const beforeChange = lastMailId(newEmail);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated. Please verify your new email address.')).toBeVisible();
  await page.goto(await waitForMailLink(newEmail, 'verify-email', beforeChange));
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await expect.poll(async () => ((await (await page.request.get('/api/me')).json()) as { email: string }).email).toBe(newEmail);

  // Change password: a wrong current password is refused, the right one works.
  await page.goto('/editprofile');
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' }).first()).toBeVisible();
  await expect(page.getByText('Profile and password updated successfully.')).toBeHidden();
  await page.getByLabel('Current Password').fill(password);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile and password updated successfully.')).toBeVisible();

  // Logout.
  await accountMenu(page, newUsername).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fee Payments' })).toHaveCount(0);

  // Forgot password: unknown addresses are told apart, then the reset mail's link sets a new password.
  await page.getByRole('link', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(`nobody-${username}@example.com`);
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'User not found' })).toBeVisible();
  const beforeReset = lastMailId(newEmail);
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(page.getByText('Reset email sent', { exact: true })).toBeVisible();

  await page.goto(await waitForMailLink(newEmail, 'reset-password', beforeReset));
  await page.getByLabel('New password', { exact: true }).fill(resetPassword);
  await page.getByLabel('Confirm new password').fill(resetPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();

  // The old password no longer works; the new one does.
  await logIn(page, newEmail, newPassword);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(resetPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login Successful', { exact: true })).toBeVisible();
  await expect(accountMenu(page, newUsername)).toBeVisible();
});

test('an unverified email cannot log in, and a new verification mail is sent', async ({ page, request }) => {
  const shopper = await signUpShopper(request, 'unverified');
  await page.goto('/login');
  await logIn(page, shopper.email, 'wrong-password-1');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();

  const before = lastMailId(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email not verified. Please verify your email.' })).toBeVisible();
  await waitForMailLink(shopper.email, 'verify-email', before);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('signing up with an email already in use says so', async ({ page, request }) => {
  const existing = await signUpShopper(request, 'taken');
  await page.goto('/login?mode=signup');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Full name').fill('Another Maker');
  await page.getByLabel('Username').fill(uniqueName('other_'));
  await page.getByLabel('Mobile number').fill('9123456780');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByLabel('Confirm password').fill('a-long-password');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Address').fill('1 Park Street');
  await page.getByLabel('City').fill('Kolkata');
  await page.getByLabel('State').fill('West Bengal');
  await page.getByLabel('Zip code').fill('700016');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  // Back on the first step, at the email field.
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Email already in use' }).first()).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
});

test('Edit Profile without a shopper counts down to the login page, which leads back after login', async ({ page, request }) => {
  const shopper = await verifiedShopper(request, 'returning');
  // The header shows a spinner until it knows who is there.
  await page.route('**/api/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/editprofile');
  await expect(page.getByRole('status').filter({ hasText: 'Loading your account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No user found' })).toBeVisible();
  await page.unroute('**/api/me');
  for (const n of [5, 4, 3, 2, 1]) {
    await expect(page.getByText(`redirecting to Loginpage in ${n}`, { exact: true })).toBeVisible({ timeout: 2_000 });
  }
  await expect(page).toHaveURL(/\/login$/, { timeout: 2_000 });

  await logIn(page, shopper.email, shopper.password);
  await expect(page.getByText('Login Successful', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/editprofile$/, { timeout: 5_000 });
  await expect(page.getByLabel('Username')).toHaveValue(shopper.username);
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the account menu sits behind the menu toggle and logs out', async ({ page, request }) => {
    const shopper = await verifiedShopper(request, 'phone');
    await page.goto('/login');
    await logIn(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });

    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await toggle.click();
    await accountMenu(page, shopper.username).click();
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await toggle.click();
    await accountMenu(page, shopper.username).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
