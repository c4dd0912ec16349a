import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createMailer } from '../src/modules/mail/mailer';
import { freshDb } from './helpers/databases';

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
        await createMailer(config, test.db, log, () => Promise.reject(new Error('no attachments here'))).send({ to: 'a@example.com', subject: 'Verify your email', kind: 'verification', text, html: `<p>${text}</p>` });
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
