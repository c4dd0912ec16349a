/**
 * A "nice" top for a bar chart's axis: the smallest of 1, 2, 2.5, 5 times a
 * power of ten that is at least `max` (0 or less gives 1, so bars of 0 stay flat).
 */
export function niceMax(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

/** Evenly spaced axis ticks from 0 to `top` (inclusive). */
export function ticks(top: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, i) => (top * i) / count);
}

/** Height in pixels of a bar for `value` on an axis from 0 to `top` drawn `height` pixels tall. */
export function barHeight(value: number, top: number, height: number): number {
  if (top <= 0 || value <= 0) return 0;
  return Math.min(height, (value / top) * height);
}

/** 12 Mar from '2025-03-12', read as a calendar date (no time-zone shift). */
export function shortDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}
