import { describe, expect, it } from 'vitest';
import { barHeight, niceMax, shortDate, ticks } from './chart-scale';

describe('niceMax', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(7)).toBe(10);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(1.2)).toBe(2);
    expect(niceMax(2300)).toBe(2500);
    expect(niceMax(4100)).toBe(5000);
    expect(niceMax(0.03)).toBe(0.05);
  });

  it('is 1 for an empty chart', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(Number.NaN)).toBe(1);
  });
});

describe('barHeight', () => {
  it('scales linearly and never leaves the chart', () => {
    expect(barHeight(50, 100, 200)).toBe(100);
    expect(barHeight(0, 100, 200)).toBe(0);
    expect(barHeight(150, 100, 200)).toBe(200);
    expect(barHeight(-5, 100, 200)).toBe(0);
  });
});

describe('ticks', () => {
  it('spaces ticks evenly from 0 to the top', () => {
    expect(ticks(2500)).toEqual([0, 625, 1250, 1875, 2500]);
  });
});

describe('shortDate', () => {
  it('reads the calendar date without a time-zone shift', () => {
    expect(shortDate('2025-03-01')).toBe('1 Mar');
  });
});
