import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { MailContent } from './mail.templates';
import type { ComposeMail } from './composed-mail';
import { neverBusy, type NodeLoad } from '../system/node-load';
import * as outbox from './outbox.repository';

/**
 * A file sent with a mail, by reference: the outbox keeps what it is (an invoice, a credit note, a
 * stored file) and its name; the bytes are made when the mail is delivered.
 */
export type AttachmentRef =
  | { kind: 'invoice'; orderCode: string; filename: string }
  | { kind: 'credit-note'; orderCode: string; creditNoteId: number; filename: string }
  | { kind: 'file'; key: string; filename: string };

/** Makes an attachment's bytes at delivery time (wired in app-services: invoices and storage). */
export type AttachmentMaker = (ref: AttachmentRef) => Promise<Buffer>;

interface OutgoingMail extends MailContent {
  to: string;
  /** what the mail is for: verification, password-reset, email-change, receipt, ... */
  kind: string;
  attachments?: AttachmentRef[];
}

/**
 * The shop's e-mail (decision 035). Every mail is written to the outbox table, in the transaction
 * of the change that causes it where there is one; without SMTP_URL it is kept there (the
 * dashboard's "Mail outbox"), with it the scheduled job delivers it, never the request.
 */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /**
   * Writes mails to the outbox with `db`, the caller's transaction or the database, in one
   * statement. Call `deliverSoon()` once that transaction has committed.
   */
  queue(db: Db, mails: OutgoingMail[]): Promise<void>;
  /** Asks this node to deliver what is due now, in the background (nothing to do without SMTP). */
  deliverSoon(): void;
  /** `queue` in a statement of its own, then `deliverSoon` (for callers without a transaction). */
  send(...mails: OutgoingMail[]): Promise<void>;
  /** The scheduled job: mails left by a stopped node queued again, then what is due delivered. */
  deliverDue(): Promise<{ sent: number; failed: number }>;
  /** Stops taking work and waits for the delivery in progress on this node. */
  close(): Promise<void>;
}

/** Attempts before a mail is given up ('failed', resendable from the dashboard): about 10 hours. */
export const MAX_ATTEMPTS = 15;
/** Back-off after the nth failed attempt: 30 s, 1 min, 2 min, ... at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}
/**
 * A mail claimed this long ago and never marked was being sent by a node that stopped (or lost the
 * database just before marking it): six times the SMTP time-out, which bounds a live node's attempt
 * (connect, greeting, commands, each limited), and at least 15 s. Sooner means a kill -9 or a
 * database blip delays a receipt by a minute, not ten; the rare second copy keeps its Message-ID.
 */
const abandonedAfterMs = (smtpTimeoutMs: number) => Math.max(15_000, 6 * smtpTimeoutMs);
/** While mails wait out a back-off and nothing is due, the job asks the server whether it is back this often. */
const PROBE_EVERY_MS = 30_000;
/** One delivery pass takes mails for this long at most, so the scheduler's other jobs keep their turn. */
const PASS_BUDGET_MS = 20_000;
/** Mails claimed at once (one statement); a pass claims again while there are more. */
const CLAIM = 20;
/**
 * A pass asked for by a queued mail starts this long after the ask: under load the mails of the
 * orders paid meanwhile go in it, one claim and one mark for several orders instead of one each.
 */
const GATHER_MS = 50;
/**
 * A mail the server accepted waits this long at most for the other senders' before its mark is
 * written: one statement for the mails sent together, and a crash's window for a second copy
 * (accepted, not yet marked) longer by at most this.
 */
const MARK_GATHER_MS = 25;
/**
 * A mail whose attachments are at most this large is composed at once and sent whole (decision 105:
 * a receipt with its invoice, a credit note); a larger one streams, so its encoded copy is never held
 * whole in memory.
 */
const COMPOSE_UP_TO = 1024 * 1024;
/** Mails sent at once by one node: the pooled connections to the mail server. */
const SENDERS = 4;
/**
 * One attempt ends after this many SMTP time-outs whatever the server does (a server trickling its
 * replies resets the socket's time-out forever): below the 6 after which a claim counts as abandoned.
 */
const ATTEMPT_TIMEOUTS = 3;

/**
 * Mails a person is waiting for at the screen (a link to click now): they never give way to a busy
 * node, and neither does the mail queued before them, which the same pass takes first (decision 123).
 */
const WAITED_FOR = new Set(['verification', 'password-reset', 'email-change']);

const links = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];
const iso = (ms = Date.now()) => new Date(ms).toISOString();

