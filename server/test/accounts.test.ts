import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './helpers/databases';
import { cookieFrom, latestMail, linkToken, mailCount, ORIGIN, post, shopperDetails, verifiedShopper } from './helpers/shoppers';
import { startTestShop, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('shopper accounts on %s', (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(kind);
  });
  afterAll(() => shop.close());

  const me = (cookie?: string) => shop.app.inject({ url: '/api/me', headers: cookie ? { cookie } : {} });
  const patchMe = (cookie: string, body: unknown) =>
    shop.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('signs up, refuses sign-in until the e-mail is verified (sending the mail again), then signs in', async () => {
    const details = shopperDetails({ email: 'Mixed.Case@Example.com', phone: '+91 98765 43210', name: '  Asha Rao ' });
    const signUp = await post(shop, '/api/auth/sign-up/email', details);
    expect(signUp.statusCode).toBe(200);
    expect(signUp.body).not.toContain(details.password);
    const email = 'mixed.case@example.com';
    expect(await mailCount(shop, email)).toBe(1);
    const mail = await latestMail(shop, email);
    expect(mail).toMatchObject({ subject: 'Verify your email for Robokits India', kind: 'verification' });
    expect(mail!.text_body).toContain('http://shop.test/verify-email?token=');
    expect(mail!.html_body).toContain('<a href="http://shop.test/verify-email?token=');

    const early = await post(shop, '/api/auth/sign-in/email', { email, password: details.password });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(await mailCount(shop, email)).toBe(2);

    const token = linkToken((await latestMail(shop, email))!.text_body, 'verify-email');
    expect((await shop.app.inject(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
    const signIn = await post(shop, '/api/auth/sign-in/email', { email, password: details.password });
    expect(signIn.statusCode).toBe(200);
    const profile = await me(cookieFrom(signIn));
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      id: expect.any(String),
      name: 'Asha Rao',
      username: details.username,
      email,
      emailVerified: true,
      phone: '+919876543210',
      address: '12 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '411001',
    });
  });

  it("answers 'Email already in use' for a second sign-up with the same address", async () => {
    const first = shopperDetails();
    await post(shop, '/api/auth/sign-up/email', first);
    const again = await post(shop, '/api/auth/sign-up/email', { ...shopperDetails(), email: first.email.toUpperCase() });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ message: 'Email already in use', code: 'USER_ALREADY_EXISTS' });
  });

  it("answers 'Invalid email or password' for a wrong password or an unknown address", async () => {
    const s = await verifiedShopper(shop);
    for (const body of [
      { email: s.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'whatever-1' },
    ]) {
      const res = await post(shop, '/api/auth/sign-in/email', body);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid email or password');
    }
  });

  it.each([
    ['a phone of 9 digits', { phone: '987654321' }, 'phone', 'Phone number must be 10 digits'],
    ['letters in the phone', { phone: '98765abcde' }, 'phone', 'Phone number must be 10 digits'],
    ['a missing city', { city: undefined }, 'city', 'City is required'],
    ['a blank address', { address: '   ' }, 'address', 'Address is required'],
    ['a bad email', { email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    ['a short password', { password: 'short' }, 'password', 'Password must be at least 8 characters'],
    ['a 10,000-character address', { address: 'x'.repeat(10_000) }, 'address', 'Address must be at most 300 characters'],
    ['a number as username', { username: 12345 }, 'username', 'Username is required'],
    ['a zip code of letters', { zipCode: 'ABCDEF' }, 'zipCode', 'Zip code must be 6 digits'],
  ])('refuses a sign-up with %s, naming the field', async (_name, change, field, message) => {
    const res = await post(shop, '/api/auth/sign-up/email', { ...shopperDetails(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it.each([
    ['not JSON', '{"email": '],
    ['an array', '[1,2,3]'],
    ['null', 'null'],
    ['an empty object', '{}'],
  ])('answers a malformed body (%s) with a 4xx and a message, never a 5xx', async (_name, body) => {
    for (const url of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/request-password-reset']) {
      const res = await post(shop, url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().message, url).toEqual(expect.any(String));
    }
    const text = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
      payload: 'hello',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });

  it('answers GET /api/me with null for visitors (no error for the browser to log), and PATCH with 401', async () => {
    const res = await me();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    const patch = await shop.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({
        username: 'visitor_1',
        phone: '9123456789',
        address: '1 Park Street',
        city: 'Kolkata',
        state: 'West Bengal',
        zipCode: '700016',
      }),
    });
    expect(patch.statusCode).toBe(401);
    expect(patch.json().message).toBe('Please login to continue');
  });

  it('answers GET /api/me with null, not an error, for a session cookie or token that leads nowhere', async () => {
    for (const headers of [
      { cookie: 'better-auth.session_token=forged.signature' },
      { cookie: 'better-auth.session_token=%ZZ' },
      { authorization: 'Bearer not-a-session' },
    ]) {
      const res = await shop.app.inject({ url: '/api/me', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json()).toBeNull();
    }
  });

  it('refuses a sign-up without a full name, and keeps the full name when a profile update leaves it out', async () => {
    const { name: _left, ...noName } = shopperDetails();
    const refused = await post(shop, '/api/auth/sign-up/email', noName);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({ name: 'Full name is required' });

    const s = await verifiedShopper(shop, { name: 'Ravi Kumar' });
    const profile = { phone: '9123456789', address: '1 Park Street', city: 'Kolkata', state: 'West Bengal', zipCode: '700016' };
    const kept = await patchMe(s.cookie, { username: s.username, ...profile });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().name).toBe('Ravi Kumar');
    const renamed = await patchMe(s.cookie, { name: 'Ravi K. Sharma', username: s.username, ...profile });
    expect(renamed.json()).toMatchObject({ name: 'Ravi K. Sharma', username: s.username });
    expect((await patchMe(s.cookie, { name: '  ', username: s.username, ...profile })).statusCode).toBe(400);

    // An account made before the full name was asked (better-auth's name column empty) answers with its username.
    await shop.db.updateTable('user').set({ name: '' }).where('email', '=', s.email).execute();
    expect((await me(s.cookie)).json()).toMatchObject({ name: s.username, username: s.username });
  });

  it('updates the profile, storing the phone with +91 once, and rejects email or password fields', async () => {
    const s = await verifiedShopper(shop);
    const update = {
      username: `${s.username}_x`,
      phone: '+91 91234 56789',
      address: '1 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      zipCode: '700016',
    };
    const res = await patchMe(s.cookie, update);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...update, phone: '+919123456789', email: s.email });
    const again = await patchMe(s.cookie, { ...update, phone: res.json().phone });
    expect(again.json().phone).toBe('+919123456789');

    for (const extra of [{ email: 'other@example.com' }, { password: 'new-password-1' }, { emailVerified: true }]) {
      const bad = await patchMe(s.cookie, { ...update, ...extra });
      expect(bad.statusCode).toBe(400);
    }
    expect((await me(s.cookie)).json().email).toBe(s.email);
    const direct = await post(shop, '/api/auth/update-user', { name: 'x', phone: '123' }, s.cookie);
    expect(direct.statusCode).toBe(404);
  });

  it('refuses a username another shopper has, whatever its case', async () => {
    const a = await verifiedShopper(shop);
    const b = await verifiedShopper(shop);
    const res = await patchMe(b.cookie, {
      username: a.username.toUpperCase(),
      phone: '9876543210',
      address: 'x',
      city: 'y',
      state: 'Karnataka',
      zipCode: '560001',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Username already taken', fields: { username: 'Username already taken' } });
  });

  it('changes the e-mail only after the current password and a verified link from the new address', async () => {
    const s = await verifiedShopper(shop);
    const newEmail = `new.${s.email}`;
    const missing = await post(shop, '/api/auth/change-email', { newEmail }, s.cookie);
    expect(missing.statusCode).toBe(400);
    const wrong = await post(shop, '/api/auth/change-email', { newEmail, currentPassword: 'not-it-1' }, s.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    expect(await mailCount(shop, newEmail)).toBe(0);

    const ok = await post(shop, '/api/auth/change-email', { newEmail, currentPassword: s.password, callbackURL: '/editprofile' }, s.cookie);
    expect(ok.statusCode).toBe(200);
    expect((await me(s.cookie)).json().email).toBe(s.email);
    const mail = await latestMail(shop, newEmail);
    expect(mail).toMatchObject({ kind: 'email-change', subject: 'Confirm your new email for Robokits India' });
    const verify = await shop.app.inject({
      url: `/api/auth/verify-email?token=${encodeURIComponent(linkToken(mail!.text_body, 'verify-email'))}`,
      headers: { cookie: s.cookie },
    });
    expect(verify.statusCode).toBe(200);
    expect((await me(s.cookie)).json()).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('changes the password only with the current one', async () => {
    const s = await verifiedShopper(shop);
    const wrong = await post(shop, '/api/auth/change-password', { currentPassword: 'not-it-1', newPassword: 'brand-new-pass-1' }, s.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Current password is incorrect', code: 'INVALID_PASSWORD' });
    const ok = await post(
      shop,
      '/api/auth/change-password',
      { currentPassword: s.password, newPassword: 'brand-new-pass-1', revokeOtherSessions: true },
      s.cookie,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body).not.toContain('brand-new-pass-1');
    expect((await post(shop, '/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(401);
    expect((await post(shop, '/api/auth/sign-in/email', { email: s.email, password: 'brand-new-pass-1' })).statusCode).toBe(200);
  });

  it("resets a forgotten password through the mailed link, and says 'User not found' for unknown addresses", async () => {
    const s = await verifiedShopper(shop);
    const unknown = await post(shop, '/api/auth/request-password-reset', { email: 'ghost@example.com', redirectTo: '/reset-password' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'User not found', code: 'USER_NOT_FOUND' });

    const req = await post(shop, '/api/auth/request-password-reset', { email: s.email, redirectTo: '/reset-password' });
    expect(req.statusCode).toBe(200);
    const mail = await latestMail(shop, s.email);
    expect(mail).toMatchObject({ kind: 'password-reset', subject: 'Reset your Robokits India password' });
    const token = linkToken(mail!.text_body, 'reset-password');
    const bad = await post(shop, '/api/auth/reset-password', { newPassword: 'reset-pass-99', token: 'not-a-token' });
    expect(bad.statusCode).toBe(400);
    const reset = await post(shop, '/api/auth/reset-password', { newPassword: 'reset-pass-99', token });
    expect(reset.statusCode).toBe(200);
    expect((await me(s.cookie)).json()).toBeNull(); // sessions end with a reset
    expect((await post(shop, '/api/auth/sign-in/email', { email: s.email, password: 'reset-pass-99' })).statusCode).toBe(200);
  });

  it('accepts a session made by one app process on another process using the same database', async () => {
    const s = await verifiedShopper(shop);
    const other = await shop.secondApp();
    const res = await other.inject({ url: '/api/me', headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(s.email);
    const out = await other.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: s.cookie, origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    expect((await me(s.cookie)).json()).toBeNull();
  });

  it('never answers with a password or its hash', async () => {
    const s = await verifiedShopper(shop);
    const session = await shop.app.inject({ url: '/api/auth/get-session', headers: { cookie: s.cookie } });
    for (const body of [session.body, (await me(s.cookie)).body]) {
      expect(body).not.toContain(s.password);
      expect(body).not.toMatch(/"password"|scrypt|\$argon/);
    }
  });
});

describe('sign-in rate limit', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop('sqlite', { AUTH_RATE_LIMIT: '1' });
  });
  afterAll(() => shop.close());

  it('answers 429 after repeated failed sign-ins from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await post(shop, '/api/auth/sign-in/email', { email: 'victim@example.com', password: `guess-${i}-xx` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
