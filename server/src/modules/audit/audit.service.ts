import type { Db } from '../../db/database';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditQuery } from '@shared/audit.schemas';
import { csvCell } from '../orders/orders-admin.service';
import * as repo from './audit.repository';

/** field → [before, after] */
export type AuditChanges = Record<string, [unknown, unknown]>;

export interface AuditLine {
  action: 'write' | 'export' | 'sign-in' | 'sign-in-failed';
  actor: string;
  role?: string | null;
  ip?: string | null;
  method?: string | null;
  route?: string | null;
  status?: number | null;
  entityType?: string | null;
  entityId?: string | null;
  changes?: AuditChanges | null;
}

/**
 * A request's text as the audit line keeps it: a NUL character as the six characters `\u0000`.
 * A refused request is recorded too, and one refused for a NUL in its path (decision 031) would
 * otherwise lose its line on PostgreSQL, whose text cannot hold the character (decision 122).
 */
const storable = (text: string | null | undefined) => (text == null ? null : text.replaceAll('\u0000', '\\u0000'));

/** Appends one line to the audit log. */
export async function record(db: Db, line: AuditLine): Promise<void> {
  await repo.insertAuditLine(db, {
    at: new Date().toISOString(),
    action: line.action,
    actor: storable(line.actor) ?? '',
    actor_role: line.role ?? null,
    ip: storable(line.ip),
    method: line.method ?? null,
    route: storable(line.route),
    status: line.status ?? null,
    entity_type: storable(line.entityType),
    entity_id: storable(line.entityId),
    changes: line.changes && Object.keys(line.changes).length > 0 ? JSON.stringify(line.changes) : null,
  });
}

/**
 * Deletes the lines older than the owner's retention period (days): run by the
 * scheduled `audit-retention` job, never by a route. Answers how many went.
 */
export async function pruneOldLines(db: Db, retentionDays: number, now = Date.now()): Promise<number> {
  return repo.deleteAuditLinesBefore(db, new Date(now - retentionDays * 24 * 60 * 60 * 1000).toISOString());
}

/** The fields whose values differ between before and after, as field → [before, after]. */
export function diff<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): AuditChanges {
  const out: AuditChanges = {};
  for (const f of fields) if (JSON.stringify(before[f]) !== JSON.stringify(after[f])) out[f] = [before[f] ?? null, after[f] ?? null];
  return out;
}

/** The day after YYYY-MM-DD, for an inclusive `to`. */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

function filterOf(q: Omit<AuditQuery, 'page'>): repo.AuditFilter {
  const [entityType, entityId] = (q.entity ?? '').split(':', 2);
  return {
    ...(q.actor ? { actor: q.actor.toLowerCase() } : {}),
    ...(entityType ? { entityType } : {}),
    ...(entityId ? { entityId } : {}),
    ...(q.from ? { from: `${q.from}T00:00:00.000Z` } : {}),
    ...(q.to ? { to: nextDay(q.to) } : {}),
  };
}

type Row = Awaited<ReturnType<typeof repo.listAuditLines>>[number];

function entry(r: Row): AuditEntry {
  return {
    id: r.id,
    at: r.at,
    action: r.action,
    actor: r.actor,
    role: r.actor_role,
    ip: r.ip,
    method: r.method,
    route: r.route,
    status: r.status === null ? null : Number(r.status),
    entity: r.entity_type ? (r.entity_id ? `${r.entity_type}:${r.entity_id}` : r.entity_type) : null,
    changes: r.changes ? (JSON.parse(r.changes) as AuditChanges) : null,
  };
}

/** One page of the log, newest first, and how many lines match. Dates are UTC days, both inclusive. */
export async function list(db: Db, q: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
  const f = filterOf(q);
  const [rows, total] = await Promise.all([
    repo.listAuditLines(db, f, { limit: AUDIT_PAGE_SIZE, offset: (q.page - 1) * AUDIT_PAGE_SIZE }),
    repo.countAuditLines(db, f),
  ]);
  return { entries: rows.map(entry), total };
}

const CSV_MAX_ROWS = 100_000;

/** The matching lines as CSV (newest first, at most 100,000). */
export async function csv(db: Db, q: Omit<AuditQuery, 'page'>): Promise<string> {
  const rows = (await repo.listAuditLines(db, filterOf(q), { limit: CSV_MAX_ROWS, offset: 0 })).map(entry);
  const header = ['When', 'Action', 'Who', 'Role', 'Address', 'Method', 'Route', 'Status', 'Entity', 'Changes'];
  const lines = rows.map((e) =>
    [e.at, e.action, e.actor, e.role, e.ip, e.method, e.route, e.status, e.entity, e.changes ? JSON.stringify(e.changes) : null].map(csvCell).join(','),
  );
  return [header.map(csvCell).join(','), ...lines].join('\r\n') + '\r\n';
}
