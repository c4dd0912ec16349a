import { describe, expect, it } from 'vitest';
import { accountMessages } from './account-messages';
import {
  Address,
  City,
  Email,
  localPhone,
  Me,
  normalizePhone,
  Password,
  Phone,
  FullName,
  SignUpInput,
  SignUpStep1,
  SignUpStep2,
  SignUpStep3,
  State,
  UpdateProfileInput,
  Username,
  ZipCode,
} from './account.schemas';
import { accepted, emailOfLength, refused } from './testing/schema-outcome';

describe('normalizePhone', () => {
  it.each(['9876543210', '+91 98765 43210', '919876543210', '09876543210', '(987) 654-3210'])(
    'accepts exactly 10 digits, with the usual prefixes and separators: %j',
    (typed) => {
      expect(normalizePhone(typed)).toBe('+919876543210');
    },
  );
  it.each(['987654321', '98765432101', '+1 9876543210', '98765x4321', ''])('refuses 9 or 11 digits and anything else: %j', (typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });
  it('shows the 10 digits of a stored phone', () => {
    expect(localPhone('+919876543210')).toBe('9876543210');
    expect(localPhone(null)).toBe('');
  });
});

describe('account fields', () => {
  it.each([
    ['Username', Username, 'abc', 'abc'],
    ['Username', Username, ' a.b_C9 ', 'a.b_C9'],
    ['Username', Username, 'u'.repeat(30), 'u'.repeat(30)],
    ['Email', Email, emailOfLength(254), emailOfLength(254)],
    ['Phone', Phone, '+91 98765 43210', '+91 98765 43210'],
    ['Password', Password, '       a', '       a'],
    ['Password', Password, 'p'.repeat(128), 'p'.repeat(128)],
    ['Address', Address, ' 12 MG Road ', '12 MG Road'],
    ['Address', Address, 'a'.repeat(300), 'a'.repeat(300)],
    ['City', City, 'c'.repeat(100), 'c'.repeat(100)],
    ['State', State, 's'.repeat(100), 's'.repeat(100)],
    ['ZipCode', ZipCode, ' 411001 ', '411001'],
  ])('%s accepts %j as %j', (_n, schema, input, output) => {
    expect(accepted(schema, input)).toBe(output);
  });

  it.each([
    ['Username', Username, undefined, 'Username is required'],
    ['Username', Username, ' ab ', 'Username must be at least 3 characters'],
    ['Username', Username, 'u'.repeat(31), 'Username must be at most 30 characters'],
    ['Username', Username, '-abc', 'Username may use letters, digits, dots and underscores'],
    ['Username', Username, 'abc-', 'Username may use letters, digits, dots and underscores'],
    ['Username', Username, 'ab cd', 'Username may use letters, digits, dots and underscores'],
    ['Email', Email, 'robo@', 'Enter a valid email address'],
    ['Email', Email, emailOfLength(255), 'Email must be at most 254 characters'],
    ['Phone', Phone, undefined, accountMessages.phoneDigits],
    ['Phone', Phone, '98765 4321', accountMessages.phoneDigits],
    ['Password', Password, undefined, 'Password is required'],
    ['Password', Password, 'p'.repeat(7), 'Password must be at least 8 characters'],
    ['Password', Password, 'p'.repeat(129), 'Password must be at most 128 characters'],
    ['FullName', FullName, '   ', 'Full name is required'],
    ['FullName', FullName, 'n'.repeat(101), 'Full name must be at most 100 characters'],
    ['Address', Address, undefined, 'Address is required'],
    ['Address', Address, '   ', 'Address is required'],
    ['Address', Address, 'a'.repeat(301), 'Address must be at most 300 characters'],
    ['City', City, 'c'.repeat(101), 'City must be at most 100 characters'],
    ['State', State, 's'.repeat(101), 'State must be at most 100 characters'],
    ['ZipCode', ZipCode, undefined, 'Zip code is required'],
    ['ZipCode', ZipCode, '41100', 'Zip code must be 6 digits'],
    ['ZipCode', ZipCode, '4110011', 'Zip code must be 6 digits'],
    ['ZipCode', ZipCode, 'x411001', 'Zip code must be 6 digits'],
    ['ZipCode', ZipCode, '011001', 'Zip code cannot start with 0'],
  ])('%s refuses %j: %s', (_n, schema, input, message) => {
    expect(refused(schema, input)).toEqual({ form: message });
  });
});

describe('account forms', () => {
  const profile = { username: 'robo_fan', phone: '98765 43210', address: '12 MG Road', city: 'Pune', state: 'Maharashtra', zipCode: '411001' };
  const step1 = { name: 'Asha Rao', email: 'fan@example.com', username: 'robo_fan', phone: '9876543210' };
  const step3 = { address: '12 MG Road', city: 'Pune', state: 'Maharashtra', zipCode: '411001' };
  const signUp = { ...profile, name: 'Asha Rao', email: 'fan@example.com', password: 'secret-password' };
  const required = (...names: string[]) => Object.fromEntries(names.map((n) => [n, expect.any(String)]));

  it.each([
    ['the profile', UpdateProfileInput, profile, required('username', 'phone', 'address', 'city', 'state', 'zipCode')],
    ['sign-up step 1', SignUpStep1, step1, required('name', 'email', 'username', 'phone')],
    ['sign-up step 3', SignUpStep3, step3, required('address', 'city', 'state', 'zipCode')],
    ['sign-up', SignUpInput, signUp, required('email', 'password', 'name', 'username', 'phone', 'address', 'city', 'state', 'zipCode')],
  ])('%s takes its fields, each required', (_n, schema, input, missing) => {
    expect(accepted(schema, input)).toEqual(input);
    expect(refused(schema, {})).toEqual(missing);
  });

  it('keeps email and password out of a profile change', () => {
    expect(Object.keys(refused(UpdateProfileInput, { ...profile, email: 'new@example.com' }))).toEqual(['form']);
  });

  it('asks for the same password twice on sign-up', () => {
    const password = 'secret-password';
    expect(accepted(SignUpStep2, { password, confirmPassword: password })).toEqual({ password, confirmPassword: password });
    expect(refused(SignUpStep2, { password, confirmPassword: `${password}!` })).toEqual({ confirmPassword: accountMessages.passwordsDiffer });
  });

  it('passes the shopper record through whole', () => {
    const me = {
      id: 'u1',
      name: 'Asha Rao',
      username: 'robo_fan',
      email: 'fan@example.com',
      emailVerified: true,
      phone: '+919876543210',
      address: 'a',
      city: 'c',
      state: 's',
      zipCode: '411001',
    };
    expect(accepted(Me, me)).toEqual(me);
  });
});
