import { z } from 'zod';

/**
 * GST returns (issue 27, item 3; decision 050): the periods the admin asks for and the rules that
 * depend on a date. Dates are India's (Asia/Kolkata, UTC+05:30, no daylight saving): a document
 * issued at 23:30 IST on the last day of a month belongs to that month.
 */

/** India is UTC+05:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;

/** The calendar day (YYYY-MM-DD) in India of an instant. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The instant of a stored timestamp: ISO-8601 as the app writes it, or a database default's form
 * ("2026-11-27 10:03:14" on SQLite, "… +00" on PostgreSQL), read as UTC when it names no zone.
 */
export function storedInstant(text: string): Date {
  let t = String(text).trim().replace(' ', 'T');
  t = t.replace(/([+-]\d\d)$/, '$1:00');
  if (!/(Z|[+-]\d\d:\d\d)$/.test(t)) t += 'Z';
  return new Date(t);
}

/** The India day of a stored timestamp (its first ten characters if it cannot be read). */
export function istDayOfStored(text: string): string {
  const at = storedInstant(text);
  return Number.isNaN(at.getTime()) ? String(text).slice(0, 10) : istDay(at);
}

/** The instant 00:00 IST of a day (YYYY-MM-DD) begins. */
export function istStartOf(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - IST_OFFSET_MS);
}

