import type { Db } from '../../db/database';
import { sessionsWithAccounts } from '../auth/sessions-with-accounts';

/**
 * Admin sessions are better-auth's session rows of accounts with the admin role.
 * The shop reads them, moves `updatedAt` (their last use, decision 051) and
 * deletes them; better-auth creates them.
 */
function adminSessions(db: Db) {
  return sessionsWithAccounts(db)
    .select([
      'session.id',
      'session.userId',
      'session.createdAt',
      'session.updatedAt',
      'session.expiresAt',
      'session.ipAddress',
      'session.userAgent',
      'user.username',
      'user.displayUsername',
      'user.name',
      'user.staffRole',
    ])
    .where('user.role', '=', 'admin');
}

export type AdminSessionRow = Awaited<ReturnType<typeof listAdminSessions>>[number];

/** Every admin session (or one account's), most recently used first. */
export async function listAdminSessions(db: Db, userId?: string) {
  let q = adminSessions(db);
  if (userId !== undefined) q = q.where('session.userId', '=', userId);
  return q.orderBy('session.updatedAt', 'desc').orderBy('session.id').execute();
}

export async function findAdminSession(db: Db, id: string) {
  return adminSessions(db).where('session.id', '=', id).executeTakeFirst();
}

/** Records a session's use (an ISO time: a text on SQLite, a timestamptz on PostgreSQL). */
export async function touchSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('session').set({ updatedAt: at }).where('id', '=', id).execute();
}

export async function deleteSessions(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('session')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
