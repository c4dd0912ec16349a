import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, linkToken, post, shopperDetails } from './helpers/shoppers';
import { as, payInSimulation } from './helpers/checkout';
import { factories, startTestShop, type TestShop } from './helpers/test-app';
import { attachedPdf, captureSmtp, plainText } from './helpers/smtp';

describe('accounts journey through a real SMTP server', () => {
  let shop: TestShop;
  let smtp: Awaited<ReturnType<typeof captureSmtp>>;

  beforeAll(async () => {
    smtp = await captureSmtp();
    shop = await startTestShop('sqlite', { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Shop <shop@example.com>' });
  });
  afterAll(async () => {
    await shop.close();
    await smtp.close();
  });

  /**
   * The newest mail to an address (with a subject matching `subject`, when given) once `count` such
   * mails have arrived: mail is delivered after the answer (decision 035), and mails queued within one
   * delivery pass may arrive in any order (decision 099).
   */
  const lastTo = async (address: string, count = 1, subject?: RegExp) => {
    const to = () => smtp.messages.filter((m) => m.to.includes(address) && (!subject || subject.test(plainText(m.raw))));
    for (const started = Date.now(); to().length < count && Date.now() - started < 15_000;) await new Promise((r) => setTimeout(r, 20));
    const found = to().at(-1);
    if (!found || to().length < count) throw new Error(`no mail ${count} to ${address}`);
    return plainText(found.raw);
  };

  it('runs the whole account journey with links taken from the captured mails', async () => {
    const s = shopperDetails();
    expect((await post(shop, '/api/auth/sign-up/email', s)).statusCode).toBe(200);
    const verification = await lastTo(s.email);
    expect(verification).toContain('From: Shop <shop@example.com>');
    expect(verification).toContain('Subject: Verify your email for Robokits India');
    expect(verification).toContain('Content-Type: text/html');
    const verify = await shop.app.inject(`/api/auth/verify-email?token=${encodeURIComponent(linkToken(verification, 'verify-email'))}`);
    expect(verify.statusCode).toBe(200);

    const signIn = await post(shop, '/api/auth/sign-in/email', { email: s.email, password: s.password });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieFrom(signIn);
    const me = () => shop.app.inject({ url: '/api/me', headers: { cookie } });
    expect((await me()).json().email).toBe(s.email);

    // Edit the profile.
    const profile = await shop.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, origin: 'http://shop.test', 'content-type': 'application/json' },
      payload: JSON.stringify({
        username: `${s.username}_2`,
        phone: '9123456789',
        address: '1 Park Street',
        city: 'Kolkata',
        state: 'West Bengal',
        zipCode: '700016',
      }),
    });
    expect(profile.json()).toMatchObject({ username: `${s.username}_2`, phone: '+919123456789' });

    // Change the e-mail: confirmed from the new address's mail.
    const newEmail = `new.${s.email}`;
    expect((await post(shop, '/api/auth/change-email', { newEmail, currentPassword: s.password, callbackURL: '/editprofile' }, cookie)).statusCode).toBe(200);
    const change = await lastTo(newEmail);
    expect(change).toContain('Subject: Confirm your new email for Robokits India');
    expect(
      (await shop.app.inject({ url: `/api/auth/verify-email?token=${encodeURIComponent(linkToken(change, 'verify-email'))}`, headers: { cookie } })).statusCode,
    ).toBe(200);
    expect((await me()).json()).toMatchObject({ email: newEmail, emailVerified: true });

    // Change the password, then log out.
    expect((await post(shop, '/api/auth/change-password', { currentPassword: s.password, newPassword: 'changed-pass-22' }, cookie)).statusCode).toBe(200);
    expect((await post(shop, '/api/auth/sign-out', {}, cookie)).statusCode).toBe(200);
    expect((await me()).json()).toBeNull();
    s.email = newEmail;

    expect((await post(shop, '/api/auth/request-password-reset', { email: s.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const reset = await lastTo(s.email, 2);
    expect(reset).toContain('Subject: Reset your Robokits India password');
    const token = linkToken(reset, 'reset-password');
    expect((await post(shop, '/api/auth/reset-password', { token, newPassword: 'smtp-reset-pass-1' })).statusCode).toBe(200);
    expect((await post(shop, '/api/auth/sign-in/email', { email: s.email, password: 'smtp-reset-pass-1' })).statusCode).toBe(200);

    // With SMTP configured, every mail went through the outbox and is marked sent.
    const states = await shop.db.selectFrom('outbox').select(['state', 'attempts']).execute();
    expect(states.length).toBe(smtp.messages.length);
    expect(states.every((m) => m.state === 'sent' && m.attempts === 1)).toBe(true);
  });

  it('sends the receipt of a paid order with its GST invoice as a PDF', async () => {
    const f = factories(shop);
    const category = await f.category('Robot Kits');
    const product = await f.product({ title: 'Line Follower Kit', categoryId: category.id, pricePaise: 99_900 });
    // A verified shopper (verified here directly: the journey above follows the link) orders and pays.
    const s = shopperDetails();
    expect((await post(shop, '/api/auth/sign-up/email', s)).statusCode).toBe(200);
    await shop.db.updateTable('user').set({ emailVerified: 1 }).where('email', '=', s.email).execute();
    const cookie = cookieFrom(await post(shop, '/api/auth/sign-in/email', { email: s.email, password: s.password }));
    const api = as(shop, cookie);
    expect((await api.post('/api/cart', { productId: product.id, quantity: 1 })).statusCode).toBe(200);
    const order = (await api.post('/api/createBulkOrder', { items: [{ productId: product.id, quantity: 1 }] })).json() as { id: string };
    expect((await api.post('/api/processOrder', await payInSimulation(shop, cookie, order.id))).json()).toMatchObject({ success: true });
    const receipt = await lastTo(s.email, 1, /^Subject: .*order/im);
    const pdf = attachedPdf(receipt);
    expect(pdf?.name, 'an invoice PDF attached').toMatch(/^invoice-RK-\d\d-\d\d-\d{6}\.pdf$/);
    expect(pdf!.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('escapes what shoppers type in the HTML of mails', async () => {
    const s = shopperDetails();
    await post(shop, '/api/auth/sign-up/email', s);
    await shop.db.updateTable('user').set({ name: '<script>alert(1)</script>' }).where('email', '=', s.email).execute();
    await post(shop, '/api/auth/request-password-reset', { email: s.email, redirectTo: '/reset-password' });
    const [text, html] = (await lastTo(s.email, 1, /^Subject: Reset your /m)).split('Content-Type: text/html');
    expect(text).toContain('Hello <script>alert(1)</script>,'); // plain text is shown as text
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;,');
  });
});
