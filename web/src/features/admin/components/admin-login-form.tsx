import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminMessages } from '@shared/admin-messages';
import { primaryButton } from '../../../components/ui/button-styles';
import { FormError, FormField } from '../../../components/ui/form-field';
import { notify } from '../../../lib/notify';
import { useAdminLogin } from '../api/admin-login';
import { reasonOf } from '../lib/admin-fetch';
import { startAdminSession } from '../lib/admin-session';
import { AdminLoginForm as AdminLoginSchema } from '../lib/form-schemas';

/** SPEC.md §2 Admin: Username, Password, Login; the server's message on refusal, 'Login failed' when unreachable. */
export function AdminLoginForm({ notice }: { notice: string | null }) {
  const login = useAdminLogin();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(AdminLoginSchema), defaultValues: { username: '', password: '' } });

  useEffect(() => setFocus('username'), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const { token } = await login.mutateAsync(values);
      notify('success', adminMessages.loginSuccessful);
      startAdminSession(token);
    } catch (e) {
      const message = reasonOf(e) ?? adminMessages.loginFailed;
      setError(message);
      notify('error', message);
    }
  });

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
        <FormField label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
        <FormField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? 'Logging in...' : 'Login'}
        </button>
        <FormError>{error}</FormError>
      </form>
    </div>
  );
}
