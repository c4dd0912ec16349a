import { describe, expect, it } from 'vitest';
import { originAllowed } from './cors';

describe('originAllowed', () => {
  const list = ['https://shop.example.com', 'https://*.robokits.in', 'http://localhost:5173'];
  describe('matches exact origins only exactly', () => {
    it.each([
      ['https://shop.example.com', true],
      ['https://SHOP.example.com', true],
      ['http://shop.example.com', false],
      ['https://shop.example.com:8443', false],
      ['https://shop.example.com.evil.io', false],
      ['http://localhost:5173', true],
      ['http://localhost:5174', false],
    ])('%s: %s', (origin, allowed) => expect(originAllowed(list, origin)).toBe(allowed));
  });
  describe('matches subdomains of a wildcard, not the bare domain nor look-alikes', () => {
    it.each([
      ['https://www.robokits.in', true],
      ['https://a.b.robokits.in', true],
      ['https://robokits.in', false],
      ['https://evilrobokits.in', false],
      ['http://www.robokits.in', false],
      ['https://x.robokits.in.evil.io', false],
    ])('%s: %s', (origin, allowed) => expect(originAllowed(list, origin)).toBe(allowed));
  });
  it('allows nothing when the list is empty', () => {
    expect(originAllowed([], 'https://shop.example.com')).toBe(false);
  });
});
