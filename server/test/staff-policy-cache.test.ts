import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '@shared/staff-roles';
import { forgetStaffPolicy, STAFF_POLICY_TTL_MS, staffPolicy, updateStaffPolicy } from '../src/modules/settings/staff-policy.service';
import type { App } from '../src/app-types';
import type { Db } from '../src/db/database';
import { ADMIN_PASSWORD, adminToken, asAdmin } from './helpers/admin';
import { DB_KINDS, freshDb, type TestDb } from './helpers/databases';
import { startTestShop, type TestShop } from './helpers/test-app';

const DEFAULTS = { sessionIdleMinutes: 30, sessionMaxHours: 12, auditRetentionDays: 365 };

/**
 * Resolves once a copy of the policy read by `readBy` (a time taken after the read) has outlived the
 * bound, on this process's clock. A check made then is a check of the bound, however late a loaded
 * machine runs it; timing how long a change took to show would fail whenever a poll came late.
 */
async function boundPassed(readBy: number): Promise<void> {
  for (let left = readBy + STAFF_POLICY_TTL_MS - Date.now(); left >= 0; left = readBy + STAFF_POLICY_TTL_MS - Date.now())
    await new Promise((resolve) => setTimeout(resolve, left + 1));
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
    const readBy = Date.now();
    expect((await staffPolicy(here, DEFAULTS)).sessionIdleMinutes).toBe(30);
    await updateStaffPolicy(here, { sessionIdleMinutes: 45, requireTwoFactor: true });
    // This node: at once.
    expect(await staffPolicy(here, DEFAULTS)).toEqual({ ...DEFAULTS, sessionIdleMinutes: 45, requireTwoFactor: true });
    // The other node still answers its copy (no query per request)...
    expect((await staffPolicy(there, DEFAULTS)).sessionIdleMinutes).toBe(30);
    // ...at most STAFF_POLICY_TTL_MS after it read it, then the stored policy.
    await boundPassed(readBy);
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
    const readBy = Date.now();
    const owner = asAdmin(shop, await adminToken(shop));
    expect((await owner.put('/api/admin/staff-settings', { requireTwoFactor: true })).statusCode).toBe(200);
    try {
      const refused = await claims(shop.app);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'two_factor_required', message: staffMessages.twoFactorRequired });
      // The other node's copy, read by its request above, has outlived the bound: it refuses too.
      await boundPassed(readBy);
      expect((await claims(other)).statusCode).toBe(403);
    } finally {
      // The owner has no two-factor sign-in either: turned off in the database, and both nodes' copies forgotten.
      await shop.db.updateTable('app_settings').set({ value: '0' }).where('name', '=', 'require_two_factor').execute();
      forgetStaffPolicy(shop.app.db);
      forgetStaffPolicy(other.db);
    }
    expect((await claims(other)).statusCode).toBe(200);
  });
});
