import { describe, expect, it } from 'vitest';
import { b2clLimitPaise, Gstr1Query, GstRangeQuery, istDay, istDayOfStored, istStartOf, recentPeriods, returnPeriod } from './gst-returns.schemas';

describe('GST return periods', () => {
  it('reads days in India: 23:30 IST on the last day is that day, 00:00 IST the next', () => {
    expect(istDay(new Date('2026-10-31T18:00:00Z'))).toBe('2026-10-31');
    expect(istDay(new Date('2026-10-31T18:30:00Z'))).toBe('2026-11-01');
    expect(istStartOf('2026-11-01').toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(istDayOfStored('2026-10-31 18:30:00')).toBe('2026-11-01');
    expect(istDayOfStored('2026-10-31 18:29:59.5+00')).toBe('2026-10-31');
  });

  it('takes a month as MMYYYY, or from/to spanning a whole month or GST quarter', () => {
    expect(returnPeriod({ period: '022028' })).toEqual({ from: '2028-02-01', to: '2028-02-29', fp: '022028', kind: 'month' });
    expect(returnPeriod({ from: '2027-01-01', to: '2027-03-31' })).toEqual({ from: '2027-01-01', to: '2027-03-31', fp: '032027', kind: 'quarter' });
    expect(returnPeriod({ from: '2026-11-01', to: '2027-01-31' })).toBeNull();
    expect(returnPeriod({ from: '2026-05-01', to: '2026-07-31' })).toBeNull();
    expect(Gstr1Query.safeParse({ period: '102026' }).success).toBe(true);
    expect(Gstr1Query.safeParse({ from: '2026-10-01', to: '2026-12-31' }).success).toBe(true);
    expect(Gstr1Query.safeParse({ from: '2026-10-01' }).success).toBe(false);
    expect(Gstr1Query.safeParse({}).success).toBe(false);
    expect(GstRangeQuery.safeParse({ from: '2026-04-01', to: '2027-03-31' }).success).toBe(true);
    expect(GstRangeQuery.safeParse({ from: '2026-02-29', to: '2026-03-31' }).success).toBe(false);
  });

  it('has the B2CL limit of the invoice date: ₹2.5 lakh until July 2024, ₹1 lakh from August 2024', () => {
    expect(b2clLimitPaise('2024-07-31')).toBe(2_50_000_00);
    expect(b2clLimitPaise('2024-08-01')).toBe(1_00_000_00);
  });

  it('offers the period being filed first: last month (or quarter), then this one, then older ones', () => {
    const now = new Date('2026-11-15T10:00:00Z');
    expect(recentPeriods(now, 'month', 3)).toEqual([
      { label: 'October 2026', from: '2026-10-01', to: '2026-10-31' },
      { label: 'November 2026', from: '2026-11-01', to: '2026-11-30' },
      { label: 'September 2026', from: '2026-09-01', to: '2026-09-30' },
    ]);
    expect(recentPeriods(new Date('2027-02-01T00:00:00Z'), 'quarter', 3)).toEqual([
      { label: 'October–December 2026', from: '2026-10-01', to: '2026-12-31' },
      { label: 'January–March 2027', from: '2027-01-01', to: '2027-03-31' },
      { label: 'July–September 2026', from: '2026-07-01', to: '2026-09-30' },
    ]);
  });
});
