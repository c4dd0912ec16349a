import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { adminMessages, adminOfSession, adminToken, checkRole, checkTwoFactor } from './admin-access';

const unauthenticated = expect.objectContaining({ status: 401, code: 'admin_unauthenticated', message: adminMessages.unauthenticated });

describe('the admin token', () => {
  it.each([
    ['Bearer abc.DEF-123_x', 'abc.DEF-123_x'],
    ['abc.DEF-123_x', 'abc.DEF-123_x'],
  ])('is read from %j', (header, token) => {
    expect(adminToken(header)).toBe(token);
  });

  it.each([undefined, '', 'Bearer ', 'Bearer  abc', 'bearer abc', 'Basic abc', 'Bearer abc extra', 'abc\n', ['Bearer abc']])(
    'is missing from %j: 401',
    (header) => {
      expect(() => adminToken(header)).toThrow(AppError);
      expect(() => adminToken(header)).toThrow(unauthenticated);
    },
  );
});

describe('the admin of a session', () => {
  const account = { id: 'a1', name: 'Shop Owner', username: 'owner', role: 'admin', staffRole: 'owner' };

  it('is the account with the admin role, known by its username or else its name, with its staff role', () => {
    expect(adminOfSession(account)).toEqual({ id: 'a1', username: 'owner', role: 'owner', twoFactor: false });
    expect(adminOfSession({ ...account, username: null })).toEqual({ id: 'a1', username: 'Shop Owner', role: 'owner', twoFactor: false });
    expect(adminOfSession({ ...account, username: undefined, staffRole: 'support', twoFactorEnabled: true })).toEqual({
      id: 'a1',
      username: 'Shop Owner',
      role: 'support',
      twoFactor: true,
    });
  });

  it.each(['Owner', '', 'admin', null, undefined])('is nobody for the staff role %j: 403', (staffRole) => {
    expect(() => adminOfSession({ ...account, staffRole })).toThrow(expect.objectContaining({ status: 403, code: 'admin_forbidden' }));
  });

  it.each([null, undefined])('is nobody without a session (%j): 401', (session) => {
    expect(() => adminOfSession(session)).toThrow(unauthenticated);
  });

  it.each([true, 1])('is nobody when the account is disabled (banned %j): 401', (banned) => {
    expect(() => adminOfSession({ ...account, banned })).toThrow(unauthenticated);
  });

  it.each([false, 0, null, undefined])('is the admin when the account is not disabled (banned %j)', (banned) => {
    expect(adminOfSession({ ...account, banned }).role).toBe('owner');
  });

  it.each(['user', 'Admin', '', null, undefined])('is nobody for the role %j: 403', (role) => {
    expect(() => adminOfSession({ ...account, role })).toThrow(
      expect.objectContaining({ status: 403, code: 'admin_forbidden', message: adminMessages.forbidden }),
    );
  });
});

describe('the role check', () => {
  const as = (role: 'owner' | 'support' | 'catalogue', twoFactor = false) => ({ id: 'a1', username: 'x', role, twoFactor });
  const refused = expect.objectContaining({
    status: 403,
    code: 'role_forbidden',
    message: 'Your role (support) cannot do this. Ask the shop owner if you need it.',
  });

  it('lets a role call the routes of its areas, HEAD as GET', () => {
    expect(() => checkRole(as('support'), 'GET', '/api/admin/claims')).not.toThrow();
    expect(() => checkRole(as('support'), 'HEAD', '/api/admin/claims')).not.toThrow();
    expect(() => checkRole(as('catalogue'), 'PATCH', '/api/products/:id')).not.toThrow();
  });

  it('refuses the rest with a 403 that names the role', () => {
    expect(() => checkRole(as('support'), 'PATCH', '/api/products/:id')).toThrow(refused);
    expect(() => checkRole(as('support'), 'POST', '/api/admin/orders/:orderId/refunds')).toThrow(refused);
    expect(() => checkRole(as('support'), 'HEAD', '/api/admin/orders/:orderId/money')).toThrow(refused);
  });

  it('keeps a route without a row for the owner alone', () => {
    expect(() => checkRole(as('owner'), 'POST', '/api/admin/new-thing')).not.toThrow();
    expect(() => checkRole(as('catalogue'), 'POST', '/api/admin/new-thing')).toThrow(expect.objectContaining({ status: 403 }));
  });
});

describe('required two-factor sign-in', () => {
  const admin = (twoFactor: boolean) => ({ id: 'a1', username: 'x', role: 'owner' as const, twoFactor });
  const refused = expect.objectContaining({ status: 403, code: 'two_factor_required' });

  it('leaves an account without it only the routes every admin has', () => {
    expect(() => checkTwoFactor(admin(false), true, 'PATCH', '/api/products/:id')).toThrow(refused);
    expect(() => checkTwoFactor(admin(false), true, 'GET', '/api/admin/staff')).toThrow(refused);
    expect(() => checkTwoFactor(admin(false), true, 'POST', '/api/admin/2fa/enrol')).not.toThrow();
    expect(() => checkTwoFactor(admin(false), true, 'HEAD', '/api/admin/me')).not.toThrow();
  });

  it('does not touch an account with it, or any account when not required', () => {
    expect(() => checkTwoFactor(admin(true), true, 'PATCH', '/api/products/:id')).not.toThrow();
    expect(() => checkTwoFactor(admin(false), false, 'PATCH', '/api/products/:id')).not.toThrow();
  });
});
