import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages } from '@shared/account-messages';
import { primaryButton } from '../../../components/ui/button-styles';
import { FormError, FormField } from '../../../components/ui/form-field';
import { notify } from '../../../lib/notify';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { resetRequestErrorMessage } from '../lib/auth-errors';
import { ForgotPasswordForm as ForgotPasswordSchema } from '../lib/form-schemas';
import { linkButton } from './link-button';

type ForgotPasswordFormProps = {
  defaultEmail: string;
  onLogin: (email: string) => void;
};

export function ForgotPasswordForm({ defaultEmail, onLogin }: ForgotPasswordFormProps) {
  const requestReset = useRequestPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ForgotPasswordSchema), defaultValues: { email: defaultEmail } });

  useEffect(() => setFocus('email'), [setFocus]);

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    setSentTo(null);
    try {
      await requestReset.mutateAsync(email);
      notify('success', accountMessages.resetSent);
      setSentTo(email);
    } catch (e) {
      setError(resetRequestErrorMessage(e));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="forgot-heading" className="flex flex-col gap-4">
      <h1 id="forgot-heading" className="text-2xl font-bold text-slate-900">
        Forgot password
      </h1>
      <p className="text-sm text-slate-700">Enter your account's email and we will send you a link to choose a new password.</p>
      <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <button type="submit" disabled={isSubmitting} className={primaryButton}>
        {isSubmitting ? 'Sending...' : 'Send reset email'}
      </button>
      <FormError>{error}</FormError>
      {sentTo && (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          Check {sentTo} for a link to choose a new password.
        </p>
      )}
      <button type="button" className={`${linkButton} self-start text-sm`} onClick={() => onLogin(getValues('email'))}>
        Back to login
      </button>
    </form>
  );
}
