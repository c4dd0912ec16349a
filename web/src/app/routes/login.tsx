import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { loginRedirectTarget } from '@/features/auth/lib/redirect';

type Mode = 'login' | 'signup' | 'forgot';

const TITLES: Record<Mode, string> = { login: 'Login', signup: 'Sign up', forgot: 'Forgot password' };

function modeOf(param: string | null): Mode {
  return param === 'signup' || param === 'forgot' ? param : 'login';
}

/**
 * /login: login, sign-up (three steps) and forgot password on one page
 * (SPEC.md §2). ?mode=signup|forgot opens the other modes; the email typed in
 * one mode carries over to the next.
 */
export function LoginRoute() {
  // Following a link to /login again (e.g. the header's) starts over in its mode.
  return <LoginPage key={useLocation().key} />;
}

function LoginPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() => modeOf(params.get('mode')));
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const redirectTo = loginRedirectTarget(location.state, params.get('redirect'));

  const switchTo = (next: Mode) => (typed: string) => {
    setEmail(typed);
    setNotice(null);
    setMode(next);
  };

  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <PageMeta title={TITLES[mode]} />
      <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {mode === 'login' && (
          <LoginForm defaultEmail={email} notice={notice} redirectTo={redirectTo} onForgotPassword={switchTo('forgot')} onSignUp={switchTo('signup')} />
        )}
        {mode === 'signup' && (
          <SignUpForm
            defaultEmail={email}
            onLogin={switchTo('login')}
            onSignedUp={(address) => {
              setEmail(address);
              setNotice(`We sent a verification link to ${address}. Follow it, then log in.`);
              setMode('login');
            }}
          />
        )}
        {mode === 'forgot' && <ForgotPasswordForm defaultEmail={email} onLogin={switchTo('login')} />}
      </div>
    </div>
  );
}
