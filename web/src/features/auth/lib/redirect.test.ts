import { describe, expect, it } from 'vitest';
import { loginRedirectTarget, safeReturnPath } from './redirect';

describe('loginRedirectTarget', () => {
  it('goes back to the page in the location state', () => {
    expect(loginRedirectTarget({ from: '/cart' }, null)).toBe('/cart');
    expect(loginRedirectTarget({ from: { pathname: '/product/7', search: '?a=1', hash: '#x' } }, '/other')).toBe('/product/7?a=1#x');
  });

  it('falls back to ?redirect=, then to the home page', () => {
    expect(loginRedirectTarget(null, '/editprofile')).toBe('/editprofile');
    expect(loginRedirectTarget(undefined, null)).toBe('/');
    expect(loginRedirectTarget({ other: 1 }, '')).toBe('/');
  });

  it('never leaves the shop nor loops back to the login page', () => {
    expect(loginRedirectTarget({ from: 'https://evil.example/' }, null)).toBe('/');
    expect(loginRedirectTarget(null, '//evil.example/x')).toBe('/');
    expect(loginRedirectTarget(null, '/\\evil.example')).toBe('/');
    expect(loginRedirectTarget({ from: '/login' }, '/Login?x=1')).toBe('/');
    expect(safeReturnPath('/loginhelp')).toBe('/loginhelp');
    expect(safeReturnPath(42)).toBeNull();
  });
});
