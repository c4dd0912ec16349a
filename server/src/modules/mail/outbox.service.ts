import type { Db } from '../../db/database';
import { ADMIN_PAGE_SIZE, pageWindow } from '@shared/paging';
import * as repo from './outbox.repository';

/** The mails the shop sent (or would have sent without SMTP), newest first, for the admin. */
export async function listOutbox(db: Db, page: number) {
  const [rows, total] = await Promise.all([repo.listMail(db, pageWindow(page, ADMIN_PAGE_SIZE)), repo.countMail(db)]);
  return {
    mails: rows.map((m) => ({ id: m.id, to: m.to_address, subject: m.subject, kind: m.kind, createdAt: String(m.created_at), text: m.text_body })),
    total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
