import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { primaryButton } from '@/components/ui/button-styles';
import { PageMeta } from '@/components/ui/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { meQueryKey } from '@/features/auth/api/get-me';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { useSession } from '@/features/auth/hooks/use-session';

/** /verify-email?token=…: the link of a verification mail (new account or changed address). */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail(token);
  const queryClient = useQueryClient();
  const { user } = useSession();

  // The address (or the session, when the server signs the shopper in) has changed.
  useEffect(() => {
    if (verify.isSuccess) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [verify.isSuccess, queryClient]);

  let body;
  if (token !== '' && verify.isPending) {
    body = <Spinner label="Verifying your email" />;
  } else if (verify.isSuccess) {
    body = (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Email verified</h1>
        <p role="status" className="mt-3 text-slate-800">
          Your email address is verified.
        </p>
        {user ? (
          <Link to="/" className={`${primaryButton} mt-6`}>
            Continue shopping
          </Link>
        ) : (
          <Link to="/login" className={`${primaryButton} mt-6`}>
            Go to Login
          </Link>
        )}
      </>
    );
  } else {
    body = (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Verification failed</h1>
        <p role="alert" className="mt-3 text-slate-800">
          This verification link is invalid or has expired.
        </p>
        <p className="mt-2 text-sm text-slate-700">Log in with your email and password to receive a new link.</p>
        <Link to="/login" className={`${primaryButton} mt-6`}>
          Go to Login
        </Link>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-md py-12 text-center">
      <PageMeta title="Verify email" />
      {body}
    </div>
  );
}
