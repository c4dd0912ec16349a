import { describe, expect, it } from 'vitest';
import { editProfileForm } from './form-schemas';

const valid = {
  name: 'Meera Iyer',
  username: 'maker_1',
  phone: '9876543210',
  address: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  zipCode: '411001',
  email: 'maker@example.com',
  newPassword: '',
  currentPassword: '',
};

function errorsOf(input: Record<string, string>) {
  const result = editProfileForm('maker@example.com').safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('editProfileForm', () => {
  it('accepts a profile change without any password', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, email: 'MAKER@example.com' })).toEqual({});
  });

  it('requires every field but the passwords', () => {
    const errors = errorsOf({ ...valid, name: ' ', username: '', address: ' ', city: '', state: '', zipCode: '' });
    expect(Object.keys(errors).sort()).toEqual(['address', 'city', 'name', 'state', 'username', 'zipCode']);
    expect(errorsOf({ ...valid, phone: '12345' })).toEqual({ phone: 'Phone number must be 10 digits' });
  });

  it('requires the current password to change the email or the password', () => {
    const required = { currentPassword: 'Current password is required to change your email or password' };
    expect(errorsOf({ ...valid, email: 'new@example.com' })).toEqual(required);
    expect(errorsOf({ ...valid, newPassword: 'a-new-secret' })).toEqual(required);
    expect(errorsOf({ ...valid, newPassword: 'a-new-secret', currentPassword: 'old-secret' })).toEqual({});
  });

  it('reports the missing current password together with other problems', () => {
    expect(Object.keys(errorsOf({ ...valid, city: '', email: 'new@example.com' })).sort()).toEqual(['city', 'currentPassword']);
  });

  it('checks a new password only when one is typed', () => {
    expect(errorsOf({ ...valid, newPassword: 'short', currentPassword: 'x' })).toEqual({
      newPassword: 'Password must be at least 8 characters',
    });
  });
});
