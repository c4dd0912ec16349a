import { describe, expect, it } from 'vitest';
import {
  changeServiceFilters,
  formatBytes,
  formatDimensionsCm,
  formatSizeCm,
  formatVolumeCm3,
  initialServiceFilters,
  mmToCm,
  serviceQuery,
  toggleStatus,
} from './service-requests';

describe('serviceQuery', () => {
  it('leaves out the defaults', () => {
    expect(serviceQuery(initialServiceFilters)).toBe('');
  });

  it('carries the status and a page after the first', () => {
    expect(serviceQuery({ status: 'handled', page: 3 })).toBe('?status=handled&page=3');
    expect(serviceQuery({ status: 'all', page: 2 })).toBe('?page=2');
  });
});

describe('changeServiceFilters', () => {
  it('returns to page 1 when the status changes', () => {
    expect(changeServiceFilters({ status: 'all', page: 4 }, { status: 'new' })).toEqual({ status: 'new', page: 1 });
  });

  it('keeps the status when only the page changes', () => {
    expect(changeServiceFilters({ status: 'handled', page: 1 }, { page: 2 })).toEqual({ status: 'handled', page: 2 });
  });
});

describe('toggleStatus', () => {
  it('offers the other status', () => {
    expect(toggleStatus('new')).toEqual({ status: 'handled', label: 'Mark handled' });
    expect(toggleStatus('handled')).toEqual({ status: 'new', label: 'Mark new' });
  });
});

describe('STL sizes', () => {
  it('shows millimetres as centimetres with one decimal', () => {
    expect(mmToCm(50)).toBe('5.0');
    expect(mmToCm(123.45)).toBe('12.3');
    expect(mmToCm(0.4)).toBe('0.0');
    expect(formatSizeCm({ x: 50, y: 20, z: 5 })).toBe('5.0 × 2.0 × 0.5 cm');
  });

  it('shows cubic millimetres as cubic centimetres', () => {
    expect(formatVolumeCm3(125_000)).toBe('125.0 cm³');
    expect(formatVolumeCm3(1_234_567)).toBe('1,234.6 cm³');
  });
});

describe('formatDimensionsCm', () => {
  it('lists the dimensions given', () => {
    expect(formatDimensionsCm({ length: 10, width: 5.5, height: 22 })).toBe('L 10 × W 5.5 × H 22 cm');
    expect(formatDimensionsCm({ length: 10, width: null, height: 3 })).toBe('L 10 × H 3 cm');
  });

  it('is null when none was given', () => {
    expect(formatDimensionsCm({ length: null, width: null, height: null })).toBeNull();
  });
});

describe('formatBytes', () => {
  it('picks bytes, KB or MB', () => {
    expect(formatBytes(684)).toBe('684 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25.0 MB');
  });
});
