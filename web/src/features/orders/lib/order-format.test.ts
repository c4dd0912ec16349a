import { describe, expect, it } from 'vitest';
import { formatOrderDate, statusTone } from './order-format';

describe('formatOrderDate', () => {
  it('shows en-US with a short month, hour and minute', () => {
    expect(formatOrderDate('2025-03-05T08:37:00.000Z', 'Asia/Kolkata')).toBe('Mar 5, 2025, 02:07 PM');
    expect(formatOrderDate('2024-12-31T23:05:00Z', 'UTC')).toBe('Dec 31, 2024, 11:05 PM');
  });

  it('shows a value it cannot read as it came', () => {
    expect(formatOrderDate('yesterday')).toBe('yesterday');
  });
});

describe('statusTone', () => {
  it('colours placed grey, dispatched yellow, delivered green and anything else red', () => {
    expect(['placed', 'dispatched', 'delivered', 'canceled', 'Delivered'].map(statusTone)).toEqual(['grey', 'yellow', 'green', 'red', 'green']);
  });
});
