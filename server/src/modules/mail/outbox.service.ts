import type { Db } from '../../db/database';
import { instantOf } from '../../db/rows';
import { ADMIN_PAGE_SIZE, pageWindow } from '@shared/paging';
import { MailState, outboxMessages, type OutboxMail } from '@shared/outbox.schemas';
import { AppError, notFound } from '../../errors';
import type { AttachmentRef, Mailer } from './mailer';
import * as repo from './outbox.repository';

function view(m: repo.MailRow): OutboxMail {
  return {
    id: m.id,
    to: m.to_address,
    subject: m.subject,
    kind: m.kind,
    createdAt: instantOf(m.created_at),
    text: m.text_body,
    state: MailState.catch('queued').parse(m.state),
    attempts: m.attempts,
    lastError: m.last_error,
    nextAttemptAt: m.state === 'queued' ? m.next_attempt_at : null,
    sentAt: m.sent_at,
    attachments: m.attachments ? (JSON.parse(m.attachments) as AttachmentRef[]).map((a) => a.filename) : [],
  };
}

/** The shop's mails, newest first, with their delivery state, for the admin. */
export async function listOutbox(db: Db, page: number) {
  const [rows, total] = await Promise.all([repo.listMail(db, pageWindow(page, ADMIN_PAGE_SIZE)), repo.countMail(db)]);
  return { mails: rows.map(view), total, page, pageSize: ADMIN_PAGE_SIZE };
}

/**
 * An admin sends a mail again (a failed one, or a sent one the customer did not get): it is
 * queued with a fresh count of attempts and delivered at once. Without a mail server there is
 * nothing to send; a mail being sent right now is left alone.
 */
export async function resendMail(db: Db, mailer: Mailer, id: number): Promise<{ message: string; mail: OutboxMail }> {
  const mail = await repo.findMail(db, id);
  if (!mail) throw notFound(outboxMessages.notFound, 'mail_not_found');
  if (mailer.transport !== 'smtp') throw new AppError('no_mail_server', 409, outboxMessages.noMailServer);
  if (!(await repo.requeueForResend(db, id, new Date().toISOString()))) throw new AppError('mail_sending', 409, outboxMessages.sending);
  // Read before the delivery starts: the answer shows the mail as queued again, not as claimed by the pass.
  const queued = view((await repo.findMail(db, id))!);
  mailer.deliverSoon();
  return { message: outboxMessages.resent, mail: queued };
}
