import { Link, useSearchParams } from 'react-router';
import { primaryButton } from '@/components/ui/button-styles';
import { PageMeta } from '@/components/ui/page-meta';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /reset-password?token=…: the link of a password reset mail. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <PageMeta title="Reset password" />
      <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <div className="text-center">
            <h1 className="text-2xl font-bold text-slate-900">Reset password</h1>
            <p role="alert" className="mt-3 text-slate-800">
              This reset link is invalid or has expired.
            </p>
            <Link to="/login?mode=forgot" className={`${primaryButton} mt-6`}>
              Request a new reset link
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
