import { describe, expect, it } from 'vitest';
import { RupeeSetting } from './money.schemas';
import { accepted, refused } from './testing/schema-outcome';

describe('a rupee amount the owner sets', () => {
  const fee = RupeeSetting('COD fee', 1_000_000);

  it('takes 0 up to the most, with at most 2 decimals', () => {
    expect([0, 49.5, 1_000_000].map((v) => accepted(fee, v))).toEqual([0, 49.5, 1_000_000]);
  });

  it.each([
    ['a text', '49', 'COD fee must be an amount in rupees'],
    ['a negative amount', -1, 'COD fee must be 0 or more'],
    ['more than the most', 1_000_000.01, 'COD fee must be at most ₹10,00,000'],
    ['a third decimal', 1.005, 'COD fee may have at most 2 decimals'],
  ])('refuses %s', (_what, value, message) => {
    expect(refused(fee, value)).toEqual({ form: message });
  });

  it('words the most with Indian digit grouping', () => {
    expect(refused(RupeeSetting('Rate', 100_000), 100_001)).toEqual({ form: 'Rate must be at most ₹1,00,000' });
  });
});
