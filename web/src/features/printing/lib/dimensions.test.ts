import { describe, expect, it } from 'vitest';
import { clampDimension } from './dimensions';

describe('clampDimension', () => {
  it('clamps values above 22 cm to 22', () => {
    expect(clampDimension('23')).toBe('22');
    expect(clampDimension('500')).toBe('22');
    expect(clampDimension(' 22.01 ')).toBe('22');
  });

  it('keeps values within 1 to 22 cm as typed', () => {
    expect(clampDimension('1')).toBe('1');
    expect(clampDimension('12.5')).toBe('12.5');
    expect(clampDimension('22')).toBe('22');
  });

  it('leaves blank, too small and non-numbers for validation', () => {
    expect(clampDimension('  ')).toBe('');
    expect(clampDimension('0')).toBe('0');
    expect(clampDimension('-4')).toBe('-4');
    expect(clampDimension('abc')).toBe('abc');
  });
});
