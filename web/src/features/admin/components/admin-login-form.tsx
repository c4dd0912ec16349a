import { useEffect } from 'react';
import { adminMessages } from '@shared/admin-messages';
import { type FieldSpec, FormError, FormFields, SubmitButton } from '../../../components/ui/form-field';
import { notify } from '../../../lib/notify';
import { useActionForm } from '../../../lib/use-action-form';
import { useAdminLogin } from '../api/admin-login';
import { reasonOf } from '../lib/admin-fetch';
import { startAdminSession } from '../lib/admin-session';
import { AdminLoginForm as AdminLoginSchema } from '../lib/form-schemas';

const FIELDS: FieldSpec<AdminLoginSchema>[] = [
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

/** SPEC.md §2 Admin: Username, Password, Login; the server's message on refusal, 'Login failed' when unreachable. */
export function AdminLoginForm({ notice }: { notice: string | null }) {
  const login = useAdminLogin();
  const { form, onSubmit, error } = useActionForm(
    AdminLoginSchema,
    { username: '', password: '' },
    async (values) => {
      const { token } = await login.mutateAsync(values);
      notify('success', adminMessages.loginSuccessful);
      startAdminSession(token);
    },
    (e) => {
      const message = reasonOf(e) ?? adminMessages.loginFailed;
      notify('error', message);
      return message;
    },
  );
  const { setFocus } = form;

  useEffect(() => setFocus('username'), [setFocus]);

  return (
    <div className="ad:mx-auto ad:max-w-sm ad:py-10">
      <form onSubmit={onSubmit} noValidate aria-labelledby="admin-login-heading" className="ad:flex ad:flex-col ad:gap-4 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-6 ad:shadow-sm">
        <h1 id="admin-login-heading" className="ad:text-2xl ad:font-bold ad:text-slate-900">
          Admin Login
        </h1>
        {notice && (
          <p role="status" className="ad:rounded-md ad:border ad:border-amber-200 ad:bg-amber-50 ad:px-3 ad:py-2 ad:text-sm ad:font-medium ad:text-amber-900">
            {notice}
          </p>
        )}
        <FormFields fields={FIELDS} form={form} />
        <SubmitButton busy={form.formState.isSubmitting} label="Login" busyLabel="Logging in..." />
        <FormError>{error}</FormError>
      </form>
    </div>
  );
}
