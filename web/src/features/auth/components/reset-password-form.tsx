import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { primaryButton } from '@/components/ui/button-styles';
import { FieldsAndSubmit, type FieldSpec } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useActionForm } from '@/lib/use-action-form';
import { useResetPassword } from '../api/reset-password';
import { serverMessage } from '../lib/auth-errors';
import { ResetPasswordForm as ResetPasswordSchema } from '../lib/form-schemas';

const INVALID_LINK = 'This reset link is invalid or has expired.';

const FIELDS: FieldSpec<ResetPasswordSchema>[] = [
  { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', type: 'password', autoComplete: 'new-password' },
];

/** The new-password form of a reset mail's link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const { form, onSubmit, error } = useActionForm(
    ResetPasswordSchema,
    { newPassword: '', confirmPassword: '' },
    async ({ newPassword }) => {
      await reset.mutateAsync({ token, newPassword });
      setDone(true);
    },
    (e) => (e instanceof ApiError && (e.code.toUpperCase() === 'INVALID_TOKEN' || e.status === 401) ? INVALID_LINK : serverMessage(e)),
  );
  const { setFocus } = form;

  useEffect(() => setFocus('newPassword'), [setFocus]);

  if (done) {
    return (
      <div className="text-center">
        <h1 className="text-2xl font-bold text-slate-900">Password changed</h1>
        <p role="status" className="mt-3 text-slate-800">
          Your password has been reset. You can now log in with your new password.
        </p>
        <Link to="/login" className={`${primaryButton} mt-6`}>
          Go to Login
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="reset-heading" className="flex flex-col gap-4">
      <h1 id="reset-heading" className="text-2xl font-bold text-slate-900">
        Choose a new password
      </h1>
      <FieldsAndSubmit fields={FIELDS} form={form} label="Reset password" busyLabel="Saving..." error={error} />
      {error === INVALID_LINK && (
        <Link to="/login?mode=forgot" className="self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          Request a new reset link
        </Link>
      )}
    </form>
  );
}