/** A refusal of this message itself (a 5xx to its envelope or content): trying again cannot help. */
function isPermanent(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number };
  return (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * `load`: whether this node is busy answering requests; delivery gives way to them meanwhile (decision
 * 112). Without it (the outbox's own tests) the node never counts as busy.
 */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger, makeAttachment: AttachmentMaker, load: NodeLoad = neverBusy): Mailer {
  // While the node is busy answering requests, mail waits (decision 112), but never longer than
  // giveWayMs (MAIL_GIVE_WAY_SECONDS) since it was first asked for: under a load that does not let up,
  // mail goes at this pace anyway; 0 sends it at once, busy or not.
  const { smtpUrl, from, timeoutMs, giveWayMs } = config.mail;
  const transport = smtpUrl ? 'smtp' : 'outbox';

  const queue = async (target: Db, mails: OutgoingMail[]) => {
    const now = iso();
    await outbox.insertMails(
      target,
      mails.map((mail) => ({
        to_address: mail.to,
        subject: mail.subject,
        // A kept mail names its attachments in its text (as it always has); a queued one lists them apart.
        text_body: !smtpUrl && mail.attachments?.length ? `${mail.text}\n\nAttachments: ${mail.attachments.map((a) => a.filename).join(', ')}` : mail.text,
        html_body: mail.html,
        kind: mail.kind,
        transport,
        state: smtpUrl ? 'queued' : 'kept',
        next_attempt_at: smtpUrl ? now : null,
        attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
      })),
    );
    for (const mail of mails) {
      if (smtpUrl) {
        log.info({ to: mail.to, subject: mail.subject, kind: mail.kind }, 'mail queued for delivery');
      } else {
        // Without a mail server the log is where a newcomer finds the link.
        log.info({ to: mail.to, subject: mail.subject, kind: mail.kind }, 'mail kept in the outbox (no SMTP_URL); read it in the dashboard');
        // Links carry sign-in and reset tokens: only at debug level.
        log.debug({ to: mail.to, links: links(mail.text) }, 'links of the mail kept in the outbox');
      }
    }
  };

  if (!smtpUrl) {
    return {
      transport,
      queue,
      deliverSoon() {},
      send: (...mails) => queue(db, mails),
      deliverDue: async () => ({ sent: 0, failed: 0 }),
      close: async () => {},
    };
  }

  // One pool of SENDERS connections per node, reused from mail to mail (decision 072): a connection
  // costs a TCP and SMTP greeting, EHLO and, on a real server, TLS, which were most of a mail's cost.
  // Short time-outs: a mail server that hangs holds one delivery, and only for this long; each
  // attempt is also aborted after ATTEMPT_TIMEOUTS of them. A connection that dies while sending is
  // tried once more on a new one (maxRequeues), then the attempt fails and the outbox retries it:
  // the pool never holds a mail past one attempt. Idle connections close after the socket time-out.
  // nodemailer is loaded by the first delivery, not at start: a shop that has sent nothing yet (or
  // keeps its mail in the outbox) never holds its code (decision 060).
  let made: Promise<{ transport: Transporter; composeMail: ComposeMail }> | undefined;
  const transporter = () =>
    (made ??= Promise.all([import('nodemailer'), import('./composed-mail')]).then(([{ default: nodemailer }, { composeMail }]) => ({
      transport: nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: SENDERS,
        maxRequeues: 1,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        dnsTimeout: timeoutMs,
      }),
      // Each message built at once and sent whole, in one write (decisions 092, 105).
      composeMail,
    })));
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  // A claimed mail is tried only this soon after its claim: its attempt (at most ATTEMPT_TIMEOUTS
  // time-outs) then ends, and its mark is written, before the claim counts as abandoned.
  const tryWithinMs = abandonedAfterMs(timeoutMs) - (ATTEMPT_TIMEOUTS + 1) * timeoutMs;
  let closed = false;
  let lastRetryNow = 0;
  let lastProbe = 0;
  // Delivery gives way to requests (decision 112) for at most giveWayMs from the first ask
  // since the outbox was last found empty by a pass of this node.
  let wantedSince: number | null = null;
  const want = () => (wantedSince ??= Date.now());
  /**
   * As if mail had already waited its limit: the passes give no way until they empty the outbox, and
   * a pass waiting for a quiet node goes now (the looks end, and start again at the next ask).
   */
  const hurry = () => {
    wantedSince = Math.min(wantedSince ?? Infinity, Date.now() - giveWayMs);
    load.stop();
  };
  /** `queue`, hurrying delivery when a person waits for one of the mails (WAITED_FOR). */
  const queueNoted = async (target: Db, mails: OutgoingMail[]) => {
    await queue(target, mails);
    if (mails.some((mail) => WAITED_FOR.has(mail.kind))) hurry();
  };

  /** Sends one claimed mail (its attempt already counted) and records a failure; answers the outcome. */
  async function deliver(row: outbox.ClaimedMail): Promise<'sent' | 'retry' | 'failed'> {
    const limit = new AbortController();
    const timer = setTimeout(
      () => limit.abort(new Error(`the mail server took more than ${(ATTEMPT_TIMEOUTS * timeoutMs) / 1000} s`)),
      ATTEMPT_TIMEOUTS * timeoutMs,
    );
    try {
      const refs = row.attachments ? (JSON.parse(row.attachments) as AttachmentRef[]) : [];
      const attachments = await Promise.all(refs.map(async (ref) => ({ filename: ref.filename, content: await makeAttachment(ref) })));
      const { transport, composeMail } = await transporter();
      const mail = {
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        attachments,
        // The same id for every attempt of one send: a copy sent twice (decision 035) is recognisable.
        messageId: `<outbox-${row.id}.${row.resends}@${domain}>`,
      };
      if (attachments.reduce((bytes, a) => bytes + a.content.length, 0) <= COMPOSE_UP_TO) {
        // nodemailer's message for these options, byte for byte, built without its streams (decision 105).
        const message = composeMail(mail);
        await transport.sendMail({ envelope: message.envelope, raw: message.raw, messageId: message.messageId, signal: limit.signal });
      } else {
        // Large files (a 3D printing request's, up to 15 MiB) stream through nodemailer's encoders, as they come.
        await transport.sendMail({ ...mail, signal: limit.signal });
      }
    } catch (err) {
      const attempts = row.attempts;
      const giveUp = isPermanent(err) || attempts >= MAX_ATTEMPTS;
      const next = giveUp ? null : iso(Date.now() + retryDelayMs(attempts));
      await outbox.markAttemptFailed(db, row.id, errorText(err), next);
      if (giveUp) log.error({ err, mail: row.id, to: row.to_address, kind: row.kind, attempts }, 'mail not delivered; given up (resend it from the dashboard)');
      else log.warn({ err, mail: row.id, to: row.to_address, kind: row.kind, attempts, nextAttemptAt: next }, 'mail not delivered; will try again');
      return giveUp ? 'failed' : 'retry';
    } finally {
      clearTimeout(timer);
    }
    return 'sent';
  }

  /**
   * Marks mails the server accepted as sent, in one statement. While the database is away this is
   * tried again (for half the time after which a claim counts as abandoned): a blip must not leave
   * the rows 'sending' and have the mails sent twice.
   */
  async function recordSent(rows: outbox.ClaimedMail[]): Promise<void> {
    const until = Date.now() + abandonedAfterMs(timeoutMs) / 2;
    for (;;) {
      try {
        await outbox.markSent(
          db,
          rows.map((r) => r.id),
          iso(),
        );
        for (const row of rows) log.info({ mail: row.id, to: row.to_address, subject: row.subject, kind: row.kind }, 'mail sent');
        return;
      } catch (err) {
        if (Date.now() > until) {
          log.error({ err, mails: rows.map((r) => r.id) }, 'mails sent, but could not record it: they will be sent again');
          return;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /**
   * The marks of a pass: a mail accepted waits for the other `senders`' (at most MARK_GATHER_MS, or
   * until the batch ends), and one accepted while a mark is being written waits for the next one, so
   * one statement marks the mails the senders finish together; the last mails of a batch go at once.
   */
  function marks(senders: number) {
    let waiting: outbox.ClaimedMail[] = [];
    let writing: Promise<void> | null = null;
    let flush: (() => void) | null = null;
    const gathered = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => flush?.(), MARK_GATHER_MS);
        flush = () => {
          flush = null;
          clearTimeout(timer);
          resolve();
        };
      });
    const write = async () => {
      await gathered();
      while (waiting.length > 0) {
        const rows = waiting;
        waiting = [];
        await recordSent(rows);
      }
      writing = null;
    };
    return {
      add(row: outbox.ClaimedMail) {
        waiting.push(row);
        writing ??= write();
        if (waiting.length >= senders) flush?.();
      },
      /** Marks what waits now; resolves once every mail added is marked. */
      done() {
        flush?.();
        return writing ?? Promise.resolve();
      },
    };
  }

  /**
   * Delivers due mails, a few at once, claimed first in one statement (so no two nodes send one
   * mail). A failure that is not this message's own (the server refused, hung or timed out) ends
   * the pass: the others wait for the next one instead of each waiting out the same time-out, and
   * the claimed mails it did not try are given back uncounted.
   *
   * Before each claim, while the node is busy answering requests, a prompt pass ('wait') waits for
   * a quiet look and the scheduled one ('skip') ends, unless mail has waited giveWayMs.
   */
  async function pass(busy: 'wait' | 'skip'): Promise<{ sent: number; failed: number }> {
    const started = Date.now();
    const result = { sent: 0, failed: 0 };
    let emptied = false;
    for (let more = true, stop = false; more && !stop && !closed && Date.now() - started <= PASS_BUDGET_MS;) {
      const waitMore = giveWayMs - (Date.now() - want());
      if (waitMore > 0 && load.busy) {
        if (busy === 'skip') break;
        await load.quiet(waitMore);
        if (closed) break;
      }
      const claimedAt = Date.now();
      const rows = await outbox.claimDue(db, iso(claimedAt), CLAIM);
      more = rows.length === CLAIM;
      const inFlight = Math.min(SENDERS, rows.length);
      const sent = marks(inFlight);
      let next = 0;
      let failure: unknown = null;
      // A few senders take the mails in turn over the transport's pooled connections. A mail is
      // tried only while its claim is young enough for the attempt to end before the claim counts
      // as abandoned; the rest go back to the queue.
      const sender = async () => {
        while (!stop && next < rows.length && !closed && Date.now() - claimedAt < tryWithinMs) {
          const row = rows[next++]!;
          try {
            const outcome = await deliver(row);
            if (outcome === 'sent') sent.add(row);
            if (outcome === 'sent') result.sent++;
            else result.failed++;
            if (outcome === 'retry') stop = true;
          } catch (err) {
            // The database failed while recording the failure: the row stays claimed and is taken again later.
            failure ??= err;
            stop = true;
          }
        }
      };
      await Promise.all(Array.from({ length: inFlight }, sender));
      await sent.done();
      await outbox.release(
        db,
        rows.slice(next).map((r) => r.id),
      );
      if (failure) throw failure;
      if (next < rows.length) break;
      emptied = !more && !stop;
    }
    if (emptied) wantedSince = null;
    // The server takes mail again: what waits out a back-off goes now, not up to an hour later.
    if (result.sent > 0 && Date.now() - lastRetryNow > 5_000) {
      lastRetryNow = Date.now();
      await outbox.retryWaitingNow(db, iso());
    }
    return result;
  }

  // This node's prompt delivery of what it queued: one pass at a time, another if asked meanwhile.
  // A pass starts GATHER_MS after the first ask, so the mails of the orders paid meanwhile share its
  // claim and its marks (decision 099).
  let running: Promise<unknown> | null = null;
  let gathering: NodeJS.Timeout | null = null;
  let again = false;
  const startPass = () => {
    gathering = null;
    if (closed) return;
    running = pass('wait')
      .catch((err) => log.warn({ err }, 'mail delivery pass failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          deliverSoon();
        }
      });
  };
  const deliverSoon = () => {
    if (closed) return;
    want();
    if (gathering) return;
    if (running) {
      again = true;
      return;
    }
    gathering = setTimeout(startPass, GATHER_MS);
  };

  return {
    transport,
    queue: queueNoted,
    deliverSoon,
    async send(...mails) {
      await queueNoted(db, mails);
      deliverSoon();
    },
    async deliverDue() {
      const requeued = await outbox.requeueAbandoned(db, iso(Date.now() - abandonedAfterMs(timeoutMs)), iso());
      if (requeued > 0) log.warn({ mails: requeued }, 'mails whose sending node stopped are queued again');
      const done = await pass('skip');
      if (done.sent + done.failed > 0 || Date.now() - lastProbe < PROBE_EVERY_MS || !(await outbox.anyWaiting(db, iso()))) return done;
      // Mails wait out their back-off (up to an hour): a greeting from the server, which costs no
      // attempt, tells whether it is back, and then they go now.
      lastProbe = Date.now();
      const back = await (await transporter()).transport.verify().then(
        () => true,
        () => false,
      );
      if (!back) return done;
      await outbox.retryWaitingNow(db, iso());
      return pass('skip');
    },
    async close() {
      closed = true;
      again = false;
      // A pass waiting for a quiet node stops waiting (and ends).
      load.stop();
      // A pass not started yet: its mails stay queued for the next pass of any node.
      if (gathering) clearTimeout(gathering);
      gathering = null;
      await running;
      // Nothing to close when no mail was ever sent; the pass has ended, so no connection is busy.
      if (made) (await made).transport.close();
    },
  };
}
