import { z } from 'zod';
import { EmailAddress } from './fields.schemas';
import { accountMessages } from './account-messages';
import { shippingMessages } from './delivery';

/**
 * Shopper account fields, validated alike by the forms and the server.
 * Phones are Indian mobile numbers: typed as 10 digits, stored as +91XXXXXXXXXX.
 */

export const PHONE_PREFIX = '+91';

/** +91XXXXXXXXXX from "9876543210", "+91 98765 43210", "919876543210" or "09876543210"; null if not 10 digits. */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/[\s()-]/g, '');
  const match = /^(?:\+?91|0)?(\d{10})$/.exec(digits);
  return match ? `${PHONE_PREFIX}${match[1]}` : null;
}

/** The 10 digits of a stored phone, for showing in a field next to a fixed +91. */
export function localPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  return stored.startsWith(PHONE_PREFIX) ? stored.slice(PHONE_PREFIX.length) : stored;
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const Username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[A-Za-z0-9_.]+$/, 'Username may use letters, digits, dots and underscores');

/** The shopper's full name, for orders, mails, invoices and courier labels. */
export const FullName = text('Full name', 100);

export const Email = z.email('Enter a valid email address').max(254, 'Email must be at most 254 characters');

export const Phone = z.string({ error: accountMessages.phoneDigits }).refine((v) => normalizePhone(v) !== null, accountMessages.phoneDigits);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const Password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const Address = text('Address', 300);
export const City = text('City', 100);
export const State = text('State', 100);
export const ZipCode = z
  .string({ error: 'Zip code is required' })
  .trim()
  .regex(/^\d{6}$/, 'Zip code must be 6 digits')
  .regex(/^[1-9]/, shippingMessages.zipCannotStartWith0);

/** The address and contact fields a shopper keeps in the profile. */
export const ProfileFields = z.object({
  name: FullName,
  username: Username,
  phone: Phone,
  address: Address,
  city: City,
  state: State,
  zipCode: ZipCode,
});

/**
 * Delivery to another address at checkout (a parent sending a kit to a school):
 * the recipient's name and phone and an address, checked exactly as the profile's.
 */
export const DeliveryAddress = z.object({ name: FullName, phone: Phone, address: Address, city: City, state: State, zipCode: ZipCode }).strict();
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

/**
 * PATCH /api/me: the profile fields only; email and password change through their own flows.
 * The full name may be left out by clients older than it (decision 042): it is then kept as it is.
 */
export const UpdateProfileInput = ProfileFields.extend({ name: FullName.optional() }).strict();
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

/** The sign-up form's three steps. */
export const SignUpStep1 = z.object({ name: FullName, email: Email, username: Username, phone: Phone });
export const SignUpStep2 = z
  .object({ password: Password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: accountMessages.passwordsDiffer, path: ['confirmPassword'] });
export const SignUpStep3 = z.object({ address: Address, city: City, state: State, zipCode: ZipCode });

/** What the server checks on sign-up (the form's confirmation is checked in the form). */
export const SignUpInput = z.object({
  email: Email,
  password: Password,
  ...ProfileFields.shape,
});
export type SignUpInput = z.infer<typeof SignUpInput>;

/** The shopper as GET /api/me answers (SPEC.md §3 user record). */
export const Me = z.object({
  id: z.string(),
  /** The full name; the username for accounts made before it was asked. */
  name: z.string(),
  username: z.string(),
  email: EmailAddress,
  emailVerified: z.boolean(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});
export type Me = z.infer<typeof Me>;
