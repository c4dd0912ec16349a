import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { expect } from 'vitest';
import { freePort } from './ports';

/**
 * App servers as separate processes behind haproxy, the way they run in production
 * (docs/operations/deploy.md), for the tests of several nodes and of faults.
 */
export const haproxyInstalled = spawnSync('haproxy', ['-v']).status === 0;
if (!haproxyInstalled && process.env.CI) throw new Error('haproxy is needed for the tests of several app servers (.ci/run installs it)');

/** The balancer configuration an operator installs (deploy.md), which the tests run behind. */
export const HAPROXY_CFG = path.join(import.meta.dirname, '../../../deploy/haproxy/haproxy.cfg');

/** Resolves once `url` answers a status that `ok` accepts (connection errors count as 0). */
export async function waitFor(url: string, ok: (status: number) => boolean, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const status = await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (ok(status)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never answered as expected within ${timeoutMs} ms`);
}

/** A PostgreSQL URL whose sessions work in `schema` (each test keeps its tables in a schema of its own). */
export function inSchema(url: string, schema: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

export interface ShopNode {
  readonly port: number;
  /** its own DATA_DIR, kept across restarts */
  readonly dir: string;
  /** the running process (the latest one after a restart) */
  readonly process: ChildProcess;
  /** Starts the process (again, after it ended), with the same port, environment and DATA_DIR. */
  start(): void;
  /** Resolves with the exit code once the current process has ended. */
  exited(): Promise<number | null>;
  /** everything the node wrote to stdout and stderr, across restarts */
  log(): string;
  /** Ends the process, if running, and removes its DATA_DIR. */
  dispose(): Promise<void>;
}

/**
 * One app server (`server/src/main.ts` through tsx, as `npm run serve:dev` runs it, or the node
 * arguments `argv`, e.g. a compiled main.js) on a loopback port with a DATA_DIR of its own. Its
 * output goes to a file, shown by `log()`, so that a test that provokes errors on purpose keeps its
 * own output readable.
 */
export function shopNode(port: number, env: NodeJS.ProcessEnv, argv = ['--import', 'tsx', 'server/src/main.ts']): ShopNode {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `node-${port}-`));
  const logFile = path.join(dir, 'node.log');
  let child: ChildProcess | null = null;
  const node: ShopNode = {
    port,
    dir,
    get process() {
      if (!child) throw new Error('the node was never started');
      return child;
    },
    start() {
      if (child && child.exitCode === null && child.signalCode === null) throw new Error(`node ${port} is running`);
      const out = fs.openSync(logFile, 'a');
      child = spawn(process.execPath, argv, {
        env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir },
        stdio: ['ignore', out, out],
      });
      fs.closeSync(out);
    },
    exited() {
      const c = node.process;
      if (c.exitCode !== null || c.signalCode !== null) return Promise.resolve(c.exitCode);
      return new Promise((resolve) => c.once('exit', (code) => resolve(code)));
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    async dispose() {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await node.exited();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return node;
}

/** Answered 200 by this balancer alone (monitor-uri): that it, not another process, has the port. */
const monitorUri = () => `/__test-balancer-${randomBytes(6).toString('hex')}`;

/**
 * The documented balancer configuration, changed only where a test machine differs from a
 * production one: Debian's global section (log socket, chroot, user, stats socket, TLS defaults)
 * becomes a bare one that logs to stderr and never shares its port, the frontend listens on a loopback port without
 * TLS (so no redirect to https) and answers `monitor` itself, and the servers are the test's nodes. Checks,
 * time-outs and retries are the file's own.
 */
function testBalancerConfig(documented: string, listenPort: number, nodePorts: number[], monitor: string): string {
  const out: string[] = [];
  let section = '';
  for (const line of documented.split('\n')) {
    const trimmed = line.trim();
    if (/^\S/.test(line)) section = trimmed.split(/\s+/)[0]!;
    if (section === 'global') {
      // noreuseport: a port already taken (another run's balancer, perhaps with an older file) stops
      // this one's start instead of being shared with it, connection by connection, by the kernel.
      if (trimmed === 'global') out.push('global', '\tmaxconn 512', '\tlog stderr format raw local0', '\tnoreuseport');
      continue;
    }
    if (/^(bind|server) /.test(trimmed) || trimmed.startsWith('http-request redirect scheme https')) {
      if (trimmed.startsWith('bind') && !out.some((l) => l.startsWith('\tbind '))) out.push(`\tbind 127.0.0.1:${listenPort}`, `\tmonitor-uri ${monitor}`);
      if (trimmed.startsWith('server') && !out.some((l) => l.startsWith('\tserver '))) {
        nodePorts.forEach((p, i) => out.push(`\tserver node${i + 1} 127.0.0.1:${p}`));
      }
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

export interface Balancer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** haproxy's log: a line per request (with the node that answered and the retries) and server state changes */
  log(): string;
  /** Resolves once haproxy sends requests to every node again (its last word on each is UP). */
  allUp(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * haproxy with the documented configuration (or `documented`, another tree's copy of it, for a
 * bench's baseline) in front of these node ports (listening on `port`, by default a free one).
 */
export async function startBalancer(nodePorts: number[], port?: number, documented = HAPROXY_CFG): Promise<Balancer> {
  port ??= await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  const monitor = monitorUri();
  fs.writeFileSync(cfg, testBalancerConfig(fs.readFileSync(documented, 'utf8'), port, nodePorts, monitor));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refuses the test configuration:\n${check.stdout}${check.stderr}`);
  const logFile = path.join(dir, 'haproxy.log');
  const out = fs.openSync(logFile, 'w');
  const child = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', out] });
  fs.closeSync(out);
  const log = () => fs.readFileSync(logFile, 'utf8');
  // Listening, or ended (its port taken): a balancer that never started must not go unnoticed.
  for (const until = Date.now() + 10_000; ;) {
    const status = await fetch(`http://127.0.0.1:${port}${monitor}`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > until) {
      if (child.exitCode === null) child.kill('SIGKILL');
      const said = log();
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`haproxy did not start on port ${port}:\n${said}`);
    }
    if (status === 200) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    async allUp(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const last = new Map<string, string>();
        for (const m of log().matchAll(/Server nodes\/(\S+) is (UP|DOWN)/g)) last.set(m[1]!, m[2]!);
        if (![...last.values()].includes('DOWN')) return;
        if (Date.now() > until) throw new Error(`haproxy still has a node down: ${JSON.stringify(Object.fromEntries(last))}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The cookie header a browser would send back after this answer. */
export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * A shopper `<name>_…` signed up at `url` over HTTP, as the web app does, and verified by the link of
 * the mail it was sent (read from the outbox in `schema` through `db`); answers the e-mail address and
 * password to sign in with.
 */
export async function verifiedOverHttp(url: string, db: pg.Client, schema: string, name: string): Promise<{ email: string; password: string }> {
  const email = `${name}${randomBytes(4).toString('hex')}@example.com`;
  const password = 'kit-builder-42';
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      name: `${name}_shopper`,
      username: `${name}_${randomBytes(3).toString('hex')}`,
      phone: '9876543210',
      address: '1 Lab Road',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '411001',
    }),
  });
  expect(signUp.status).toBe(200);
  const mail = await db.query(`SELECT text_body FROM ${schema}.outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [email]);
  const token = /verify-email\?token=([^\s&]+)/.exec(String(mail.rows[0]?.text_body))![1]!;
  expect((await fetch(`${url}/api/auth/verify-email?token=${token}`)).status).toBe(200);
  return { email, password };
}

/** Signs the first admin in at `url` over HTTP and adds `category`; answers the header the admin's requests carry. */
export async function adminWithCategory(url: string, password: string, category: string): Promise<{ authorization: string }> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { origin: url, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const login = await post('/api/adminlogin', { username: 'admin', password });
  expect(login.status).toBe(200);
  const admin = { authorization: `Bearer ${String(((await login.json()) as { token: string }).token)}` };
  expect((await post('/api/categories', { name: category }, admin)).status).toBeLessThan(300);
  return admin;
}

/** The admin's new-product form as a browser sends it. */
export function productForm(title: string, price: string, category: string): FormData {
  const form = new FormData();
  form.append('title', title);
  form.append('price', price);
  form.append('category', category);
  return form;
}
