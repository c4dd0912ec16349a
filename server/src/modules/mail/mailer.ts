import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { MailContent } from './mail.templates';
import * as outbox from './outbox.repository';

/**
 * A file sent with a mail. Its bytes may be made on demand (an invoice's PDF): only a mailer that
 * sends bytes (SMTP) makes them; the outbox keeps the name alone.
 */
export interface MailAttachment {
  filename: string;
  content: Buffer | (() => Promise<Buffer>);
}

interface OutgoingMail extends MailContent {
  to: string;
  /** what the mail is for: verification, password-reset, email-change, ... */
  kind: string;
  attachments?: MailAttachment[];
}

/** Sends the shop's e-mail: through SMTP when SMTP_URL is set, else into the outbox table. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Sends mails that go out together (a receipt and the shop's notice): into the outbox in one
   * statement (one commit, not one each), or through SMTP one after the other. Every mail is tried;
   * the first failure is thrown once all were.
   */
  sendAll(mails: OutgoingMail[]): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
}

const links = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    const send = async (mail: OutgoingMail) => {
      const attachments = await attachmentBytes(mail, log);
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments });
      log.info({ to: mail.to, subject: mail.subject, kind: mail.kind }, 'mail sent');
    };
    return {
      transport: 'smtp',
      send,
      async sendAll(mails) {
        const failures: unknown[] = [];
        for (const mail of mails) await send(mail).catch((err: unknown) => failures.push(err));
        if (failures.length > 0) throw failures[0];
      },
    };
  }
  const keep = async (mails: OutgoingMail[]) => {
    await outbox.insertMails(db, mails.map(outboxRow));
    for (const mail of mails) {
      // Without a mail server the log is where a newcomer finds the link.
      log.info({ to: mail.to, subject: mail.subject, kind: mail.kind }, 'mail kept in the outbox (no SMTP_URL); read it in the dashboard');
      // Links carry sign-in and reset tokens: only at debug level.
      log.debug({ to: mail.to, links: links(mail.text) }, 'links of the mail kept in the outbox');
    }
  };
  return { transport: 'outbox', send: (mail) => keep([mail]), sendAll: keep };
}

function outboxRow(mail: OutgoingMail): outbox.NewMail {
  return {
    to_address: mail.to,
    subject: mail.subject,
    // The outbox keeps the names of attachments, not their bytes (the files are in the shop's storage).
    text_body: mail.attachments?.length ? `${mail.text}\n\nAttachments: ${mail.attachments.map((a) => a.filename).join(', ')}` : mail.text,
    html_body: mail.html,
    kind: mail.kind,
    transport: 'outbox',
  };
}

/** The attachments' bytes, made where they are made on demand; one that cannot be made is left out (and logged), the mail still goes. */
async function attachmentBytes(mail: OutgoingMail, log: FastifyBaseLogger): Promise<{ filename: string; content: Buffer }[]> {
  const out: { filename: string; content: Buffer }[] = [];
  for (const { filename, content } of mail.attachments ?? []) {
    try {
      out.push({ filename, content: typeof content === 'function' ? await content() : content });
    } catch (err) {
      log.error({ err, to: mail.to, kind: mail.kind, attachment: filename }, 'could not make an attachment; the mail is sent without it');
    }
  }
  return out;
}
