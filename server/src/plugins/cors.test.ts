import { describe, expect, it } from 'vitest';
import { originAllowed } from './cors';

describe('originAllowed', () => {
  const list = ['https://shop.example.com', 'https://*.robokits.in', 'http://localhost:5173'];
  it('matches exact origins only exactly', () => {
    expect(originAllowed(list, 'https://shop.example.com')).toBe(true);
    expect(originAllowed(list, 'https://SHOP.example.com')).toBe(true);
    expect(originAllowed(list, 'http://shop.example.com')).toBe(false);
    expect(originAllowed(list, 'https://shop.example.com:8443')).toBe(false);
    expect(originAllowed(list, 'https://shop.example.com.evil.io')).toBe(false);
    expect(originAllowed(list, 'http://localhost:5173')).toBe(true);
    expect(originAllowed(list, 'http://localhost:5174')).toBe(false);
  });
  it('matches subdomains of a wildcard, not the bare domain nor look-alikes', () => {
    expect(originAllowed(list, 'https://www.robokits.in')).toBe(true);
    expect(originAllowed(list, 'https://a.b.robokits.in')).toBe(true);
    expect(originAllowed(list, 'https://robokits.in')).toBe(false);
    expect(originAllowed(list, 'https://evilrobokits.in')).toBe(false);
    expect(originAllowed(list, 'http://www.robokits.in')).toBe(false);
    expect(originAllowed(list, 'https://x.robokits.in.evil.io')).toBe(false);
  });
  it('allows nothing when the list is empty', () => {
    expect(originAllowed([], 'https://shop.example.com')).toBe(false);
  });
});
