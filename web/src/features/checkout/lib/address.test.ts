import { describe, expect, it } from 'vitest';
import { fullAddress } from './address';

describe('fullAddress', () => {
  it('joins street, city, state and zip code', () => {
    expect(fullAddress({ address: '12 MG Road', city: 'Pune', state: 'Maharashtra', zipCode: '411001' })).toBe('12 MG Road, Pune, Maharashtra - 411001');
  });

  it('skips empty parts', () => {
    expect(fullAddress({ address: ' 5 Park St ', city: '', state: 'West Bengal', zipCode: '' })).toBe('5 Park St, West Bengal');
  });
});
