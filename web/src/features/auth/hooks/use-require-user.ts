import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { accountMessages } from '@shared/account-messages';
import { notify } from '@/lib/notify';
import { LOGIN_REQUIRED_REDIRECT_MS, type LoginState } from '../lib/redirect';
import { useSession } from './use-session';

type LoginRequiredMessage = typeof accountMessages.pleaseLogin | typeof accountMessages.pleaseLoginToAdd;

/**
 * Sends a visitor to /login: shows the reason as a toast and changes page
 * after 2 s (SPEC.md §6); the login page brings the shopper back here.
 * Returns a function for actions (e.g. Add to Cart) that need a shopper.
 */
export function useLoginRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = `${location.pathname}${location.search}${location.hash}`;
  return useCallback(
    (message: LoginRequiredMessage = accountMessages.pleaseLogin): (() => void) => {
      notify('info', message);
      const state: LoginState = { from };
      const timer = window.setTimeout(() => navigate('/login', { state }), LOGIN_REQUIRED_REDIRECT_MS);
      return () => window.clearTimeout(timer);
    },
    [from, navigate],
  );
}

/**
 * A page guard for pages that need a signed-in shopper (cart, checkout):
 * once the session is known and nobody is signed in, redirects to /login
 * with the message. Render nothing shopper-specific while `user` is null.
 */
export function useRequireUser(message: LoginRequiredMessage = accountMessages.pleaseLogin) {
  const session = useSession();
  const redirectToLogin = useLoginRedirect();
  const visitor = !session.isLoading && !session.user;
  useEffect(() => {
    if (!visitor) return;
    return redirectToLogin(message);
  }, [visitor, message, redirectToLogin]);
  return session;
}
