import { describe, expect, it } from 'vitest';
import { accountMessages } from '@shared/account-messages';
import { sessionHeaders, shopperOfSession, signedInShopper, verifiedShopper } from './shopper-access';

describe('the headers that prove a session', () => {
  it('are the cookie and the Authorization header, nothing else', () => {
    const headers = sessionHeaders({ cookie: 'session=abc', authorization: 'Bearer t0k', host: 'shop.example', 'x-user-id': 'u1' });
    expect([...headers]).toEqual([
      ['authorization', 'Bearer t0k'],
      ['cookie', 'session=abc'],
    ]);
  });

  it('leave out what the request does not send, or sends more than once', () => {
    expect([...sessionHeaders({ cookie: 'session=abc' })]).toEqual([['cookie', 'session=abc']]);
    expect([...sessionHeaders({ 'x-cookie': ['a', 'b'], host: 'shop.example' })]).toEqual([]);
    expect([...sessionHeaders({ cookie: ['a=1', 'b=2'] as unknown as string, authorization: 'Bearer t0k' })]).toEqual([['authorization', 'Bearer t0k']]);
  });
});

describe('the shopper of a session', () => {
  const account = { id: 'u1', email: 'fan@example.com', emailVerified: true, name: 'robo_fan', role: 'user', image: null };
  const shopper = { id: 'u1', email: 'fan@example.com', emailVerified: true, name: 'robo_fan' };
  const unverified = { ...shopper, emailVerified: false };

  it('is the id, e-mail, verification and name of the account, or null without a session', () => {
    expect(shopperOfSession(account)).toStrictEqual(shopper);
    expect(shopperOfSession({ ...account, emailVerified: null })).toStrictEqual(unverified);
    expect(shopperOfSession(null)).toBeNull();
    expect(shopperOfSession(undefined)).toBeNull();
  });

  it('may use the shop when signed in, else 401', () => {
    expect(signedInShopper(unverified)).toBe(unverified);
    expect(() => signedInShopper(null)).toThrow(expect.objectContaining({ status: 401, code: 'unauthenticated', message: accountMessages.notSignedIn }));
  });

  it('may order and pay once the e-mail address is verified, else 403', () => {
    expect(verifiedShopper(shopper)).toBe(shopper);
    expect(() => verifiedShopper(unverified)).toThrow(
      expect.objectContaining({ status: 403, code: 'email_not_verified', message: accountMessages.verifyFirst }),
    );
  });
});
