import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSessionReader, type AdminSessionReader } from '../src/modules/admin/admin-session-reader';
import { ADMIN_PASSWORD, adminToken, asAdmin } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { startTestShop, type TestShop } from './helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DB_KINDS)("an admin's bearer token read in one query (decision 054) on %s", (kind) => {
  let shop: TestShop;
  let read: AdminSessionReader;
  let token: string;

  /** What better-auth answers for the same token, as requireAdmin asked it before. */
  const better = (t: string) => shop.app.auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${t}` }) });
  const rawToken = () => decodeURIComponent(token).split('.')[0]!;

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD });
    token = await adminToken(shop);
    read = createAdminSessionReader(shop.app.auth, shop.db);
  });
  afterAll(() => shop.close());

  it('answers what better-auth answers for the signed token /api/adminlogin gives, encoded or not, and for the bare session token', async () => {
    const theirs = (await better(token))!;
    for (const t of [token, decodeURIComponent(token), encodeURIComponent(decodeURIComponent(token)), rawToken()]) {
      const ours = await read(t);
      expect(ours, t).toBeDefined();
      expect(ours!.session.id).toBe(theirs.session.id);
      expect(new Date(ours!.session.createdAt).getTime()).toBe(new Date(theirs.session.createdAt).getTime());
      expect(new Date(ours!.session.updatedAt).getTime()).toBe(new Date(theirs.session.updatedAt).getTime());
      const u = theirs.user as Record<string, unknown>;
      expect(ours!.user).toEqual({
        id: u.id,
        name: u.name,
        username: u.username,
        role: u.role,
        staffRole: u.staffRole,
        twoFactorEnabled: Boolean(u.twoFactorEnabled),
        banned: ours!.user.banned,
      });
      expect(Boolean(ours!.user.banned)).toBe(Boolean(u.banned));
    }
  });

  it('leaves to better-auth a signature that is not the secret’s, an unknown token, and one with two dots', async () => {
    const [raw, signature] = decodeURIComponent(token).split('.') as [string, string];
    const forged = `${raw}.${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(await read(forged)).toBeUndefined();
    expect(await better(forged)).toBeNull();
    expect(await read('no-such-session-token')).toBeUndefined();
    expect(await read(`${raw}.x.${signature}`)).toBeUndefined();
    expect(await read(`${raw}.short`)).toBeUndefined();
  });

  it('leaves to better-auth a session due for its daily refresh or past its expiry, and reads a signed-out one as gone', async () => {
    const other = await adminToken(shop);
    const id = (await read(other))!.session.id;
    const setExpiry = (at: number) =>
      shop.db
        .updateTable('session')
        .set({ expiresAt: kind === 'postgres' ? new Date(at) : new Date(at).toISOString() })
        .where('id', '=', id)
        .execute();
    await setExpiry(Date.now() + 29 * DAY - 60_000);
    expect(await read(other)).toBeUndefined();
    // better-auth refreshes it: then it is read in one query again.
    expect((await better(other))!.session.id).toBe(id);
    expect((await read(other))!.session.id).toBe(id);
    await setExpiry(Date.now() - 1000);
    expect(await read(other)).toBeUndefined();
    expect(await better(other)).toBeNull();
    const third = await adminToken(shop);
    expect((await asAdmin(shop, third).post('/api/adminlogout', {})).statusCode).toBe(200);
    expect(await read(third)).toBeUndefined();
    expect((await asAdmin(shop, third).get('/api/admin/me')).statusCode).toBe(401);
  });
});
