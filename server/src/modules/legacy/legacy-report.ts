import type { Db } from '../../db/database';
import type { FileStorage } from '../../storage/storage';
import type { LegacySource } from './legacy-source';
import type * as repo from './legacy.repository';

/**
 * The summary of an import of the original shop, and the few steps every kind
 * of row goes through: counted, then imported, updated, unchanged or skipped
 * with the reason; a row changed on the way gets a note saying how.
 */

export const REPORT_KINDS = ['categories', 'products', 'product images', 'adverts', 'coupons', 'orders'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

interface KindCounts {
  source: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

interface ImportNote {
  kind: ReportKind;
  /** the row's id in the original database */
  id: string;
  message: string;
  skipped: boolean;
}

export interface ImportReport {
  dryRun: boolean;
  counts: Record<ReportKind, KindCounts>;
  notes: ImportNote[];
}

export interface ImportOptions {
  /** Reports what would happen and writes nothing. */
  dryRun?: boolean;
  onProgress?: (kind: ReportKind, done: number, total: number) => void;
}

export interface Ctx {
  db: Db;
  storage: FileStorage;
  source: LegacySource;
  dryRun: boolean;
  report: ImportReport;
  progress: (kind: ReportKind, done: number, total: number) => void;
}

export function newReport(dryRun: boolean): ImportReport {
  return {
    dryRun,
    counts: Object.fromEntries(REPORT_KINDS.map((k) => [k, { source: 0, imported: 0, updated: 0, unchanged: 0, skipped: 0 }])) as ImportReport['counts'],
    notes: [],
  };
}

export type RowResult = Exclude<keyof KindCounts, 'source'>;

export function count(ctx: Ctx, kind: ReportKind, what: RowResult, times = 1) {
  ctx.report.counts[kind][what] += times;
}

export function skip(ctx: Ctx, kind: ReportKind, id: string | number, reason: string) {
  count(ctx, kind, 'skipped');
  ctx.report.notes.push({ kind, id: String(id), message: reason, skipped: true });
}

export function note(ctx: Ctx, kind: ReportKind, id: string | number, message: string) {
  ctx.report.notes.push({ kind, id: String(id), message, skipped: false });
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export const DELETED_HERE = 'it was deleted in this shop after an earlier import';

/** Counts a kind's source rows and runs `each` on them one after another, reporting the progress. */
export async function eachRow<T>(ctx: Ctx, kind: ReportKind, rows: readonly T[], each: (row: T) => Promise<void>) {
  ctx.report.counts[kind].source += rows.length;
  for (const [i, row] of rows.entries()) {
    ctx.progress(kind, i, rows.length);
    await each(row);
  }
  ctx.progress(kind, rows.length, rows.length);
}

/** How one kind of row is written here (coupons, orders), for importRow. */
export interface RowWriter {
  /** Whether the row an earlier import wrote is still here. */
  exists: (localId: number) => Promise<boolean>;
  /** Writes the changed row over it and remembers the new checksum. */
  update: (localId: number) => Promise<void>;
  /** Why the row cannot be added (the shop has one like it already), or null. */
  conflict: () => Promise<string | null>;
  /** Adds the row and remembers it. */
  insert: () => Promise<void>;
}

/**
 * Carries one checked source row across: skipped when the row an earlier import wrote was deleted here
 * since, unchanged when its checksum is the one remembered, updated when it changed, skipped when it
 * conflicts with a row of the shop's own, imported otherwise; a dry run counts and writes nothing.
 * Answers what happened.
 */
export async function importRow(
  ctx: Ctx,
  kind: ReportKind,
  id: string | number,
  mapped: repo.Mapping | undefined,
  sum: string,
  writer: RowWriter,
): Promise<RowResult> {
  try {
    if (mapped && !(await writer.exists(mapped.local_id))) {
      skip(ctx, kind, id, DELETED_HERE);
      return 'skipped';
    }
    if (mapped && mapped.checksum === sum) {
      count(ctx, kind, 'unchanged');
      return 'unchanged';
    }
    if (mapped) {
      if (!ctx.dryRun) await writer.update(mapped.local_id);
      count(ctx, kind, 'updated');
      return 'updated';
    }
    const conflict = await writer.conflict();
    if (conflict) {
      skip(ctx, kind, id, conflict);
      return 'skipped';
    }
    if (!ctx.dryRun) await writer.insert();
    count(ctx, kind, 'imported');
    return 'imported';
  } catch (err) {
    skip(ctx, kind, id, `it could not be written: ${errorText(err)}`);
    return 'skipped';
  }
}
