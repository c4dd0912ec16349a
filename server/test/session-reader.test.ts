import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './helpers/databases';
import { post, verifiedShopper } from './helpers/shoppers';
import { startTestShop, type TestShop } from './helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The session cookie read without better-auth's per-call work (session-reader.ts) must answer
 * exactly what better-auth's getSession answers, and hand every other case to it.
 */
describe.each(DB_KINDS)('session cookies on %s', (kind) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop(kind, {});
  });
  afterAll(async () => {
    await shop.close();
  });

  const me = (cookie?: string) => shop.app.inject({ url: '/api/me', headers: cookie === undefined ? {} : { cookie } });
  const viaBetterAuth = async (cookie: string) => (await shop.app.auth.api.getSession({ headers: new Headers({ cookie }) }))?.user.email ?? null;
  const sessionOf = async (cookie: string) => {
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
    return shop.db.selectFrom('session').select(['token', 'expiresAt']).where('token', '=', token).executeTakeFirst();
  };
  const setExpiry = async (cookie: string, at: Date) => {
    const token = (await sessionOf(cookie))!.token;
    await shop.db
      .updateTable('session')
      .set({ expiresAt: kind === 'sqlite' ? at.toISOString() : at })
      .where('token', '=', token)
      .execute();
  };

  it('answers the signed-in account, as better-auth does, and nothing for a visitor', async () => {
    const s = await verifiedShopper(shop, {});
    expect((await me(s.cookie)).json()).toMatchObject({ email: s.email });
    expect(await shop.app.readSession(s.cookie)).toMatchObject({ email: s.email, emailVerified: true });
    expect(await viaBetterAuth(s.cookie)).toBe(s.email);
    expect((await me()).json()).toBeNull();
    expect((await me('theme=dark')).json()).toBeNull();
  });

  it("refuses a cookie whose signature is not the shop's, or whose token was changed", async () => {
    const s = await verifiedShopper(shop, {});
    const [name, value] = s.cookie.split('=') as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const forged = `${name}=${encodeURIComponent(`${token}.${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`)}`;
    const otherToken = `${name}=${encodeURIComponent(`${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}.${signature}`)}`;
    for (const cookie of [forged, otherToken, `${name}=${token}`]) {
      expect(await shop.app.readSession(cookie)).toBeUndefined();
      expect((await me(cookie)).json()).toBeNull();
      expect((await shop.app.inject({ url: '/api/cart', headers: { cookie } })).statusCode).toBe(401);
    }
  });

  it('forgets a session on the next request after sign-out and after the account is deleted', async () => {
    const a = await verifiedShopper(shop, {});
    expect((await me(a.cookie)).json()).toMatchObject({ email: a.email });
    expect((await post(shop, '/api/auth/sign-out', {}, a.cookie)).statusCode).toBe(200);
    expect((await me(a.cookie)).json()).toBeNull();

    const b = await verifiedShopper(shop, {});
    expect((await me(b.cookie)).json()).toMatchObject({ email: b.email });
    await shop.db.deleteFrom('user').where('email', '=', b.email).execute();
    expect((await me(b.cookie)).json()).toBeNull();
  });

  it('leaves an expired session to better-auth, which ends it', async () => {
    const s = await verifiedShopper(shop, {});
    await setExpiry(s.cookie, new Date(Date.now() - 1000));
    expect(await shop.app.readSession(s.cookie)).toBeUndefined();
    expect((await me(s.cookie)).json()).toBeNull();
    expect(await sessionOf(s.cookie)).toBeUndefined();
  });

  it('leaves a session due for its daily refresh to better-auth, which moves its expiry on', async () => {
    const s = await verifiedShopper(shop, {});
    // Created two days ago: 28 days left of 30, past the one-day update age.
    const old = new Date(Date.now() + 28 * DAY);
    await setExpiry(s.cookie, old);
    expect(await shop.app.readSession(s.cookie)).toBeUndefined();
    expect((await me(s.cookie)).json()).toMatchObject({ email: s.email });
    const moved = new Date((await sessionOf(s.cookie))!.expiresAt).getTime();
    expect(moved).toBeGreaterThan(old.getTime() + DAY);
    // Fresh again: read without better-auth.
    expect(await shop.app.readSession(s.cookie)).toMatchObject({ email: s.email });
  });

  it('leaves two session cookies, and a "don\'t remember me" session, to better-auth', async () => {
    const a = await verifiedShopper(shop, {});
    const b = await verifiedShopper(shop, {});
    const both = `${a.cookie}; ${b.cookie}`;
    expect(await shop.app.readSession(both)).toBeUndefined();
    expect((await me(both)).json()).toMatchObject({ email: await viaBetterAuth(both) });
    const name = a.cookie.split('=')[0]!.replace('session_token', 'dont_remember');
    expect(await shop.app.readSession(`${a.cookie}; ${name}=x`)).toBeUndefined();
  });
});
