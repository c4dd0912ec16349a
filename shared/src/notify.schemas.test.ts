import { describe, expect, it } from 'vitest';
import { notifyMessages, NotifyInput, NotifySignup } from './notify.schemas';
import { accepted, emailOfLength, refused } from './testing/schema-outcome';

describe('the Notify Me form', () => {
  it.each([
    [' fan@example.com ', 'fan@example.com'],
    [` ${emailOfLength(254)} `, emailOfLength(254)],
  ])('takes %j as %j', (email, expected) => {
    expect(accepted(NotifyInput, { email })).toEqual({ email: expected });
  });

  it.each([undefined, '', 'fan@', emailOfLength(255)])('refuses %j with one message', (email) => {
    expect(refused(NotifyInput, { email })).toEqual({ email: notifyMessages.invalidEmail });
  });

  it('passes a sign-up record through whole', () => {
    const signup = { id: 1, email: 'fan@example.com', createdAt: '2026-11-23T10:00:00.000Z' };
    expect(accepted(NotifySignup, signup)).toEqual(signup);
  });
});
