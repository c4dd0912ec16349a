import { z } from 'zod';
import { Instant } from './fields.schemas';
import { pageOf } from './paging';

/**
 * A mail of the shop's outbox as the dashboard shows it (decision 035): `kept` without a mail
 * server; with one `queued` (waiting for its first or next attempt), `sending`, `sent`, or
 * `failed` (given up, or refused by the mail server; it can be resent).
 */
export const MailState = z.enum(['kept', 'queued', 'sending', 'sent', 'failed']);
export type MailState = z.infer<typeof MailState>;

export const OutboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  createdAt: Instant,
  text: z.string(),
  state: MailState,
  /** attempts since it was queued or last resent */
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: Instant.nullable(),
  sentAt: Instant.nullable(),
  /** the names of its attachments (made when it is sent) */
  attachments: z.array(z.string()),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

export const OutboxPage = pageOf('mails', OutboxMail);
export type OutboxPage = z.infer<typeof OutboxPage>;

/** The answers of POST /api/admin/outbox/{id}/resend that are not a success. */
export const outboxMessages = {
  notFound: 'Mail not found',
  noMailServer: 'This shop keeps its mail in the outbox: no mail server is configured (SMTP_URL), so there is nothing to resend.',
  sending: 'This mail is being sent right now. Look again in a moment.',
  resent: 'The mail is queued to be sent again.',
  resendFailed: 'Could not resend the mail',
} as const;

/** How the dashboard words a mail's delivery state: "sent", "failed 3 times", "queued, failed once". */
export function mailStateText(m: Pick<OutboxMail, 'state' | 'attempts'>): string {
  const failures = m.state === 'failed' ? m.attempts : m.state === 'queued' ? m.attempts : Math.max(0, m.attempts - 1);
  const times = failures === 1 ? 'once' : `${failures} times`;
  if (m.state === 'failed') return `failed ${times}, given up`;
  if (m.state === 'kept') return 'kept (no mail server)';
  return failures > 0 && m.state !== 'sent' ? `${m.state}, failed ${times}` : m.state;
}
