import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountMessages } from '@shared/account-messages';
import { primaryButton } from '@/components/ui/button-styles';
import { FieldsAndSubmit, type FieldSpec, FormNotice } from '@/components/ui/form-field';
import { notify } from '@/lib/notify';
import { useActionForm } from '@/lib/use-action-form';
import { useSignIn } from '../api/sign-in';
import { signInErrorMessage } from '../lib/auth-errors';
import { LoginForm as LoginFormSchema } from '../lib/form-schemas';
import { LOGIN_REDIRECT_MS } from '../lib/redirect';
import { linkButton } from './link-button';

const FIELDS: FieldSpec<LoginFormSchema>[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

type LoginFormProps = {
  defaultEmail: string;
  /** Shown above the form, e.g. after a sign-up. */
  notice: string | null;
  /** Where to go once signed in. */
  redirectTo: string;
  onForgotPassword: (email: string) => void;
  onSignUp: (email: string) => void;
};

export function LoginForm({ defaultEmail, notice, redirectTo, onForgotPassword, onSignUp }: LoginFormProps) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [signedIn, setSignedIn] = useState(false);
  const { form, onSubmit, error } = useActionForm(
    LoginFormSchema,
    { email: defaultEmail, password: '' },
    async (values) => {
      await signIn.mutateAsync(values);
      notify('success', accountMessages.loginSuccessful);
      setSignedIn(true);
    },
    signInErrorMessage,
  );
  const { setFocus, getValues } = form;

  useEffect(() => {
    setFocus(defaultEmail ? 'password' : 'email');
  }, [setFocus, defaultEmail]);

  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => void navigate(redirectTo, { replace: true }), LOGIN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, navigate, redirectTo]);

  if (signedIn) {
    return (
      <div className="text-center">
        <h1 className="text-2xl font-bold text-slate-900">Login</h1>
        <p role="status" className="mt-4 text-slate-800">
          You are logged in. Redirecting you in 2 seconds…
        </p>
        <Link to={redirectTo} replace className={`${primaryButton} mt-4`}>
          Continue now
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="login-heading" className="flex flex-col gap-4">
      <h1 id="login-heading" className="text-2xl font-bold text-slate-900">
        Login
      </h1>
      <FormNotice>{notice}</FormNotice>
      <FieldsAndSubmit fields={FIELDS} form={form} label="Login" busyLabel="Logging in..." error={error} />
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className={linkButton} onClick={() => onForgotPassword(getValues('email'))}>
          Forgot password?
        </button>
        <button type="button" className={linkButton} onClick={() => onSignUp(getValues('email'))}>
          New here? Sign up
        </button>
      </div>
    </form>
  );
}
