import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

type NewAuditLine = Insertable<Database['audit_log']>;

/** The only write by a request: the log is appended to, never updated; lines leave only by age (deleteAuditLinesBefore). */
export async function insertAuditLine(db: Db, line: NewAuditLine): Promise<void> {
  await db.insertInto('audit_log').values(line).execute();
}

export interface AuditFilter {
  actor?: string;
  entityType?: string;
  entityId?: string;
  /** ISO-8601 bounds, from inclusive, to exclusive */
  from?: string;
  to?: string;
}

function filtered(db: Db, f: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (f.actor) q = q.where('actor', '=', f.actor);
  if (f.entityType) q = q.where('entity_type', '=', f.entityType);
  if (f.entityId) q = q.where('entity_id', '=', f.entityId);
  if (f.from) q = q.where('at', '>=', f.from);
  if (f.to) q = q.where('at', '<', f.to);
  return q;
}

export async function listAuditLines(db: Db, f: AuditFilter, page: { limit: number; offset: number }) {
  return filtered(db, f).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countAuditLines(db: Db, f: AuditFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The retention job's deletion, the only one (decision 051): lines written before `at` (ISO-8601). */
export async function deleteAuditLinesBefore(db: Db, at: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
