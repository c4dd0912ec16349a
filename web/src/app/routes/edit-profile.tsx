import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages } from '@shared/account-messages';
import { PageMeta } from '@/components/ui/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { EditProfileForm } from '@/features/auth/components/edit-profile-form';
import { useSession } from '@/features/auth/hooks/use-session';
import type { LoginState } from '@/features/auth/lib/redirect';

/** With nobody signed in the page counts down from 5, one tick a second, then opens /login (SPEC.md §9). */
const COUNTDOWN_FROM = 5;

function NoUser() {
  const navigate = useNavigate();
  const [left, setLeft] = useState(COUNTDOWN_FROM);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (left > 1) setLeft(left - 1);
      else {
        const state: LoginState = { from: '/editprofile' };
        void navigate('/login', { state });
      }
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [left, navigate]);
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{accountMessages.noUserFound}</h1>
      <p role="timer" aria-live="off" className="mt-3 text-slate-700">
        {accountMessages.redirectingToLogin(left)}
      </p>
    </div>
  );
}

/** /editprofile: the shopper's profile; closing it returns to the home page. */
export function EditProfileRoute() {
  const { user, isLoading } = useSession();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageMeta title="Edit Profile" />
      {isLoading ? (
        <Spinner label="Loading your profile" />
      ) : user ? (
        <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <EditProfileForm user={user} />
        </div>
      ) : (
        <NoUser />
      )}
    </div>
  );
}
