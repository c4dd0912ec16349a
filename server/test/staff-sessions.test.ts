import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffMessages } from '@shared/staff-roles';
import { staffSessionMessages } from '@shared/staff-sessions.schemas';
import { totp } from '@shared/testing/totp';
import { shopJobs } from '../src/modules/jobs/jobs';
import { ADMIN_PASSWORD, adminToken, asAdmin, staffSecondSteps, staffSignIns } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { startTestShop, type TestShop } from './helpers/test-app';

const MINUTE = 60_000;
const signIn = staffSignIns('10.51');
const secondStep = staffSecondSteps('10.52');

describe.each(DB_KINDS)('admin sessions, the staff policy and audit retention on %s', (kind) => {
  let shop: TestShop;
  let owner: ReturnType<typeof asAdmin>;
  let ownerToken: string;

  /** Signs in with the SPEC login, each time from its own address, with a user agent to show. */
  const login = async (username: string, password: string, userAgent = 'session-test') => {
    const res = await signIn(shop, username, password, { 'user-agent': userAgent });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { token?: string; challenge?: string };
  };

  async function addStaff(username: string, role = 'support') {
    const res = await owner.post('/api/admin/staff', { username, email: `${username}@shop.test`, role });
    expect(res.statusCode, res.body).toBe(201);
    const { staff, password } = res.json();
    return { id: staff.id as string, password: password as string, token: (await login(username, password)).token! };
  }

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD, ADMIN_SESSION_IDLE_MINUTES: '30', ADMIN_SESSION_MAX_HOURS: '12' });
    ownerToken = await adminToken(shop);
    owner = asAdmin(shop, ownerToken);
  });
  afterAll(() => shop.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the environment defaults until the owner sets the policy; refuses values out of range with 400', async () => {
    expect((await owner.get('/api/admin/staff-settings')).json()).toEqual({
      requireTwoFactor: false,
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      auditRetentionDays: 365,
    });
    const tooShort = await owner.put('/api/admin/staff-settings', { auditRetentionDays: 30 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().code).toBe('validation');
    const idleAboveMax = await owner.put('/api/admin/staff-settings', { sessionIdleMinutes: 120, sessionMaxHours: 1 });
    expect(idleAboveMax.statusCode).toBe(400);
    expect(idleAboveMax.json().fields).toEqual({ sessionIdleMinutes: staffSessionMessages.idleAboveMax });
    expect((await owner.put('/api/admin/staff-settings', { nonsense: 1 })).statusCode).toBe(400);
    const support = await addStaff('policy_reader');
    expect((await asAdmin(shop, support.token).put('/api/admin/staff-settings', { sessionIdleMinutes: 60 })).statusCode).toBe(403);
  });

  it('ends a session unused for the idle time, and any session after the longest time however much it is used', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const member = await addStaff('clock_watcher');
    const a = asAdmin(shop, member.token);
    // Each use moves the idle limit on: 20 minutes, then 45 (25 after the last use).
    vi.setSystemTime(start + 20 * MINUTE);
    expect((await a.get('/api/admin/me')).statusCode).toBe(200);
    vi.setSystemTime(start + 45 * MINUTE);
    expect((await a.get('/api/admin/me')).statusCode).toBe(200);
    // 31 minutes without use: refused, and the session is gone (the owner's list no longer has it).
    vi.setSystemTime(start + 76 * MINUTE);
    const idle = await a.get('/api/admin/me');
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toEqual({ code: 'admin_session_expired', message: staffSessionMessages.expired });
    const ownerAgain = asAdmin(shop, (await login('admin', ADMIN_PASSWORD)).token!);
    expect((await ownerAgain.get('/api/admin/sessions')).json().map((s: { username: string }) => s.username)).not.toContain('clock_watcher');

    // Used every 25 minutes, a session still ends 12 hours after its sign-in.
    const busy = asAdmin(shop, (await login('clock_watcher', member.password)).token!);
    const signedIn = Date.now();
    let t = signedIn;
    while (t + 25 * MINUTE < signedIn + 12 * 60 * MINUTE) {
      t += 25 * MINUTE;
      vi.setSystemTime(t);
      expect((await busy.get('/api/admin/me')).statusCode, `${(t - signedIn) / MINUTE} minutes in`).toBe(200);
    }
    vi.setSystemTime(signedIn + 12 * 60 * MINUTE + 1000);
    expect((await busy.get('/api/admin/me')).json().code).toBe('admin_session_expired');
  });

  it('writes the last use at most once a minute', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const member = await addStaff('toucher');
    const a = asAdmin(shop, member.token);
    const lastSeen = async () =>
      (await owner.get('/api/admin/sessions')).json().find((s: { username: string }) => s.username === 'toucher').lastSeenAt as string;
    // The owner's session is used at these times too: keep it fresh.
    const first = await lastSeen();
    vi.setSystemTime(start + 30_000);
    await a.get('/api/admin/me');
    expect(await lastSeen()).toBe(first);
    vi.setSystemTime(start + 90_000);
    await a.get('/api/admin/me');
    expect(Date.parse(await lastSeen())).toBe(start + 90_000);
  });

  it('lists live staff sessions for the owner (who, role, when, address, user agent) and revokes one or all of a person’s', async () => {
    const member = await addStaff('revoked_one', 'fulfilment');
    const second = (await login('revoked_one', member.password, 'Second browser')).token!;
    const third = (await login('revoked_one', member.password, 'Third browser')).token!;
    const list = (await owner.get('/api/admin/sessions')).json() as Array<Record<string, unknown>>;
    const theirs = list.filter((s) => s.username === 'revoked_one');
    expect(theirs).toHaveLength(3);
    expect(theirs[0]).toMatchObject({ staffId: member.id, role: 'fulfilment', ip: expect.stringMatching(/^10\.51\./), current: false });
    expect(theirs.map((s) => s.userAgent)).toEqual(expect.arrayContaining(['session-test', 'Second browser', 'Third browser']));
    expect(Date.parse(String(theirs[0]!.signedInAt))).not.toBeNaN();
    expect(list.find((s) => s.username === 'admin' && s.current)).toBeTruthy();

    // One: that token is refused at once, the others still work.
    const secondId = theirs.find((s) => s.userAgent === 'Second browser')!.id as string;
    expect((await owner.delete(`/api/admin/sessions/${secondId}`)).json()).toEqual({ message: staffSessionMessages.ended });
    expect((await asAdmin(shop, second).get('/api/admin/me')).statusCode).toBe(401);
    expect((await asAdmin(shop, third).get('/api/admin/me')).statusCode).toBe(200);
    expect((await owner.delete(`/api/admin/sessions/${secondId}`)).statusCode).toBe(404);
    expect((await owner.delete('/api/admin/sessions/no-such-session')).statusCode).toBe(404);

    // All of a person's.
    expect((await owner.delete(`/api/admin/staff/${member.id}/sessions`)).json()).toEqual({ message: staffSessionMessages.endedAll(2) });
    expect((await asAdmin(shop, third).get('/api/admin/me')).statusCode).toBe(401);
    expect((await asAdmin(shop, member.token).get('/api/admin/me')).statusCode).toBe(401);
    expect((await owner.delete('/api/admin/staff/no-such-account/sessions')).statusCode).toBe(404);
  });

  it('lets a staff member see and end their own sessions, not anyone else’s', async () => {
    const member = await addStaff('own_sessions', 'catalogue');
    const other = (await login('own_sessions', member.password, 'Phone')).token!;
    const a = asAdmin(shop, member.token);
    const mine = (await a.get('/api/admin/me/sessions')).json() as Array<{ id: string; username: string; current: boolean; userAgent: string }>;
    expect(mine).toHaveLength(2);
    expect(mine.every((s) => s.username === 'own_sessions')).toBe(true);
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    const ownerSession = (await owner.get('/api/admin/sessions')).json().find((s: { username: string }) => s.username === 'admin').id;
    expect((await a.delete(`/api/admin/me/sessions/${ownerSession}`)).statusCode).toBe(404);
    expect((await a.get('/api/admin/sessions')).statusCode).toBe(403);
    expect((await a.delete(`/api/admin/me/sessions/${mine.find((s) => s.userAgent === 'Phone')!.id}`)).statusCode).toBe(200);
    expect((await asAdmin(shop, other).get('/api/admin/me')).statusCode).toBe(401);
    // "Everywhere else": this one stays.
    const third = (await login('own_sessions', member.password, 'Tablet')).token!;
    expect((await a.delete('/api/admin/me/sessions')).json()).toEqual({ message: staffSessionMessages.endedAll(1) });
    expect((await asAdmin(shop, third).get('/api/admin/me')).statusCode).toBe(401);
    expect((await a.get('/api/admin/me')).statusCode).toBe(200);
  });

  it("ends a disabled account's sessions at once, and refuses its token even if its session row were left", async () => {
    const member = await addStaff('disabled_one', 'catalogue');
    const a = asAdmin(shop, member.token);
    expect((await owner.patch(`/api/admin/staff/${member.id}`, { disabled: true })).statusCode).toBe(200);
    expect((await a.get('/api/admin/me')).statusCode).toBe(401);
    expect((await owner.get('/api/admin/sessions')).json().some((s: { username: string }) => s.username === 'disabled_one')).toBe(false);
    expect((await signIn(shop, 'disabled_one', member.password)).statusCode).toBe(401);
    // An account disabled behind the app's back (its session rows left) is refused as well.
    const other = await addStaff('banned_in_db', 'catalogue');
    await shop.db
      .updateTable('user')
      .set({ banned: kind === 'sqlite' ? 1 : true })
      .where('id', '=', other.id)
      .execute();
    expect((await asAdmin(shop, other.token).get('/api/admin/me')).statusCode).toBe(401);
  });

  it('the retention job deletes only lines older than the owner’s period; no route deletes them', async () => {
    const day = 24 * 60 * MINUTE;
    const line = (daysAgo: number) => ({
      at: new Date(Date.now() - daysAgo * day).toISOString(),
      action: 'write',
      actor: `retention_${daysAgo}`,
      actor_role: 'owner',
    });
    await shop.db
      .insertInto('audit_log')
      .values([line(400), line(200), line(100), line(10)])
      .execute();
    const actors = async () =>
      (await shop.db.selectFrom('audit_log').select('actor').where('actor', 'like', 'retention_%').execute()).map((r) => r.actor).sort();
    const job = shopJobs(shop.app).find((j) => j.name === 'audit-retention')!;
    expect(job.everyMs).toBeGreaterThan(0);
    await job.run();
    // The default (365 days).
    expect(await actors()).toEqual(['retention_10', 'retention_100', 'retention_200']);
    expect((await owner.put('/api/admin/staff-settings', { auditRetentionDays: 150 })).json().auditRetentionDays).toBe(150);
    await job.run();
    expect(await actors()).toEqual(['retention_10', 'retention_100']);
    expect(await shop.db.selectFrom('audit_log').select('id').where('actor', '=', 'admin').executeTakeFirst()).toBeTruthy();
    expect(shop.app.routeList.filter((r) => r.url.includes('audit') && r.method !== 'GET')).toEqual([]);
    await owner.put('/api/admin/staff-settings', { auditRetentionDays: 365 });
  });

  it('the session job deletes ended admin sessions', async () => {
    const member = await addStaff('pruned_one');
    await shop.db
      .updateTable('session')
      .set({ updatedAt: new Date(Date.now() - 31 * MINUTE).toISOString() })
      .where('userId', '=', member.id)
      .execute();
    await shopJobs(shop.app)
      .find((j) => j.name === 'admin-sessions')!
      .run();
    expect(await shop.db.selectFrom('session').select('id').where('userId', '=', member.id).execute()).toEqual([]);
    expect((await owner.get('/api/admin/me')).statusCode).toBe(200);
  });

  describe('two-factor policy', () => {
    async function enrol(token: string, password: string) {
      const a = asAdmin(shop, token);
      const { secret } = (await a.post('/api/admin/2fa/enrol', { password })).json();
      const confirmed = await a.post('/api/admin/2fa/confirm', { code: await totp(secret) });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return { secret: secret as string, token: confirmed.json().token as string };
    }

    it('refuses a non-enrolled staff member every admin call but enrolment and their own account when required', async () => {
      const member = await addStaff('must_enrol', 'support');
      const a = asAdmin(shop, member.token);
      // The owner enrols first (else the owner is locked out too).
      const ownerEnrolled = await enrol(ownerToken, ADMIN_PASSWORD);
      owner = asAdmin(shop, ownerEnrolled.token);
      ownerToken = ownerEnrolled.token;
      expect((await owner.put('/api/admin/staff-settings', { requireTwoFactor: true })).json().requireTwoFactor).toBe(true);
      try {
        expect((await a.get('/api/admin/2fa')).json()).toEqual({ enabled: false, required: true });
        for (const [method, url] of [
          ['GET', '/api/admin/claims'],
          ['GET', '/api/ordersAdmin'],
          ['GET', '/api/admin/outbox'],
        ] as const) {
          const res = await shop.app.inject({ method, url, headers: { authorization: `Bearer ${member.token}` } });
          expect(res.statusCode, url).toBe(403);
          expect(res.json()).toEqual({ code: 'two_factor_required', message: staffMessages.twoFactorRequired });
        }
        expect((await a.get('/api/admin/me')).statusCode).toBe(200);
        expect((await a.get('/api/admin/me/sessions')).statusCode).toBe(200);
        const { secret, token } = await enrol(member.token, member.password);
        const enrolled = asAdmin(shop, token);
        expect((await enrolled.get('/api/admin/claims')).statusCode).toBe(200);
        // While required, it cannot be turned off.
        const off = await enrolled.post('/api/admin/2fa/disable', { code: await totp(secret) });
        expect(off.statusCode).toBe(409);
        expect(off.json().message).toBe(staffSessionMessages.twoFactorStillRequired);
      } finally {
        expect((await owner.put('/api/admin/staff-settings', { requireTwoFactor: false })).statusCode).toBe(200);
      }
    });

    it('lets a staff member turn it off with a current code, and the owner reset it for a lost phone', async () => {
      const member = await addStaff('phone_loser', 'accounts');
      const { secret, token } = await enrol(member.token, member.password);
      const a = asAdmin(shop, token);
      expect((await a.get('/api/admin/2fa')).json()).toEqual({ enabled: true, required: false });
      expect((await a.post('/api/admin/2fa/disable', { code: 'abc' })).statusCode).toBe(400);
      const wrong = await a.post('/api/admin/2fa/disable', { code: (await totp(secret)) === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(401);
      const off = await a.post('/api/admin/2fa/disable', { code: await totp(secret) });
      expect(off.statusCode, off.body).toBe(200);
      expect((await a.get('/api/admin/2fa')).json()).toEqual({ enabled: false, required: false });
      expect(await login('phone_loser', member.password)).toHaveProperty('token');
      expect((await a.post('/api/admin/2fa/disable', { code: await totp(secret) })).statusCode).toBe(409);

      // On again, then the phone is lost: the owner resets it, which signs the account out everywhere.
      const again = await enrol((await login('phone_loser', member.password)).token!, member.password);
      const challenge = (await login('phone_loser', member.password)).challenge!;
      expect(challenge).toBeTruthy();
      expect((await secondStep(shop, challenge, await totp(again.secret))).statusCode).toBe(200);
      const reset = await owner.patch(`/api/admin/staff/${member.id}`, { resetTwoFactor: true });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json().staff.twoFactor).toBe(false);
      expect((await asAdmin(shop, again.token).get('/api/admin/me')).statusCode).toBe(401);
      const signIn = await login('phone_loser', member.password);
      expect(signIn).toHaveProperty('token');
      expect(signIn).not.toHaveProperty('challenge');
    });

    it('keeps the SPEC two-step login in the OpenAPI document', async () => {
      const doc = (await shop.app.inject('/api/docs/json')).json();
      expect(doc.paths['/api/adminlogin'].post.summary).toContain('twoFactorRequired');
      expect(doc.paths['/api/adminlogin/2fa'].post).toBeTruthy();
      for (const path of [
        '/api/admin/sessions',
        '/api/admin/sessions/{id}',
        '/api/admin/staff/{id}/sessions',
        '/api/admin/me/sessions',
        '/api/admin/2fa/disable',
      ]) {
        expect(doc.paths[path], path).toBeTruthy();
      }
    });
  });
});
