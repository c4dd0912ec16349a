import { Link, useNavigate } from 'react-router';
import { accountMessages } from '@shared/account-messages';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { NavMenu, menuItemClass } from '@/features/layout/components/nav-menu';
import { useSignOut } from '../api/sign-out';
import { serverMessage } from '../lib/auth-errors';
import { useSession } from '../hooks/use-session';

/** The top bar's account entry: a spinner while the session loads, Login for a visitor, the username menu for a shopper. */
export function UserMenu({ linkClassName }: { linkClassName: string }) {
  const { user, isLoading } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();

  if (isLoading) return <Spinner size="sm" label="Loading your account" />;
  if (!user) {
    return (
      <Link to="/login" className={linkClassName}>
        Login
      </Link>
    );
  }
  return (
    <NavMenu label={user.username} align="right">
      <li>
        <Link to="/editprofile" className={menuItemClass}>
          Edit Profile
        </Link>
      </li>
      <li>
        <Link to="/orders" className={menuItemClass}>
          MY Orders
        </Link>
      </li>
      <li>
        <button
          type="button"
          data-closes-nav
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, {
              onSuccess: () => {
                notify('success', accountMessages.loggedOut);
                void navigate('/');
              },
              onError: (error) => notify('error', serverMessage(error)),
            })
          }
          className={`${menuItemClass} w-full text-left`}
        >
          Logout
        </button>
      </li>
    </NavMenu>
  );
}
