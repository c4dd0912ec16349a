import { z } from 'zod';

/** Two-factor sign-in for admin accounts (TOTP, issue 28): the forms and answers. */
export const TwoFactorCode = z
  .string()
  .trim()
  .min(6, 'Enter the 6-digit code from your app, or a recovery code')
  .max(40, 'Enter the 6-digit code from your app, or a recovery code');

export const AdminLoginTwoFactorInput = z.object({ challenge: z.string().min(1).max(2000), code: TwoFactorCode });
export type AdminLoginTwoFactorInput = z.infer<typeof AdminLoginTwoFactorInput>;

export const AdminLoginAnswer = z.union([z.object({ token: z.string() }), z.object({ twoFactorRequired: z.literal(true), challenge: z.string() })]);
export type AdminLoginAnswer = z.infer<typeof AdminLoginAnswer>;

export const EnrolTwoFactorInput = z.object({ password: z.string().min(1, 'Enter your password').max(256) });
export type EnrolTwoFactorInput = z.infer<typeof EnrolTwoFactorInput>;

export const TwoFactorEnrolment = z.object({
  /** base32, for typing into an app */
  secret: z.string(),
  totpURI: z.string(),
  /** the otpauth URI as a PNG data URL */
  qr: z.string(),
  /** ten one-time recovery codes */
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolment>;

export const ConfirmTwoFactorInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
});
export type ConfirmTwoFactorInput = z.infer<typeof ConfirmTwoFactorInput>;

export const twoFactorMessages = {
  invalidCode: 'That code is not right. Try the current code from your app, or a recovery code.',
  enrolFailed: 'Your password is not right.',
} as const;
