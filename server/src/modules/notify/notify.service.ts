import type { Db } from '../../db/database';
import { instantOf } from '../../db/rows';
import { NOTIFY_PAGE_SIZE, notifyMessages, type NotifySignup } from '@shared/notify.schemas';
import { csvCell } from '../orders/orders-admin.service';
import * as repo from './notify.repository';

/**
 * Keeps the address once (any case). The answer is the same whether or not it was listed already:
 * anyone may send any address, and the list is nobody's business but the shop's.
 */
export async function signUp(db: Db, email: string): Promise<{ message: string }> {
  await repo.addSignup(db, email);
  return { message: notifyMessages.added };
}

export async function list(db: Db, page: number): Promise<{ signups: NotifySignup[]; total: number }> {
  const [rows, total] = await Promise.all([repo.listSignups(db, { limit: NOTIFY_PAGE_SIZE, offset: (page - 1) * NOTIFY_PAGE_SIZE }), repo.countSignups(db)]);
  return { signups: rows.map((r) => ({ id: r.id, email: r.email, createdAt: instantOf(r.created_at) })), total };
}

/** Every address as CSV (newest first), for a mailing tool. */
export async function csv(db: Db): Promise<string> {
  const rows = await repo.listSignups(db, { limit: 1_000_000, offset: 0 });
  return `${['Email', 'Signed up at'].map(csvCell).join(',')}\r\n${rows.map((r) => [r.email, instantOf(r.created_at)].map(csvCell).join(',')).join('\r\n')}${rows.length ? '\r\n' : ''}`;
}
