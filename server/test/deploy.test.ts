import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { migrateToLatest } from '../src/db/database';
import { DB_KINDS, freshDb } from './helpers/databases';
import { HAPROXY_CFG, haproxyInstalled } from './helpers/shop-nodes';

/** The files an operator installs by docs/operations/deploy.md, checked by the tools that will read them. */
const ROOT = path.join(import.meta.dirname, '../..');
const UNIT = path.join(ROOT, 'deploy/systemd/robokits-shop.service');
const ENV_EXAMPLE = path.join(ROOT, 'deploy/systemd/shop.env.example');
const systemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-files-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** `KEY=value` lines as systemd's EnvironmentFile= reads them (comments out, one pair of double quotes off). */
function environmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) env[m[1]!] = m[2]!.replace(/^"(.*)"$/, '$1');
  }
  return env;
}

/** One `Key=value` setting of the unit file. */
function unitSetting(key: string): string | undefined {
  return new RegExp(`^${key}=(.*)$`, 'm').exec(fs.readFileSync(UNIT, 'utf8'))?.[1];
}

describe('the systemd unit', () => {
  it.runIf(systemdAnalyze)('is accepted by systemd-analyze verify without a warning', () => {
    // Its ExecStart names /usr/bin/node (Debian's and NodeSource's path); where this machine's
    // node lives elsewhere, the copy checked names that one, so the check is of the unit's settings.
    const unit = path.join(tmp, 'robokits-shop.service');
    fs.writeFileSync(unit, fs.readFileSync(UNIT, 'utf8').replace('ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `));
    const verify = spawnSync('systemd-analyze', ['verify', '--man=no', unit], { encoding: 'utf8' });
    // A line it cannot parse is only a warning ("…, ignoring") with exit code 0: both must be clean.
    expect(`${verify.stdout}${verify.stderr}`.trim()).toBe('');
    expect(verify.status).toBe(0);
  });

  it('runs the compiled server, restarts it on failure and gives a graceful stop time to finish', () => {
    // With the young generation's limit of npm run serve (decision 060).
    expect(unitSetting('ExecStart')).toMatch(/^\/usr\/bin\/node --max-semi-space-size=4 \/opt\/robokits-shop\/current\/dist\/server\/main\.js$/);
    expect(unitSetting('Restart')).toBe('on-failure');
    expect(unitSetting('KillSignal')).toBe('SIGTERM');
    expect(unitSetting('User')).not.toBe('root');
    // The process gives itself SHUTDOWN_DRAIN_MS, then 10 s for requests in flight (server/src/main.ts).
    const drainMs = loadConfig(environmentFile(fs.readFileSync(ENV_EXAMPLE, 'utf8'))).shutdownDrainMs;
    expect(Number(/^(\d+)s$/.exec(unitSetting('TimeoutStopSec') ?? '')?.[1]) * 1000).toBeGreaterThan(drainMs + 10_000);
  });

  it('comes with an environment file the shop accepts, naming only documented variables', () => {
    const env = environmentFile(fs.readFileSync(ENV_EXAMPLE, 'utf8'));
    const config = loadConfig(env);
    expect(config.database.kind).toBe('postgres');
    expect(config.s3?.bucket).toBe('shop-files');
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(Object.keys(env).filter((key) => !readme.includes(`\`${key}\``))).toEqual([]);
  });
});

describe.runIf(haproxyInstalled)('the balancer configuration', () => {
  it('is valid for haproxy as shipped, TLS included', () => {
    const pem = path.join(tmp, 'shop.pem');
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=shop.test', '-days', '1', '-keyout', pem, '-out', `${pem}.crt`],
      { encoding: 'utf8' },
    );
    expect(made.status, made.stderr).toBe(0);
    fs.appendFileSync(pem, fs.readFileSync(`${pem}.crt`));
    const cfg = path.join(tmp, 'haproxy.cfg');
    // Only the certificate's path differs; Debian's global section (chroot, user) is checked as it is.
    fs.writeFileSync(cfg, fs.readFileSync(HAPROXY_CFG, 'utf8').replace('/etc/haproxy/certs/shop.pem', pem));
    const check = spawnSync('haproxy', ['-c', '-f', cfg], { encoding: 'utf8' });
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
    expect(check.stdout + check.stderr).not.toMatch(/WARNING|ALERT/);
  });
});

describe('docs/operations/scaling.md', () => {
  it('shows the backend of the shipped balancer file, line for line', () => {
    const shown = /```\n(backend nodes\n[\s\S]*?)```/.exec(fs.readFileSync(path.join(ROOT, 'docs/operations/scaling.md'), 'utf8'))?.[1];
    const shipped = fs
      .readFileSync(HAPROXY_CFG, 'utf8')
      .split('\n')
      .map((l) => l.trim());
    const backend = shipped.slice(shipped.indexOf('backend nodes')).filter((l) => l && !l.startsWith('#'));
    expect(
      shown
        ?.split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    ).toEqual(backend);
  });
});

describe.each(DB_KINDS)('an older release starting on a database a newer one migrated (%s)', (kind) => {
  it('starts, leaving the newer migrations alone, and says which they are', async () => {
    const t = await freshDb(kind);
    try {
      const at = new Date().toISOString();
      await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-release', ${at})`.execute(t.db);
      expect(await migrateToLatest(t.db)).toEqual(['999-from-a-newer-release']);
      // Nothing of it was undone, and a database of this release's own says nothing.
      const names = await sql<{ name: string }>`select name from kysely_migration`.execute(t.db);
      expect(names.rows.map((r) => r.name)).toContain('999-from-a-newer-release');
      await sql`delete from kysely_migration where name = '999-from-a-newer-release'`.execute(t.db);
      expect(await migrateToLatest(t.db)).toEqual([]);
    } finally {
      await t.dispose();
    }
  });

  it('restarts on a database of its own release reading only which migrations ran (decision 073)', async () => {
    const t = await freshDb(kind);
    try {
      const queries: string[] = [];
      const counted = t.db.withPlugin({ transformQuery: ({ node }) => (queries.push(node.kind), node), transformResult: async ({ result }) => result });
      expect(await migrateToLatest(counted)).toEqual([]);
      // PostgreSQL: the schema's name, then the names; SQLite: the names. Kysely's migrator read every table's columns.
      expect(queries).toEqual(kind === 'sqlite' ? ['RawNode'] : ['RawNode', 'RawNode']);
    } finally {
      await t.dispose();
    }
  });
});
