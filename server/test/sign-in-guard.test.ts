import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../src/modules/admin/admin-accounts.service';
import { MAX_FAILURES, signInGuardMessage } from '../src/modules/auth/sign-in-guard';
import { ADMIN_PASSWORD } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { ORIGIN, verifiedShopper } from './helpers/shoppers';
import { startTestShop, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('per-account sign-in limits on %s', (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    // Per-address limits off (AUTH_RATE_LIMIT=0): what is left is the per-account limit.
    shop = await startTestShop(kind, { ADMIN_PASSWORD, TRUST_PROXY: 'true' });
    await ensureFirstAdmin(shop.app.auth, shop.db, shop.config, shop.app.log);
  });
  afterAll(() => shop.close());

  let address = 0;
  /** Each attempt from another client address, as a botnet would. */
  const post = (url: string, body: unknown) =>
    shop.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': `10.1.${Math.floor(++address / 250)}.${address % 250}` },
      payload: JSON.stringify(body),
    });

  it('slows down a shopper account after 10 failures from any addresses, leaving other accounts alone', async () => {
    const victim = await verifiedShopper(shop);
    const bystander = await verifiedShopper(shop);
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await post('/api/auth/sign-in/email', { email: victim.email, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const locked = await post('/api/auth/sign-in/email', { email: victim.email, password: victim.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'account_locked', message: signInGuardMessage });
    // The username reaches the same account and the same count.
    expect((await post('/api/auth/sign-in/username', { username: victim.username, password: victim.password })).statusCode).toBe(429);
    expect((await post('/api/auth/sign-in/email', { email: bystander.email, password: bystander.password })).statusCode).toBe(200);
  });

  it('clears the count on a successful sign-in', async () => {
    const s = await verifiedShopper(shop);
    for (let i = 0; i < MAX_FAILURES - 1; i++) await post('/api/auth/sign-in/email', { email: s.email, password: 'wrong-password' });
    expect((await post('/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(200);
    for (let i = 0; i < MAX_FAILURES - 1; i++) await post('/api/auth/sign-in/email', { email: s.email, password: 'wrong-password' });
    expect((await post('/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(200);
  });

  it('counts the admin once however many endpoints the attempts come through', async () => {
    for (let i = 0; i < MAX_FAILURES / 2; i++) {
      expect((await post('/api/adminlogin', { username: 'admin', password: `wrong-${i}` })).statusCode).toBe(401);
      expect((await post('/api/auth/sign-in/username', { username: 'admin', password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const locked = await post('/api/adminlogin', { username: 'ADMIN', password: ADMIN_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(signInGuardMessage);
    const admin = await shop.db.selectFrom('user').select('email').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect((await post('/api/auth/sign-in/email', { email: admin.email, password: ADMIN_PASSWORD })).statusCode).toBe(429);
  });
});
