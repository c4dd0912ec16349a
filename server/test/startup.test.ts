import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, migrateToLatest, type Db } from '../src/db/database';
import { ensureFirstAdmin } from '../src/modules/admin/admin-accounts.service';
import { seedDemoCatalogue } from '../src/seed/seed';
import { withStartupLock } from '../src/startup';
import { LocalStorage } from '../src/storage/local-storage';
import { DB_KINDS, POSTGRES_URL } from './helpers/databases';
import { freePort } from './helpers/ports';
import { inSchema, shopNode, waitFor } from './helpers/shop-nodes';
import { startTcpProxy } from './helpers/tcp-proxy';
import { quickPasswordHashing } from './helpers/quick-password-hashing';

describe.runIf(DB_KINDS.includes('postgres'))('nodes starting at the same moment on an empty PostgreSQL database', () => {
  const schemas: string[] = [];
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await admin.end();
  });

  /** What a node does before it listens: everything that writes the schema or first data. */
  async function startNode(db: Db, dir: string) {
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.test', ADMIN_PASSWORD: 'startup-admin-pw-1' });
    const storage = new LocalStorage(path.join(dir, 'uploads'));
    return withStartupLock(db, async () => {
      await migrateToLatest(db);
      const app = await buildApp({ config, db, storage, passwordHashing: quickPasswordHashing });
      await ensureFirstAdmin(app.auth, db, config, app.log);
      await seedDemoCatalogue(db, storage);
      return app;
    });
  }

  it('succeeds 10 of 10 times with two nodes, and does the work once', async () => {
    for (let round = 0; round < 10; round++) {
      const schema = `t_start_${randomBytes(5).toString('hex')}`;
      schemas.push(schema);
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const dbs = [0, 1].map(() => createDb({ kind: 'postgres', url: POSTGRES_URL, poolSize: 4 }, { schema }));
      const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-')));
      try {
        const apps = await Promise.all(dbs.map((db, i) => startNode(db, dirs[i]!)));
        expect(apps).toHaveLength(2);
        for (const app of apps) expect((await app.inject('/api/categories')).statusCode).toBe(200);
        const categories = await sql<{ n: number }>`select count(*)::int as n from categories`.execute(dbs[0]!);
        expect(categories.rows[0]!.n, `round ${round}`).toBe(6);
        const admins = await sql<{ n: number }>`select count(*)::int as n from "user" where role = 'admin'`.execute(dbs[0]!);
        expect(admins.rows[0]!.n).toBe(1);
        await Promise.all(apps.map((a) => a.close()));
      } finally {
        await Promise.all(dbs.map((db) => db.destroy()));
        for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
      }
    }
  }, 180_000);
});

describe('a graceful stop', () => {
  it('answers 503 on health while draining, closes idle keep-alive connections and exits 0', async () => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-stop-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '1500',
      ADMIN_PASSWORD: 'stop-admin-pw-12',
    };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL']) delete env[name];
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (url: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
            let body = '';
            res.on('data', (c) => (body += String(c)));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    try {
      let ready = false;
      for (let i = 0; i < 150 && !ready; i++) {
        ready = await get('/api/health').then(
          (r) => r.status === 200,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ready, stderr).toBe(true);
      // The keep-alive connection stays open and idle; then the balancer's stop signal comes.
      child.kill('SIGTERM');
      let draining = await get('/api/health');
      for (const asked = Date.now(); draining.status === 200 && Date.now() - asked < 10_000;) draining = await get('/api/health');
      expect(draining.status).toBe(503);
      expect(JSON.parse(draining.body).status).toBe('draining');
      expect((await get('/api/health/ready')).status).toBe(503);
      // The process still lives: liveness is not readiness.
      expect((await get('/api/health/live')).status).toBe(200);
      // Other requests are still served while draining.
      expect((await get('/api/categories')).status).toBe(200);
      expect(await exited).toBe(0);
    } finally {
      agent.destroy();
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('configuration errors at start', () => {
  /** Runs the server and answers its exit code and what it wrote to stderr. */
  function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    const full: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO_DATA: '0', PORT: '0', ...env };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) if (!(name in env)) delete full[name];
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env: full, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    return new Promise((r) => child.on('exit', (code) => r({ code, stderr })));
  }

  it('names DATA_DIR when it cannot be written, DATABASE_URL when the database does not answer, and SMTP_URL when malformed', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cfg-')), 'a-file');
    fs.writeFileSync(file, 'not a directory');
    const results = await Promise.all([
      start({ DATA_DIR: path.join(file, 'data') }),
      start({
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cfg-')),
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        DATABASE_START_WAIT_MS: '1000',
      }),
      start({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cfg-')), SMTP_URL: 'smtps://' }),
    ]);
    expect(results.map((r) => r.code)).toEqual([1, 1, 1]);
    expect(results[0]!.stderr).toMatch(/^DATA_DIR: cannot write to /m);
    expect(results[1]!.stderr).toMatch(/^DATABASE_URL: cannot open the database/m);
    expect(results[2]!.stderr).toMatch(/SMTP_URL/);
    for (const r of results) expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});

describe.runIf(DB_KINDS.includes('postgres'))('a node started while PostgreSQL cannot be reached', () => {
  it('waits for the database (a restart, a failover) and becomes ready when it is back, instead of exiting', async () => {
    const schema = `t_startwait_${randomBytes(5).toString('hex')}`;
    const direct = new pg.Client({ connectionString: POSTGRES_URL });
    await direct.connect();
    await direct.query(`CREATE SCHEMA ${schema}`);
    const target = new URL(POSTGRES_URL);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(POSTGRES_URL);
    proxied.port = String(proxy.port);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: inSchema(proxied.toString(), schema), LOG_LEVEL: 'warn', SEED_DEMO_DATA: '0', JOBS: '0' };
    for (const name of ['REDIS_URL', 'SMTP_URL', 'S3_BUCKET']) delete env[name];
    const node = shopNode(port, env);
    try {
      // PostgreSQL is restarting: nothing listens where the node looks for it.
      await proxy.cut('refuse');
      node.start();
      for (let i = 0; i < 1200 && !/cannot be reached yet/.test(node.log()) && node.process.exitCode === null; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(node.log()).toMatch(/^DATABASE_URL: the database cannot be reached yet \(.+\); trying again for 30 s$/m);
      expect(node.process.exitCode, node.log()).toBeNull();
      // Back: the node starts by itself.
      await proxy.restore();
      const ready = await waitFor(`http://127.0.0.1:${port}/api/health/ready`, (status) => status === 200, 120_000).then(
        () => true,
        () => false,
      );
      expect(ready, node.log()).toBe(true);
      expect(node.process.exitCode).toBeNull();
    } finally {
      await node.dispose();
      await proxy.close();
      await direct.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await direct.end();
    }
  }, 300_000);
});
