import { z } from 'zod';
import { Instant } from './fields.schemas';

/** The admin audit log (issue 28): its filters and its lines. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

export const AuditQuery = z.object({
  actor: z.string().trim().max(100).optional(),
  /** an entity type (`products`) or one entity (`products:12`) */
  entity: z.string().trim().max(120).optional(),
  from: Day.optional(),
  to: Day.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number(),
  at: Instant,
  action: z.string(),
  actor: z.string(),
  role: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  status: z.number().nullable(),
  entity: z.string().nullable(),
  /** field → [before, after] */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AUDIT_PAGE_SIZE = 50;
