import { useEffect, useState } from 'react';
import { accountMessages } from '@shared/account-messages';
import { FieldsAndSubmit, type FieldSpec, FormNotice } from '@/components/ui/form-field';
import { notify } from '@/lib/notify';
import { useActionForm } from '@/lib/use-action-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { resetRequestErrorMessage } from '../lib/auth-errors';
import { ForgotPasswordForm as ForgotPasswordSchema } from '../lib/form-schemas';
import { linkButton } from './link-button';

const FIELDS: FieldSpec<ForgotPasswordSchema>[] = [{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' }];

type ForgotPasswordFormProps = {
  defaultEmail: string;
  onLogin: (email: string) => void;
};

export function ForgotPasswordForm({ defaultEmail, onLogin }: ForgotPasswordFormProps) {
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, onSubmit, error } = useActionForm(
    ForgotPasswordSchema,
    { email: defaultEmail },
    async ({ email }) => {
      setSentTo(null);
      await requestReset.mutateAsync(email);
      notify('success', accountMessages.resetSent);
      setSentTo(email);
    },
    resetRequestErrorMessage,
  );
  const { setFocus, getValues } = form;

  useEffect(() => setFocus('email'), [setFocus]);

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="forgot-heading" className="flex flex-col gap-4">
      <h1 id="forgot-heading" className="text-2xl font-bold text-slate-900">
        Forgot password
      </h1>
      <p className="text-sm text-slate-700">Enter your account's email and we will send you a link to choose a new password.</p>
      <FieldsAndSubmit fields={FIELDS} form={form} label="Send reset email" busyLabel="Sending..." error={error} />
      <FormNotice>{sentTo && `Check ${sentTo} for a link to choose a new password.`}</FormNotice>
      <button type="button" className={`${linkButton} self-start text-sm`} onClick={() => onLogin(getValues('email'))}>
        Back to login
      </button>
    </form>
  );
}
