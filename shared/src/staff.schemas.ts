import { z } from 'zod';
import { EmailAddress, Instant } from './fields.schemas';
import { StaffRole } from './staff-roles';

/** The owner's staff section: one schema per form, used by the server and the dashboard. */
const StaffUsername = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.]{3,30}$/, 'The username must be 3-30 letters, digits, dots or underscores');

export const CreateStaffInput = z.object({
  username: StaffUsername,
  email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
  role: StaffRole,
});
export type CreateStaffInput = z.infer<typeof CreateStaffInput>;

/**
 * PATCH: any of a new role, disabling or enabling, a new password (generated,
 * shown once), and turning two-factor sign-in off (a lost phone); the last two
 * end the account's sessions.
 */
export const UpdateStaffInput = z
  .object({
    role: StaffRole.optional(),
    disabled: z.boolean().optional(),
    resetPassword: z.literal(true).optional(),
    resetTwoFactor: z.literal(true).optional(),
  })
  .strict();
export type UpdateStaffInput = z.infer<typeof UpdateStaffInput>;

export const StaffMember = z.object({
  id: z.string(),
  username: z.string(),
  email: EmailAddress,
  role: StaffRole,
  disabled: z.boolean(),
  twoFactor: z.boolean(),
  createdAt: Instant,
});
export type StaffMember = z.infer<typeof StaffMember>;

/** A new account or a reset password: the password is shown once. */
export const StaffWithPassword = z.object({ staff: StaffMember, password: z.string().optional() });
export type StaffWithPassword = z.infer<typeof StaffWithPassword>;

export const staffAccountMessages = {
  usernameTaken: 'That username is taken.',
  emailTaken: 'That email is used by another account.',
  notFound: 'There is no such staff account.',
  lastOwner: 'The shop needs at least one active owner: make another owner first.',
  deleted: 'Staff account deleted',
} as const;
