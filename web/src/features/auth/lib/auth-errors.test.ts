import { describe, expect, it } from 'vitest';
import { customerMessages } from '@shared/customers.schemas';
import { ApiError } from '@/lib/api-client';
import { resetRequestErrorMessage, signInErrorMessage, signUpFailure } from './auth-errors';

const apiError = (status: number, code: string, message = 'Server says no', fields?: Record<string, string>) => new ApiError(status, { code, message, fields });

describe('signInErrorMessage', () => {
  it('uses the fixed texts for wrong credentials and an unverified email', () => {
    expect(signInErrorMessage(apiError(401, 'INVALID_EMAIL_OR_PASSWORD'))).toBe('Invalid email or password');
    expect(signInErrorMessage(apiError(403, 'EMAIL_NOT_VERIFIED'))).toBe('Email not verified. Please verify your email.');
  });

  it("shows a blocked account the shop's message, not the unverified one (decision 047)", () => {
    expect(signInErrorMessage(apiError(403, 'BANNED_USER', customerMessages.blocked))).toBe(customerMessages.blocked);
  });

  it("shows any other error's own message", () => {
    expect(signInErrorMessage(apiError(429, 'rate_limited', 'Too many requests, please slow down'))).toBe('Too many requests, please slow down');
  });
});

describe('signUpFailure', () => {
  it("says 'Email already in use' when the email is taken", () => {
    expect(signUpFailure(apiError(422, 'USER_ALREADY_EXISTS')).message).toBe('Email already in use');
    expect(signUpFailure(apiError(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL')).field?.name).toBe('email');
  });

  it("passes on a field's message, else says 'Error signing up'", () => {
    const failure = signUpFailure(apiError(400, 'VALIDATION_ERROR', 'Invalid body', { zipCode: 'Zip code must be 6 digits' }));
    expect(failure).toEqual({ message: 'Zip code must be 6 digits', field: { name: 'zipCode', message: 'Zip code must be 6 digits' } });
    expect(signUpFailure(apiError(500, 'internal')).message).toBe('Error signing up');
    expect(signUpFailure(new TypeError('Failed to fetch')).message).toBe('Error signing up');
  });
});

describe('resetRequestErrorMessage', () => {
  it("tells 'User not found' apart from other failures", () => {
    expect(resetRequestErrorMessage(apiError(404, 'USER_NOT_FOUND'))).toBe('User not found');
    expect(resetRequestErrorMessage(apiError(500, 'internal'))).toBe('Error sending reset email');
  });
});
