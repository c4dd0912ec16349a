import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import MimeNode from 'nodemailer/lib/mime-node';
import { createMailer } from '../src/modules/mail/mailer';
import * as outbox from '../src/modules/mail/outbox.repository';
import { DB_KINDS, freshDb, type TestDb } from './helpers/databases';
import { attachedFile, captureSmtp } from './helpers/smtp';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy';

/** Waits until `done()` holds (at most 30 s: a loaded machine is slow, so no fixed wait is long enough). */
async function until(done: () => boolean | Promise<boolean>, what: string) {
  for (const started = Date.now(); !(await done());) {
    if (Date.now() - started > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const queuedMail = (i: number): outbox.NewMail => ({
  to_address: `claim${i}@example.com`,
  subject: 'Hello',
  text_body: 'Hello',
  html_body: '<p>Hello</p>',
  kind: 'test',
  transport: 'smtp',
  state: 'queued',
  next_attempt_at: new Date(Date.now() - 1000).toISOString(),
  attachments: null,
});

describe.each(DB_KINDS)('claiming mails in batches on %s (decision 072)', (kind) => {
  let test: TestDb;
  beforeAll(async () => {
    test = await freshDb(kind);
  });
  afterAll(() => test.dispose());

  it('never hands one mail to two nodes claiming at once, and gives back what a pass did not try', async () => {
    const ids = await outbox.insertMails(
      test.db,
      Array.from({ length: 90 }, (_, i) => queuedMail(i)),
    );
    // Three nodes (each its own pool of connections), four passes each, claiming 7 at a time until nothing is left.
    const nodes = [test.db, test.another(), test.another()];
    const claimed: number[] = [];
    await Promise.all(
      nodes.flatMap((db) =>
        Array.from({ length: 4 }, async () => {
          for (;;) {
            const rows = await outbox.claimDue(db, new Date().toISOString(), 7);
            if (rows.length === 0) return;
            claimed.push(...rows.map((r) => r.id));
            for (const row of rows) expect(row).toMatchObject({ to_address: `claim${row.id - ids[0]!}@example.com`, attempts: 1, resends: 0 });
          }
        }),
      ),
    );
    expect(claimed).toHaveLength(ids.length);
    const claimedStates = await test.db.selectFrom('outbox').select('state').distinct().where('id', 'in', ids).execute();
    expect(claimedStates).toEqual([{ state: 'sending' }]);
    expect([...claimed].sort((a, b) => a - b)).toEqual(ids);

    // A pass that stopped gives back the claims it did not try: queued again, the attempt not counted.
    await outbox.release(test.db, ids.slice(0, 5));
    const back = await outbox.claimDue(test.db, new Date().toISOString(), 50);
    expect(back.map((r) => r.id)).toEqual(ids.slice(0, 5));
    // A claim answers what a delivery reads, not the whole row (issue 29).
    expect(Object.keys(back[0]!).sort()).toEqual(['attachments', 'attempts', 'html_body', 'id', 'kind', 'resends', 'subject', 'text_body', 'to_address']);
    expect(back.map((r) => r.attempts)).toEqual([1, 1, 1, 1, 1]);
    // Marked sent in one statement; a mail no longer 'sending' is left as it is.
    await outbox.markSent(test.db, ids.slice(0, 6), new Date().toISOString());
    const states = await test.db.selectFrom('outbox').select(['id', 'state']).where('id', 'in', ids.slice(0, 7)).orderBy('id').execute();
    expect(states.map((s) => s.state)).toEqual([...Array(6).fill('sent'), 'sending']);
  });
});

describe('the mail server reached over pooled connections (decision 072)', () => {
  let test: TestDb;
  let smtp: Awaited<ReturnType<typeof captureSmtp>>;
  let proxy: TcpProxy;
  beforeAll(async () => {
    test = await freshDb('sqlite');
    smtp = await captureSmtp();
    // Counts the connections the shop opens to the mail server.
    proxy = await startTcpProxy({ host: '127.0.0.1', port: smtp.port });
  });
  afterAll(async () => {
    await proxy.close();
    await smtp.close();
    await test.dispose();
  });

  it('sends many mails over a few connections, reused from one delivery to the next, and survives their loss', async () => {
    const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${proxy.port}`, SMTP_TIMEOUT_SECONDS: '10' });
    const mailer = createMailer(config, test.db, pino({ level: 'silent' }), () => Promise.reject(new Error('no attachments here')));
    const mail = (to: string) => ({ to, kind: 'test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    const allSent = () => until(async () => (await test.db.selectFrom('outbox').select('state').execute()).every((m) => m.state === 'sent'), 'every mail sent');
    // The server and the proxy serve this file's other tests too, before or after this one.
    const received = smtp.messages.length;
    const opened = proxy.connections;
    const mine = () => smtp.messages.slice(received);
    try {
      await mailer.send(...Array.from({ length: 30 }, (_, i) => mail(`first${i}@example.com`)));
      await allSent();
      for (let i = 0; i < 10; i++) {
        await mailer.send(mail(`then${i}@example.com`));
        await allSent();
      }
      expect(mine()).toHaveLength(40);
      // One connection per mail would be 40; the pool holds at most 4, kept open between mails.
      expect(proxy.connections - opened).toBeLessThanOrEqual(4);

      // The mail server drops every connection: the next mails go over new ones, none lost or doubled.
      await proxy.cut('refuse');
      await proxy.restore();
      await mailer.send(...Array.from({ length: 5 }, (_, i) => mail(`after${i}@example.com`)));
      await allSent();
      expect(
        mine()
          .filter((m) => m.to[0]!.startsWith('after'))
          .map((m) => m.to[0]),
      ).toHaveLength(5);
      expect(new Set(mine().map((m) => /Message-ID: (\S+)/.exec(m.raw)?.[1])).size).toBe(45);
    } finally {
      await mailer.close();
    }
  });

  const pdf = Buffer.from(Array.from({ length: 7000 }, (_, i) => i % 251));
  /**
   * Sends a receipt with a 7 KB attachment or `file` (text, HTML and the PDF) to `to` through the proxy, with
   * `watch()` set up while it goes (what it answers undoes it); answers the message as received.
   */
  async function receiptSent(to: string, subject: string, watch: () => () => void, file = pdf): Promise<string> {
    const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${proxy.port}`, SMTP_TIMEOUT_SECONDS: '10' });
    const mailer = createMailer(config, test.db, pino({ level: 'silent' }), () => Promise.resolve(file));
    const unwatch = watch();
    try {
      await mailer.send({
        to,
        kind: 'receipt',
        subject,
        text: 'Total paid: ₹999.00',
        html: '<p>Total paid: ₹999.00</p>',
        attachments: [{ kind: 'file', key: 'k', filename: 'invoice.pdf' }],
      });
      await until(() => smtp.messages.some((m) => m.to[0] === to), 'the mail received');
    } finally {
      unwatch();
      await mailer.close();
    }
    return smtp.messages.find((m) => m.to[0] === to)!.raw;
  }

  it('writes a message to the mail server in one piece, not one write per header block and part (decision 092)', async () => {
    // What the shop writes to the mail server's connections, in order.
    const written: string[] = [];
    const received = await receiptSent('pieces@example.com', 'Your order', () => {
      const write = net.Socket.prototype.write;
      const spy = vi.spyOn(net.Socket.prototype, 'write').mockImplementation(function (this: net.Socket, ...args: Parameters<typeof write>) {
        if (this.remotePort === proxy.port) written.push(String(args[0]));
        return write.apply(this, args);
      });
      return () => spy.mockRestore();
    });
    // After DATA: the message (headers, text, HTML, the PDF in base64) in one write, then the closing dot.
    const message = written.slice(written.indexOf('DATA\r\n') + 1);
    expect(message.join('')).toContain(pdf.toString('base64').slice(0, 76));
    expect(message.join('')).toMatch(/\r\n\.\r\n$/);
    expect(message.length).toBeLessThanOrEqual(2);
    // The bytes are nodemailer's, whole: the PDF comes back as it was attached.
    expect(attachedFile(received)?.bytes.equals(pdf)).toBe(true);
  });

  it('builds a message at once and hands it to nodemailer whole, not through a stream per part (decision 105)', async () => {
    // nodemailer streams each node of a message's MIME tree: the mixed and alternative parts, the
    // text, the HTML and the attachment of a receipt (5); a message built before is one raw node.
    let nodesStreamed = 0;
    const received = await receiptSent('whole@example.com', 'Your order ₹', () => {
      const streamed = vi.spyOn(MimeNode.prototype, 'stream');
      return () => {
        nodesStreamed = streamed.mock.calls.length;
        streamed.mockRestore();
      };
    });
    expect(nodesStreamed).toBe(1);
    expect(received).toContain('\r\nSubject: =?UTF-8?Q?Your_order_=E2=82=B9?=\r\n');
    expect(received).toContain('Total paid: =E2=82=B9999.00');
    expect(attachedFile(received)?.bytes.equals(pdf)).toBe(true);
  });

  it('streams a mail with large files through nodemailer, part by part, as before (decision 105)', async () => {
    const large = Buffer.from(Array.from({ length: 2 * 1024 * 1024 }, (_, i) => (i * 7) % 256));
    let nodesStreamed = 0;
    const received = await receiptSent(
      'large@example.com',
      'Your files',
      () => {
        const streamed = vi.spyOn(MimeNode.prototype, 'stream');
        return () => {
          nodesStreamed = streamed.mock.calls.length;
          streamed.mockRestore();
        };
      },
      large,
    );
    expect(nodesStreamed).toBe(5);
    expect(attachedFile(received)?.bytes.equals(large)).toBe(true);
  });
});
