import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { createMailer } from '../src/modules/mail/mailer';
import type { NodeLoad } from '../src/modules/system/node-load';
import { freshDb, type TestDb } from './helpers/databases';
import { captureSmtp } from './helpers/smtp';

/** Waits until `done()` holds (at most 30 s: a loaded machine is slow, so no fixed wait is long enough). */
async function until(done: () => boolean | Promise<boolean>, what: string) {
  for (const started = Date.now(); !(await done());) {
    if (Date.now() - started > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A node whose load the test sets: busy until `quieten()`, with the passes' waits counted. */
function testLoad() {
  let busy = true;
  let waiters: Array<() => void> = [];
  const load: NodeLoad & { waits: number; quieten(): void; busyAgain(): void } = {
    waits: 0,
    get busy() {
      return busy;
    },
    quiet(atMostMs) {
      load.waits++;
      if (!busy) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const limit = setTimeout(resolve, atMostMs);
        waiters.push(() => {
          clearTimeout(limit);
          resolve();
        });
      });
    },
    stop() {
      for (const go of waiters) go();
      waiters = [];
    },
    quieten() {
      busy = false;
      load.stop();
    },
    busyAgain() {
      busy = true;
    },
  };
  return load;
}

const mail = (to: string) => ({ to, kind: 'receipt', subject: 'Your order', text: 'Thank you', html: '<p>Thank you</p>' });

describe('mail gives way to requests while the node is busy (decision 112)', () => {
  let test: TestDb;
  let smtp: Awaited<ReturnType<typeof captureSmtp>>;
  beforeAll(async () => {
    smtp = await captureSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  // An outbox of each test's own: a mail another test left queued would go with this test's.
  beforeEach(async () => {
    test = await freshDb('sqlite');
  });
  afterEach(async () => {
    await test.dispose();
  });
  /** A mailer to the capturing server on a node the test keeps busy. */
  const busyMailer = (env: Record<string, string> = {}) => {
    const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_TIMEOUT_SECONDS: '10', ...env });
    const load = testLoad();
    return { load, mailer: createMailer(config, test.db, pino({ level: 'silent' }), () => Promise.reject(new Error('none')), load) };
  };
  const states = async () => (await test.db.selectFrom('outbox').select('state').execute()).map((m) => m.state);

  it('waits while the node is busy and sends once it is quiet; the scheduled pass leaves it meanwhile', async () => {
    const { load, mailer } = busyMailer();
    const before = smtp.messages.length;
    try {
      await mailer.send(mail('busy@example.com'));
      // The prompt pass waits for a quiet node; nothing has been claimed or sent.
      await until(() => load.waits > 0, 'the pass waiting');
      expect(await states()).toEqual(['queued']);
      // The scheduled job does not wait (the other jobs keep their turn): it leaves the mail queued.
      expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
      expect(await states()).toEqual(['queued']);
      expect(smtp.messages).toHaveLength(before);

      load.quieten();
      await until(() => smtp.messages.length === before + 1, 'the mail sent once the node is quiet');
      await until(async () => (await states()).every((s) => s === 'sent'), 'the mail marked sent');
      expect(smtp.messages[before]!.to).toEqual(['busy@example.com']);
    } finally {
      await mailer.close();
    }
  });

  it('sends anyway once mail has waited a minute under a load that does not let up', async () => {
    const { load, mailer } = busyMailer();
    const before = smtp.messages.length;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await mailer.send(mail('later@example.com'));
      expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.messages).toHaveLength(before);
      // A minute on, still busy: the scheduled pass sends it.
      vi.setSystemTime(Date.now() + 61_000);
      expect(load.busy).toBe(true);
      expect(await mailer.deliverDue()).toMatchObject({ sent: 1 });
      expect(smtp.messages.map((m) => m.to[0])).toContain('later@example.com');
    } finally {
      vi.useRealTimers();
      await mailer.close();
    }
  });

  it('stops waiting when the mailer closes, and leaves the mail queued for the next node', async () => {
    const { load, mailer } = busyMailer();
    const before = smtp.messages.length;
    await mailer.send(mail('closing@example.com'));
    await until(() => load.waits > 0, 'the pass waiting');
    await mailer.close();
    expect(smtp.messages).toHaveLength(before);
    const row = await test.db.selectFrom('outbox').select('state').where('to_address', '=', 'closing@example.com').executeTakeFirstOrThrow();
    expect(row.state).toBe('queued');
  });

  it('waits only as long as MAIL_GIVE_WAY_SECONDS says (decision 123)', async () => {
    const { load, mailer } = busyMailer({ MAIL_GIVE_WAY_SECONDS: '5' });
    const before = smtp.messages.length;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await mailer.send(mail('five@example.com'));
      expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
      // Still busy, but past its five seconds: the scheduled pass sends it.
      expect(smtp.messages.slice(before).map((m) => m.to[0])).not.toContain('five@example.com');
      vi.setSystemTime(Date.now() + 6_000);
      expect(load.busy).toBe(true);
      expect((await mailer.deliverDue()).sent).toBeGreaterThan(0);
      expect(smtp.messages.slice(before).map((m) => m.to[0])).toContain('five@example.com');
    } finally {
      vi.useRealTimers();
      await mailer.close();
    }
  });

  it('with MAIL_GIVE_WAY_SECONDS=0 sends at once on a busy node, without looking at its load', async () => {
    const { load, mailer } = busyMailer({ MAIL_GIVE_WAY_SECONDS: '0' });
    const before = smtp.messages.length;
    try {
      await mailer.send(mail('now@example.com'));
      await until(() => smtp.messages.slice(before).some((m) => m.to[0] === 'now@example.com'), 'the mail sent at once');
      expect(load.waits).toBe(0);
    } finally {
      await mailer.close();
    }
  });

  it('sends at once, busy or not, a mail a person waits for at the screen, and the mail waiting before it (decision 123)', async () => {
    const { load, mailer } = busyMailer();
    const before = smtp.messages.length;
    const sentTo = () => smtp.messages.slice(before).map((m) => m.to[0]);
    try {
      await mailer.send(mail('receipt@example.com'));
      await until(() => load.waits > 0, 'the pass waiting');
      expect(sentTo()).toEqual([]);
      // A sign-up's verification link: the waiting pass goes now and takes both.
      await mailer.send({ ...mail('signup@example.com'), kind: 'verification' });
      await until(() => sentTo().includes('signup@example.com') && sentTo().includes('receipt@example.com'), 'both mails sent');
      expect(load.busy).toBe(true);
      // Once the outbox is empty, mail gives way again.
      await until(async () => (await states()).every((s) => s === 'sent'), 'the mails marked sent');
      const waits = load.waits;
      await mailer.send(mail('next@example.com'));
      await until(() => load.waits > waits, 'the next pass waiting');
      expect(sentTo()).not.toContain('next@example.com');
    } finally {
      await mailer.close();
    }
  });
});