/** The day after a day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The last day (YYYY-MM-DD) of the month of year `y`, month `m` (1-12). */
function lastDayOfMonth(y: number, m: number): string {
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

const isCalendarDay = (s: string) => !Number.isNaN(Date.parse(`${s}T00:00:00.000Z`)) && new Date(`${s}T00:00:00.000Z`).toISOString().slice(0, 10) === s;

const Day = (name: string) =>
  z
    .string({ error: `${name} is required (a date as YYYY-MM-DD)` })
    .regex(/^20\d{2}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD (years 2000-2099)`)
    .refine(isCalendarDay, `${name} is not a calendar date`);

/** The longest period the register and the HSN summary cover at once: a financial year. */
const GST_MAX_DAYS = 366;

const spanDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/** `from` and `to` (inclusive, India dates) of the register and the HSN summary: at most a year. */
export const GstRangeQuery = z
  .object({ from: Day('from'), to: Day('to') })
  .refine((q) => q.from <= q.to, { message: 'from must be on or before to', path: ['to'] })
  .refine((q) => q.from > q.to || spanDays(q.from, q.to) <= GST_MAX_DAYS, {
    message: `The period is at most ${GST_MAX_DAYS} days (a financial year)`,
    path: ['to'],
  });
export type GstRangeQuery = z.infer<typeof GstRangeQuery>;

/** A GSTR-1 return period: one month (monthly filers) or one quarter (QRMP filers). */
export interface ReturnPeriod {
  from: string;
  to: string;
  /** the portal's return period, MMYYYY: the month, or a quarter's last month */
  fp: string;
  kind: 'month' | 'quarter';
}

/** The return period of `period=MMYYYY`, or of `from`/`to` spanning a whole month or a whole quarter; null if they do not. */
export function returnPeriod(q: { period?: string; from?: string; to?: string }): ReturnPeriod | null {
  if (q.period) {
    const m = Number(q.period.slice(0, 2));
    const y = Number(q.period.slice(2));
    return { from: `${q.period.slice(2)}-${q.period.slice(0, 2)}-01`, to: lastDayOfMonth(y, m), fp: q.period, kind: 'month' };
  }
  if (!q.from || !q.to || !q.from.endsWith('-01')) return null;
  const y = Number(q.from.slice(0, 4));
  const m = Number(q.from.slice(5, 7));
  const fp = (last: number) => `${String(last).padStart(2, '0')}${y}`;
  if (q.to === lastDayOfMonth(y, m)) return { from: q.from, to: q.to, fp: fp(m), kind: 'month' };
  // GST quarters: April-June, July-September, October-December, January-March.
  if ((m - 1) % 3 === 0 && q.to === lastDayOfMonth(y, m + 2)) return { from: q.from, to: q.to, fp: fp(m + 2), kind: 'quarter' };
  return null;
}

export const gstMessages = {
  wholePeriod: 'from and to must span one whole month or one whole quarter (April-June, July-September, October-December, January-March)',
  periodOrRange: 'Give period=MMYYYY (a month), or from and to (YYYY-MM-DD) spanning a whole month or quarter',
  noGstin: "The shop has no GSTIN: only a GST-registered supplier files GSTR-1. Set the shop's GSTIN (SHOP_GSTIN) first.",
} as const;

/** `period=MMYYYY` (a month), or `from` and `to` spanning a whole month or a whole quarter. */
export const Gstr1Query = z
  .object({
    period: z
      .string()
      .regex(/^(0[1-9]|1[0-2])20\d{2}$/, 'period must be a month as MMYYYY (years 2000-2099), e.g. 112026 for November 2026')
      .optional(),
    from: Day('from').optional(),
    to: Day('to').optional(),
  })
  .refine((q) => (q.period !== undefined) !== (q.from !== undefined || q.to !== undefined), { message: gstMessages.periodOrRange, path: ['period'] })
  .refine((q) => q.period !== undefined || q.from === undefined || q.to === undefined || returnPeriod(q) !== null, {
    message: gstMessages.wholePeriod,
    path: ['to'],
  })
  .refine((q) => q.period !== undefined || (q.from !== undefined && q.to !== undefined), { message: gstMessages.periodOrRange, path: ['to'] });
export type Gstr1Query = z.infer<typeof Gstr1Query>;

/** The GSTR-1 sections this shop's sales fall in, each downloadable as the offline tool's CSV. */
export const GSTR1_SECTIONS = ['b2cs', 'b2cl', 'cdnur', 'hsn', 'docs'] as const;
export const Gstr1Section = z.enum(GSTR1_SECTIONS, { message: `The section is one of ${GSTR1_SECTIONS.join(', ')}` });
export type Gstr1Section = z.infer<typeof Gstr1Section>;

/**
 * B2CL (GSTR-1 table 5): an inter-state invoice to an unregistered buyer whose value is above the
 * limit of its date. ₹2,50,000 until 31 July 2024; ₹1,00,000 from 1 August 2024 (Notification
 * No. 12/2024-Central Tax of 10 July 2024, amending rule 59 of the CGST Rules; a CA should
 * confirm). Newest first; add a row when the limit changes again.
 */
const B2CL_LIMITS: readonly { since: string; abovePaise: number }[] = [
  { since: '2024-08-01', abovePaise: 1_00_000_00 },
  { since: '0000-01-01', abovePaise: 2_50_000_00 },
];

/** The B2CL limit (invoice value above it) on an invoice date (YYYY-MM-DD, India). */
export function b2clLimitPaise(invoiceDay: string): number {
  return (B2CL_LIMITS.find((l) => invoiceDay >= l.since) ?? B2CL_LIMITS.at(-1)!).abovePaise;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A period the dashboard offers: its label and its days. */
interface PeriodChoice {
  label: string;
  from: string;
  to: string;
}

/**
 * The latest `count` months or GST quarters up to the one before the current one (India time) —
 * the period being filed first — then the current one last, newest first after it.
 */
export function recentPeriods(now: Date, kind: 'month' | 'quarter', count: number): PeriodChoice[] {
  const today = istDay(now);
  let y = Number(today.slice(0, 4));
  // Months count from 0; a quarter starts at month 0 (January), 3, 6 or 9.
  let m = Number(today.slice(5, 7)) - 1;
  if (kind === 'quarter') m -= m % 3;
  const step = kind === 'month' ? 1 : 3;
  const out: PeriodChoice[] = [];
  for (let i = 0; i < count; i++) {
    const from = `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const to = lastDayOfMonth(y, m + step);
    const label = kind === 'month' ? `${MONTH_NAMES[m]} ${y}` : `${MONTH_NAMES[m]}–${MONTH_NAMES[m + 2]} ${y}`;
    out.push({ label, from, to });
    m -= step;
    if (m < 0) {
      m += 12;
      y -= 1;
    }
  }
  // The one before the current period is what is filed now: offer it first.
  return out.length > 1 ? [out[1]!, out[0]!, ...out.slice(2)] : out;
}
