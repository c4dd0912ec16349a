import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { StaffRole } from '@shared/staff-roles';
import { staffSessionMessages, type StaffSession, type StaffSettings } from '@shared/staff-sessions.schemas';
import * as repo from './admin-sessions.repository';
import { findStaff } from './admin-accounts.repository';
import { staffAccountMessages } from '@shared/staff.schemas';

/**
 * Admin sessions end after an idle time and an absolute time the owner sets
 * (decision 051). better-auth's own expiry (30 days, for shoppers) stays; these
 * limits are checked by requireAdmin on every admin request, so they hold for
 * the dashboard and for the SPEC token alike.
 */

const MINUTE = 60_000;
/** A session's last use is written at most this often: one small update a minute per active admin. */
const TOUCH_EVERY_MS = MINUTE;

type Limits = Pick<StaffSettings, 'sessionIdleMinutes' | 'sessionMaxHours'>;
type Times = { createdAt: string | Date; updatedAt: string | Date };

const timeOf = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/** When a session ends unless it is used again: its idle limit, or its longest life when that comes first. */
function sessionEndsAt(session: Times, limits: Limits): number {
  return Math.min(timeOf(session.updatedAt) + limits.sessionIdleMinutes * MINUTE, timeOf(session.createdAt) + limits.sessionMaxHours * 60 * MINUTE);
}

const expired = () => new AppError('admin_session_expired', 401, staffSessionMessages.expired);

/**
 * The check on every admin request: a session past its idle or absolute limit
 * is deleted and answered 401; a live one has its last use moved forward, at
 * most once a minute.
 */
export async function checkAdminSession(db: Db, session: Times & { id: string }, limits: Limits, now = Date.now()): Promise<void> {
  // NaN (an unreadable time) counts as ended.
  if (!(now < sessionEndsAt(session, limits))) {
    await repo.deleteSessions(db, [session.id]);
    throw expired();
  }
  if (!(now - timeOf(session.updatedAt) < TOUCH_EVERY_MS)) await repo.touchSession(db, session.id, new Date(now).toISOString());
}

const iso = (value: string | Date) => new Date(timeOf(value)).toISOString();

function isLive(row: repo.AdminSessionRow, limits: Limits, now: number): boolean {
  return now < sessionEndsAt(row, limits) && now < timeOf(row.expiresAt);
}

function staffSession(row: repo.AdminSessionRow, limits: Limits, currentId: string | undefined): StaffSession {
  const role = StaffRole.safeParse(row.staffRole);
  return {
    id: row.id,
    staffId: row.userId,
    username: row.displayUsername ?? row.username ?? row.name,
    role: role.success ? role.data : 'owner',
    signedInAt: iso(row.createdAt),
    lastSeenAt: iso(row.updatedAt),
    endsAt: new Date(sessionEndsAt(row, limits)).toISOString(),
    ip: row.ipAddress,
    userAgent: row.userAgent,
    current: row.id === currentId,
  };
}

/** The live admin sessions (of one account when `staffId` is given), most recently used first. */
export async function listSessions(db: Db, limits: Limits, currentId: string | undefined, staffId?: string, now = Date.now()): Promise<StaffSession[]> {
  const rows = await repo.listAdminSessions(db, staffId);
  return rows.filter((r) => isLive(r, limits, now)).map((r) => staffSession(r, limits, currentId));
}

/** Ends one admin session; with `ownerId`, only one of that account's (a staff member ending their own). 404 otherwise. */
export async function endSession(db: Db, id: string, ownerId?: string): Promise<void> {
  const row = await repo.findAdminSession(db, id);
  if (!row || (ownerId !== undefined && row.userId !== ownerId)) throw new AppError('session_not_found', 404, staffSessionMessages.notFound);
  await repo.deleteSessions(db, [id]);
}

/** Ends every session of a staff account (or all but `keepId`): how many ended. */
export async function endStaffSessions(db: Db, staffId: string, keepId?: string): Promise<number> {
  if (!(await findStaff(db, staffId))) throw new AppError('staff_not_found', 404, staffAccountMessages.notFound);
  const rows = await repo.listAdminSessions(db, staffId);
  return repo.deleteSessions(
    db,
    rows.map((r) => r.id).filter((id) => id !== keepId),
  );
}

/** Deletes admin sessions past their limits (a scheduled job): they are refused anyway, this keeps the table small. */
export async function pruneEndedSessions(db: Db, limits: Limits, now = Date.now()): Promise<number> {
  const rows = await repo.listAdminSessions(db);
  return repo.deleteSessions(
    db,
    rows.filter((r) => !isLive(r, limits, now)).map((r) => r.id),
  );
}
