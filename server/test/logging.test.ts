import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createMailer } from '../src/modules/mail/mailer';
import { LocalStorage } from '../src/storage/local-storage';
import { DB_KINDS, freshDb } from './helpers/databases';

/** A pino logger at `level` whose JSON lines land in an array. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level }, stream), lines };
}

describe('logs without secrets', () => {
  it('keeps link tokens of outbox mails out of the log above debug', async () => {
    const test = await freshDb('sqlite');
    try {
      const config = loadConfig({ LOG_LEVEL: 'info' });
      const text = 'Verify: http://shop.test/verify-email?token=SECRET-TOKEN-123';
      for (const level of ['info', 'debug']) {
        const { log, lines } = capture(level);
        await createMailer(config, test.db, log, () => Promise.reject(new Error('no attachments here'))).send({
          to: 'a@example.com',
          subject: 'Verify your email',
          kind: 'verification',
          text,
          html: `<p>${text}</p>`,
        });
        await new Promise((r) => setImmediate(r));
        const logged = JSON.stringify(lines);
        expect(logged).toContain('Verify your email');
        if (level === 'info') expect(logged).not.toContain('SECRET-TOKEN-123');
        else expect(logged).toContain('SECRET-TOKEN-123');
      }
    } finally {
      await test.dispose();
    }
  });
});

describe.each(DB_KINDS)('request ids in the log on %s', (kind) => {
  it("puts the request's id on every line logged while it is handled, through any logger, and on no other", async () => {
    const test = await freshDb(kind);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-log-'));
    const { stream, lines, raw } = captureStream();
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://shop.test',
      WEB_DIST_DIR: path.join(dir, 'none'),
      SEED_DEMO_DATA: '0',
      SEARCH_IN_MEMORY: '0',
    });
    const app = await buildApp({ config, db: test.db, storage: new LocalStorage(config.uploadsDir), logStream: stream });
    try {
      // A service's way of logging (orderDeps.log is app.log), after a query and a body read, and req.log's.
      app.post('/test/log', { schema: { hide: true } }, async (req) => {
        await sql`select 1`.execute(app.db);
        app.orderDeps.log.warn({ said: (req.body as { say: string }).say }, 'a service speaks');
        await new Promise((resolve) => setTimeout(resolve, 1));
        app.log.warn('after a timer');
        req.log.warn('the request speaks');
        // Something the request started that logs after its answer left: not that request's doing.
        setTimeout(() => app.log.warn({ later: (req.body as { say: string }).say }, 'long after'), 30);
        if ((req.body as { fail?: boolean }).fail) throw new Error('a bug');
        return { ok: true };
      });
      await app.ready();
      app.log.warn('no request here');
      const send = (say: string, fail = false) =>
        app.inject({
          method: 'POST',
          url: '/test/log',
          headers: { 'content-type': 'application/json', 'x-request-id': `req-${say}` },
          payload: JSON.stringify({ say, fail }),
        });
      const answers = await Promise.all([send('one'), send('two'), send('three', true)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 500]);
      for (let i = 0; i < 500 && lines.filter((l) => l.msg === 'long after').length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 10));

      for (const say of ['one', 'two', 'three']) {
        const mine = lines.filter((l) => l.said === say || l.reqId === `req-${say}`);
        expect(mine.find((l) => l.msg === 'a service speaks')?.reqId, say).toBe(`req-${say}`);
        expect(mine.filter((l) => ['after a timer', 'the request speaks'].includes(String(l.msg))).map((l) => l.reqId)).toEqual([`req-${say}`, `req-${say}`]);
      }
      // The 500 is logged by the error handler with its request's id.
      expect(lines.find((l) => l.msg === 'request failed')?.reqId).toBe('req-three');
      expect(lines.find((l) => l.msg === 'no request here')).not.toHaveProperty('reqId');
      const later = lines.filter((l) => l.msg === 'long after');
      expect(later).toHaveLength(3);
      for (const line of later) expect(line).not.toHaveProperty('reqId');
      // req.log's lines name the id once (the mixin adds none of its own there).
      for (const line of raw.filter((r) => r.includes('the request speaks'))) expect(line.match(/"reqId"/g)).toHaveLength(1);
    } finally {
      await app.close();
      await test.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("better-auth's refusals", () => {
  it('logs a refused origin or callback URL as a warning with the client text cut short; its other errors stay errors', async () => {
    const test = await freshDb('sqlite');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-log-'));
    const { stream, lines } = captureStream();
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'info', PUBLIC_URL: 'http://shop.test', WEB_DIST_DIR: path.join(dir, 'none'), SEED_DEMO_DATA: '0' });
    const app = await buildApp({ config, db: test.db, storage: new LocalStorage(config.uploadsDir), logStream: stream });
    try {
      // Called as better-auth's origin check calls it: under vitest (NODE_ENV=test) better-auth skips that check.
      const log = app.auth.options.logger!.log!;
      log('error', 'Invalid origin: http://evil.example');
      log('error', `Invalid callbackURL: https://evil.example/${'x'.repeat(3000)}`);
      log('error', 'Failed to create session');
      const said = lines.filter((l) => String(l.msg).startsWith('better-auth: ')).map((l) => [l.level, String(l.msg).slice(0, 48), String(l.msg).length]);
      expect(said).toEqual([
        [40, 'better-auth: Invalid origin: http://evil.example', 48],
        [40, 'better-auth: Invalid callbackURL: https://evil.e', 214],
        [50, 'better-auth: Failed to create session', 37],
      ]);
    } finally {
      await app.close();
      await test.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A stream whose JSON lines land in arrays (parsed, and as written). */
function captureStream() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { stream, lines, raw };
}
