import { z } from 'zod';
import { accountMessages } from '@shared/account-messages';
import { Email, PASSWORD_MAX, PASSWORD_MIN, Password, ProfileFields } from '@shared/account.schemas';

/**
 * Form-only schemas of the account screens, built from the shared field
 * schemas the server validates with. The server's own checks of these flows
 * are better-auth's (credentials, tokens, current password).
 */

export const LoginForm = z.object({
  email: Email,
  password: z.string().min(1, 'Password is required'),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const ForgotPasswordForm = z.object({ email: Email });
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordForm>;

export const ResetPasswordForm = z
  .object({ newPassword: Password, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: accountMessages.passwordsDiffer, path: ['confirmPassword'] });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

/** Blank keeps the password; anything else must be a valid password. */
const OptionalNewPassword = z
  .string()
  .refine((v) => v === '' || v.length >= PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .refine((v) => v.length <= PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Edit Profile (SPEC.md §5): every field but the two passwords is required;
 * changing the email or setting a new password needs the current password.
 */
export function editProfileForm(currentEmail: string) {
  return ProfileFields.extend({
    email: Email,
    newPassword: OptionalNewPassword,
    currentPassword: z.string(),
  }).refine((v) => v.currentPassword !== '' || (sameEmail(v.email, currentEmail) && v.newPassword === ''), {
    message: accountMessages.currentPasswordRequired,
    path: ['currentPassword'],
    // Checked even while other fields are still wrong, so every problem shows at once.
    when: (payload) => {
      const v = payload.value as Partial<Record<'email' | 'newPassword' | 'currentPassword', unknown>>;
      return typeof v.email === 'string' && typeof v.newPassword === 'string' && typeof v.currentPassword === 'string';
    },
  });
}
export type EditProfileForm = z.infer<ReturnType<typeof editProfileForm>>;
