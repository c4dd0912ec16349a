import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../src/modules/admin/admin-accounts.service';
import { MAX_FAILURES, signInGuardMessage, unlockAccount } from '../src/modules/auth/sign-in-guard';
import { ADMIN_PASSWORD } from './helpers/admin';
import { DB_KINDS, POSTGRES_URL } from './helpers/databases';
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
  /** An attempt from one given client address. */
  const postFrom = (ip: string, url: string, body: unknown) =>
    shop.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': ip },
      payload: JSON.stringify(body),
    });
  const lockOut = async (body: Record<string, string>) => {
    for (let i = 0; i < MAX_FAILURES; i++) expect((await post('/api/auth/sign-in/email', { ...body, password: `wrong-${i}` })).statusCode).toBe(401);
  };

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

  it('lets the owner in from an address it signed in from before, while every other address stays locked out', async () => {
    const s = await verifiedShopper(shop);
    const home = '10.200.0.7';
    expect((await postFrom(home, '/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(200);
    await lockOut({ email: s.email });
    expect((await postFrom('10.200.0.8', '/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(429);
    expect((await postFrom(home, '/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(200);
    // The owner's sign-in does not lift the lock for the rest of the world.
    expect((await postFrom('10.200.0.8', '/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(429);
    // A known address gets no more tries than anyone: ten failures there lock it too.
    for (let i = 0; i < MAX_FAILURES; i++)
      expect((await postFrom(home, '/api/auth/sign-in/email', { email: s.email, password: `wrong-${i}` })).statusCode).toBe(401);
    const locked = await postFrom(home, '/api/auth/sign-in/email', { email: s.email, password: s.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'account_locked' });
  });

  it('remembers only the last 5 addresses an account signed in from', async () => {
    const s = await verifiedShopper(shop);
    const addresses = Array.from({ length: 6 }, (_, i) => `10.202.0.${i + 1}`);
    for (const ip of addresses) expect((await postFrom(ip, '/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(200);
    await lockOut({ email: s.email });
    // verifiedShopper's own sign-in and the first of the six are forgotten; the last five are known.
    expect((await postFrom(addresses[0]!, '/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(429);
    expect((await postFrom(addresses[1]!, '/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(200);
    expect((await postFrom(addresses[5]!, '/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(200);
  });

  it('lets the admin in from its known address through /api/adminlogin, and a session needs no sign-in during a lockout', async () => {
    const office = '10.201.0.1';
    const signIn = (ip: string) => postFrom(ip, '/api/adminlogin', { username: 'admin', password: ADMIN_PASSWORD });
    // An earlier test locked the admin out: the owner's unlock (what `npm run admin -- unlock` runs) comes first.
    expect(await unlockAccount(shop.db, 'admin')).toBe(true);
    const first = await signIn(office);
    expect(first.statusCode).toBe(200);
    const token = first.json().token as string;
    const shopper = await verifiedShopper(shop);
    for (let i = 0; i < MAX_FAILURES; i++) await post('/api/adminlogin', { username: 'admin', password: `wrong-${i}` });
    await lockOut({ email: shopper.email });

    expect((await signIn('10.201.0.2')).statusCode).toBe(429);
    expect((await signIn(office)).statusCode).toBe(200);
    // Sessions made before the lockout keep working: only signing in is limited.
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${token}` } })).json()).toEqual({
      username: 'admin',
      role: 'owner',
    });
    expect((await shop.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: shopper.cookie } })).statusCode).toBe(200);
  });

  it('npm run admin -- unlock <username|email> lifts the lock everywhere', async () => {
    const s = await verifiedShopper(shop);
    await lockOut({ email: s.email });
    expect((await post('/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(429);
    const env: Record<string, string> =
      kind === 'postgres' ? { DATABASE_URL: withSearchPath(POSTGRES_URL, await currentSchema()) } : { DATA_DIR: await sqliteDataDirOf() };
    const unknown = await adminCli(['unlock', 'nobody@example.com'], env);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('No account has the username or e-mail address "nobody@example.com".') });
    const done = await adminCli(['unlock', s.username], env);
    expect(done).toMatchObject({ code: 0, stdout: expect.stringContaining(`Lifted the sign-in lock of "${s.username}"`) });
    expect((await post('/api/auth/sign-in/email', { email: s.email, password: s.password })).statusCode).toBe(200);
    if (env.DATA_DIR) fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  });

  async function currentSchema(): Promise<string> {
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(shop.db);
    return rows[0]!.s;
  }

  /** The shop's SQLite file as a DATA_DIR of its own (the command reads DATA_DIR/shop.sqlite). */
  async function sqliteDataDirOf(): Promise<string> {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(shop.db);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unlock-cli-'));
    fs.symlinkSync(rows[0]!.file, path.join(dir, 'shop.sqlite'));
    return dir;
  }
});

const withSearchPath = (url: string, schema: string) => `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

/**
 * Runs the script behind `npm run admin -- …` (the command the README documents) with this environment, as
 * `npx tsx` would but without npm's own start-up; answers its exit code and output.
 */
async function adminCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/cli/admin.ts', ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO_DATA: '0', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
