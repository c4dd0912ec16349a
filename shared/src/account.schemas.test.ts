import { describe, expect, it } from 'vitest';
import { localPhone, normalizePhone } from './account.schemas';

describe('normalizePhone', () => {
  it('accepts exactly 10 digits, with the usual prefixes and separators', () => {
    expect(normalizePhone('9876543210')).toBe('+919876543210');
    expect(normalizePhone('+91 98765 43210')).toBe('+919876543210');
    expect(normalizePhone('919876543210')).toBe('+919876543210');
    expect(normalizePhone('09876543210')).toBe('+919876543210');
    expect(normalizePhone('(987) 654-3210')).toBe('+919876543210');
  });
  it('refuses 9 or 11 digits and anything else', () => {
    expect(normalizePhone('987654321')).toBeNull();
    expect(normalizePhone('98765432101')).toBeNull();
    expect(normalizePhone('+1 9876543210')).toBeNull();
    expect(normalizePhone('98765x4321')).toBeNull();
    expect(normalizePhone('')).toBeNull();
  });
  it('shows the 10 digits of a stored phone', () => {
    expect(localPhone('+919876543210')).toBe('9876543210');
    expect(localPhone(null)).toBe('');
  });
});
