import { useEffect, useState } from 'react';
import { z } from 'zod';
import { TwoFactorCode } from '@shared/two-factor.schemas';
import { adminMessages } from '@shared/admin-messages';
import { FieldsAndSubmit, type FieldSpec, FormNotice } from '@/components/ui/form-field';
import { notify } from '@/lib/notify';
import { useActionForm } from '@/lib/use-action-form';
import { useAdminLogin, useAdminLoginTwoFactor } from '../api/admin-login';
import { reasonOf } from '../lib/admin-fetch';
import { startAdminSession } from '../lib/admin-session';
import { AdminLoginForm as AdminLoginSchema } from '../lib/form-schemas';

const FIELDS: FieldSpec<AdminLoginSchema>[] = [
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

const failed = (e: unknown) => {
  const message = reasonOf(e) ?? adminMessages.loginFailed;
  notify('error', message);
  return message;
};

const signedIn = (token: string) => {
  notify('success', adminMessages.loginSuccessful);
  startAdminSession(token);
};

const CodeForm = z.object({ code: TwoFactorCode });
const CODE_FIELDS: FieldSpec<z.infer<typeof CodeForm>>[] = [
  { name: 'code', label: 'Code from your authenticator app', autoComplete: 'one-time-code', inputMode: 'numeric' },
];

/** The second step for an account with two-factor sign-in: a code from the app, or a recovery code. */
function TwoFactorStep({ challenge }: { challenge: string }) {
  const verify = useAdminLoginTwoFactor();
  const { form, onSubmit, error } = useActionForm(
    CodeForm,
    { code: '' },
    async ({ code }) => signedIn((await verify.mutateAsync({ challenge, code })).token),
    failed,
  );
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);
  return (
    <>
      <p className="ad:text-sm ad:text-slate-700">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <form onSubmit={onSubmit} noValidate aria-label="Two-factor code" className="ad:flex ad:flex-col ad:gap-4">
        <FieldsAndSubmit fields={CODE_FIELDS} form={form} label="Verify" busyLabel="Verifying..." error={error} />
      </form>
    </>
  );
}

/** SPEC.md §2 Admin: Username, Password, Login; the server's message on refusal, 'Login failed' when unreachable. */
export function AdminLoginForm({ notice }: { notice: string | null }) {
  const login = useAdminLogin();
  const [challenge, setChallenge] = useState<string | null>(null);
  const { form, onSubmit, error } = useActionForm(
    AdminLoginSchema,
    { username: '', password: '' },
    async (values) => {
      const answer = await login.mutateAsync(values);
      if ('token' in answer) signedIn(answer.token);
      else setChallenge(answer.challenge);
    },
    failed,
  );
  const { setFocus } = form;

  useEffect(() => setFocus('username'), [setFocus]);

  if (challenge) {
    return (
      <div className="ad:mx-auto ad:flex ad:max-w-sm ad:flex-col ad:gap-4 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-6 ad:shadow-sm ad:my-10">
        <h1 className="ad:text-2xl ad:font-bold ad:text-slate-900">Two-factor sign-in</h1>
        <TwoFactorStep challenge={challenge} />
      </div>
    );
  }

  return (
    <div className="ad:mx-auto ad:max-w-sm ad:py-10">
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="admin-login-heading"
        className="ad:flex ad:flex-col ad:gap-4 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-6 ad:shadow-sm"
      >
        <h1 id="admin-login-heading" className="ad:text-2xl ad:font-bold ad:text-slate-900">
          Admin Login
        </h1>
        <FormNotice tone="warning">{notice}</FormNotice>
        <FieldsAndSubmit fields={FIELDS} form={form} label="Login" busyLabel="Logging in..." error={error} />
      </form>
    </div>
  );
}
