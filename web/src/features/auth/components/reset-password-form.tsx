import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { primaryButton } from '../../../components/ui/button-styles';
import { FormError, FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { serverMessage } from '../lib/auth-errors';
import { ResetPasswordForm as ResetPasswordSchema } from '../lib/form-schemas';

const INVALID_LINK = 'This reset link is invalid or has expired.';

/** The new-password form of a reset mail's link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ResetPasswordSchema), defaultValues: { newPassword: '', confirmPassword: '' } });

  useEffect(() => setFocus('newPassword'), [setFocus]);

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setError(null);
    try {
      await reset.mutateAsync({ token, newPassword });
      setDone(true);
    } catch (e) {
      const invalidToken = e instanceof ApiError && (e.code.toUpperCase() === 'INVALID_TOKEN' || e.status === 401);
      setError(invalidToken ? INVALID_LINK : serverMessage(e));
    }
  });

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
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <button type="submit" disabled={isSubmitting} className={primaryButton}>
        {isSubmitting ? 'Saving...' : 'Reset password'}
      </button>
      <FormError>{error}</FormError>
      {error === INVALID_LINK && (
        <Link to="/login?mode=forgot" className="self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          Request a new reset link
        </Link>
      )}
    </form>
  );
}
