import { describe, expect, it } from 'vitest';
import { originAllowed } from './cors';

describe('originAllowed', () => {
  const list = ['https://shop.example.com', 'https://*.robokits.in', 'http://localhost:5173'];
  // An exact origin matches only exactly (but for the host's capitals); a wildcard matches subdomains, not the bare domain nor look-alikes.
  const allowed = ['https://shop.example.com', 'https://SHOP.example.com', 'http://localhost:5173', 'https://www.robokits.in', 'https://a.b.robokits.in'];
  const refused = [
    'http://shop.example.com',
    'https://shop.example.com:8443',
    'https://shop.example.com.evil.io',
    'http://localhost:5174',
    'https://robokits.in',
    'https://evilrobokits.in',
    'http://www.robokits.in',
    'https://x.robokits.in.evil.io',
  ];
  it.each(allowed)('allows %s', (origin) => expect(originAllowed(list, origin)).toBe(true));
  it.each(refused)('refuses %s', (origin) => expect(originAllowed(list, origin)).toBe(false));
  it('allows nothing when the list is empty', () => {
    expect(originAllowed([], 'https://shop.example.com')).toBe(false);
  });
});
