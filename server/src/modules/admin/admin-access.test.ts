import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { adminMessages, adminOfSession, adminToken } from './admin-access';

const unauthenticated = expect.objectContaining({ status: 401, code: 'admin_unauthenticated', message: adminMessages.unauthenticated });

describe('the admin token', () => {
  it.each([
    ['Bearer abc.DEF-123_x', 'abc.DEF-123_x'],
    ['abc.DEF-123_x', 'abc.DEF-123_x'],
  ])('is read from %j', (header, token) => {
    expect(adminToken(header)).toBe(token);
  });

  it.each([undefined, '', 'Bearer ', 'Bearer  abc', 'bearer abc', 'Basic abc', 'Bearer abc extra', 'abc\n', ['Bearer abc']])('is missing from %j: 401', (header) => {
    expect(() => adminToken(header)).toThrow(AppError);
    expect(() => adminToken(header)).toThrow(unauthenticated);
  });
});

describe('the admin of a session', () => {
  const account = { id: 'a1', name: 'Shop Owner', username: 'owner', role: 'admin' };

  it('is the account with the admin role, known by its username or else its name', () => {
    expect(adminOfSession(account)).toEqual({ id: 'a1', username: 'owner' });
    expect(adminOfSession({ ...account, username: null })).toEqual({ id: 'a1', username: 'Shop Owner' });
    expect(adminOfSession({ ...account, username: undefined })).toEqual({ id: 'a1', username: 'Shop Owner' });
  });

  it.each([null, undefined])('is nobody without a session (%j): 401', (session) => {
    expect(() => adminOfSession(session)).toThrow(unauthenticated);
  });

  it.each(['user', 'Admin', '', null, undefined])('is nobody for the role %j: 403', (role) => {
    expect(() => adminOfSession({ ...account, role })).toThrow(
      expect.objectContaining({ status: 403, code: 'admin_forbidden', message: adminMessages.forbidden }),
    );
  });
});
