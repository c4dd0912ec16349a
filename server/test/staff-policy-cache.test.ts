import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '@shared/staff-roles';
import { forgetStaffPolicy, STAFF_POLICY_TTL_MS, staffPolicy, updateStaffPolicy } from '../src/modules/settings/staff-policy.service';
import type { App } from '../src/app-types';
import type { Db } from '../src/db/database';
import { ADMIN_PASSWORD, adminToken, asAdmin } from './helpers/admin';
import { DB_KINDS, freshDb, type TestDb } from './helpers/databases';
import { startTestShop, type TestShop } from './helpers/test-app';

const DEFAULTS = { sessionIdleMinutes: 30, sessionMaxHours: 12, auditRetentionDays: 365 };

/** Asks `read` every 50 ms until `done`; answers how long that took (fails after twice the bound). */
async function msUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<number> {
  const t0 = Date.now();
  while (!done(await read())) {
    if (Date.now() - t0 > 2 * STAFF_POLICY_TTL_MS) throw new Error(`not changed after ${Date.now() - t0} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - t0;
}

describe.each(DB_KINDS)('the staff policy kept by each node (decision 054) on %s', (kind) => {
  let test: TestDb;
  let here: Db;
  let there: Db;

  beforeAll(async () => {
    test = await freshDb(kind);
    here = test.db;
    // Another app server: its own handle on the same database, so its own copy of the policy.
    there = test.another();
  });
  afterAll(() => test.dispose());

  it('is read once per bound, applies at once on the node that changes it and within the bound on the others', async () => {
    expect((await staffPolicy(there, DEFAULTS)).sessionIdleMinutes).toBe(30);
    expect((await staffPolicy(here, DEFAULTS)).sessionIdleMinutes).toBe(30);
    await updateStaffPolicy(here, { sessionIdleMinutes: 45, requireTwoFactor: true });
    // This node: at once.
    expect(await staffPolicy(here, DEFAULTS)).toEqual({ ...DEFAULTS, sessionIdleMinutes: 45, requireTwoFactor: true });
    // The other node still answers its copy (no query per request)...
    expect((await staffPolicy(there, DEFAULTS)).sessionIdleMinutes).toBe(30);
    // ...at most STAFF_POLICY_TTL_MS after it read it, then the stored policy.
    const waited = await msUntil(
      () => staffPolicy(there, DEFAULTS),
      (p) => p.sessionIdleMinutes === 45,
    );
    expect(waited).toBeLessThanOrEqual(STAFF_POLICY_TTL_MS + 100);
    expect(await staffPolicy(there, DEFAULTS)).toEqual({ ...DEFAULTS, sessionIdleMinutes: 45, requireTwoFactor: true });
    await updateStaffPolicy(here, { sessionIdleMinutes: 30, requireTwoFactor: false });
  });

  it('reads again when the copy is as old as the bound, and after a write made elsewhere is forgotten', async () => {
    forgetStaffPolicy(there);
    const now = Date.now();
    expect((await staffPolicy(there, DEFAULTS, now)).auditRetentionDays).toBe(365);
    // Written behind the service's back (as another node's write looks from here).
    await here
      .insertInto('app_settings')
      .values({ name: 'audit_retention_days', value: '400' })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: '400' }))
      .execute();
    expect((await staffPolicy(there, DEFAULTS, now + STAFF_POLICY_TTL_MS - 1)).auditRetentionDays).toBe(365);
    expect((await staffPolicy(there, DEFAULTS, now + STAFF_POLICY_TTL_MS)).auditRetentionDays).toBe(400);
    await here.updateTable('app_settings').set({ value: '365' }).where('name', '=', 'audit_retention_days').execute();
    forgetStaffPolicy(there);
    expect((await staffPolicy(there, DEFAULTS)).auditRetentionDays).toBe(365);
  });

  it('shares one read among the requests that ask at once, and does not keep a failed read', async () => {
    forgetStaffPolicy(there);
    const [a, b] = await Promise.all([staffPolicy(there, DEFAULTS), staffPolicy(there, DEFAULTS)]);
    expect(a).toEqual(b);
    // A handle whose first query fails (the database unreachable for a moment).
    let down = true;
    const flaky = new Proxy(there, {
      get(db, name) {
        if (name === 'selectFrom' && down) {
          down = false;
          return () => {
            throw new Error('connection refused');
          };
        }
        const value: unknown = Reflect.get(db, name);
        return typeof value === 'function' ? value.bind(db) : value;
      },
    });
    await expect(staffPolicy(flaky, DEFAULTS)).rejects.toThrow('connection refused');
    expect(await staffPolicy(flaky, DEFAULTS)).toEqual(a);
  });
});

describe.each(DB_KINDS)('requireAdmin with the kept staff policy on %s', (kind) => {
  let shop: TestShop;
  let other: App;
  let member: string;

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD });
    const owner = asAdmin(shop, await adminToken(shop));
    const res = await owner.post('/api/admin/staff', { username: 'kept_policy', email: 'kept_policy@shop.test', role: 'support' });
    expect(res.statusCode, res.body).toBe(201);
    const signIn = await shop.app.inject({
      method: 'POST',
      url: '/api/adminlogin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'kept_policy', password: res.json().password }),
    });
    member = signIn.json().token;
    other = await shop.secondApp();
  });
  afterAll(() => shop.close());

  const claims = (app: App) => app.inject({ method: 'GET', url: '/api/admin/claims', headers: { authorization: `Bearer ${member}` } });

  it('refuses an account without two-factor sign-in on the next request once the owner requires it, on every node within the bound', async () => {
    expect((await claims(shop.app)).statusCode).toBe(200);
    expect((await claims(other)).statusCode).toBe(200);
    const owner = asAdmin(shop, await adminToken(shop));
    expect((await owner.put('/api/admin/staff-settings', { requireTwoFactor: true })).statusCode).toBe(200);
    try {
      const refused = await claims(shop.app);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'two_factor_required', message: staffMessages.twoFactorRequired });
      const waited = await msUntil(
        () => claims(other),
        (res) => res.statusCode === 403,
      );
      expect(waited).toBeLessThanOrEqual(STAFF_POLICY_TTL_MS + 100);
    } finally {
      // The owner has no two-factor sign-in either: turned off in the database, and both nodes' copies forgotten.
      await shop.db.updateTable('app_settings').set({ value: '0' }).where('name', '=', 'require_two_factor').execute();
      forgetStaffPolicy(shop.app.db);
      forgetStaffPolicy(other.db);
    }
    expect((await claims(other)).statusCode).toBe(200);
  });
});
