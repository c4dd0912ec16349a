import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { StaffRole } from '@shared/staff-roles';
import { AdminLoginAnswer, AdminLoginTwoFactorInput } from '@shared/two-factor.schemas';
import { isAdmin } from './admin-accounts.service';
import { completeTwoFactor, twoFactorChallenge } from './two-factor';
import { AppError } from '../../errors';
import { CLIENT_IP_HEADER } from '../auth/auth';
import { signInGuard } from '../auth/sign-in-guard';
import * as audit from '../audit/audit.service';
import { adminMessages } from './admin-access';
import { adminRoute } from './admin.guards';

const AdminLogin = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(256),
});

export async function adminAuthRoutes(app: App) {
  // The same per-account counter as the shopper sign-in: one count however many endpoints reach the admin.
  const guard = signInGuard(app.db);
  // Per address, like the shoppers' sign-in limits, and off with them (AUTH_RATE_LIMIT=0: browser tests sign in from one address).
  const signInLimit = app.config.authRateLimit ? { max: 10, timeWindow: '1 minute' } : false;
  app.post(
    '/api/adminlogin',
    {
      config: { rateLimit: signInLimit },
      schema: {
        tags: ['admin'],
        summary:
          'Admin sign-in with username and password: a bearer token, or for an account with two-factor sign-in `{ twoFactorRequired: true, challenge }` to complete with POST /api/adminlogin/2fa',
        body: AdminLogin,
        response: { 200: AdminLoginAnswer, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => {
      const ticket = await guard.check(req.body.username, req.ip);
      const actor = req.body.username.toLowerCase();
      try {
        const answer = await signIn(req.body.username, req.body.password, req.ip, req.headers['user-agent']);
        await guard.succeeded(ticket);
        if ('challenge' in answer) return { twoFactorRequired: true as const, challenge: answer.challenge };
        await audit.record(app.db, { action: 'sign-in', actor, ip: req.ip, method: 'POST', route: '/api/adminlogin', status: 200 });
        return { token: answer.token };
      } catch (err) {
        if (err instanceof AppError && err.status === 401) {
          await guard.failed(ticket);
          await audit.record(app.db, { action: 'sign-in-failed', actor, ip: req.ip, method: 'POST', route: '/api/adminlogin', status: 401 });
        }
        throw err;
      }
    },
  );

  const refused = () => new AppError('admin_login_failed', 401, adminMessages.invalidLogin);

  /**
   * Signs in through better-auth's username sign-in: the token of an admin, or
   * the two-factor challenge of an admin who has it on; else 401.
   */
  async function signIn(username: string, password: string, ip: string, userAgent: string | undefined): Promise<{ token: string } | { challenge: string }> {
    // The address and browser are kept on the session, for the owner's list of staff sessions.
    const headers = new Headers({ [CLIENT_IP_HEADER]: ip, origin: app.config.publicUrl, ...(userAgent ? { 'user-agent': userAgent } : {}) });
    let res: Response;
    try {
      res = await app.auth.api.signInUsername({ body: { username, password }, headers, asResponse: true });
    } catch {
      throw refused();
    }
    const token = res.headers.get('set-auth-token');
    const body = (await res.json().catch(() => null)) as { user?: { role?: string }; twoFactorRedirect?: boolean } | null;
    if (res.ok && body?.twoFactorRedirect) {
      // The password was right; only an admin's second step is offered here.
      if (!(await isAdmin(app.db, username))) throw refused();
      return { challenge: twoFactorChallenge(res) };
    }
    if (!res.ok || !token) throw refused();
    if (body?.user?.role !== 'admin') {
      // A shopper's correct password opens no admin session.
      await app.auth.api.signOut({ headers: new Headers({ authorization: `Bearer ${token}` }) }).catch(() => {});
      throw refused();
    }
    return { token };
  }

  app.post(
    '/api/adminlogin/2fa',
    {
      config: { rateLimit: signInLimit },
      schema: {
        tags: ['admin'],
        summary:
          'Second step of the admin sign-in: the challenge from POST /api/adminlogin and a code from the authenticator app (or a one-time recovery code); answers a bearer token',
        body: AdminLoginTwoFactorInput,
        response: { 200: z.object({ token: z.string() }), 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => {
      try {
        const { token, username } = await completeTwoFactor(app, req.body.challenge, req.body.code, req.ip, req.headers['user-agent']);
        await audit.record(app.db, { action: 'sign-in', actor: username, ip: req.ip, method: 'POST', route: '/api/adminlogin/2fa', status: 200 });
        return { token };
      } catch (err) {
        if (err instanceof AppError && err.status === 401) {
          await audit.record(app.db, {
            action: 'sign-in-failed',
            actor: '(two-factor code)',
            ip: req.ip,
            method: 'POST',
            route: '/api/adminlogin/2fa',
            status: 401,
          });
        }
        throw err;
      }
    },
  );

  app.post(
    '/api/adminlogout',
    {
      ...adminRoute,
      schema: { tags: ['admin'], summary: 'End the admin session (revokes the token)', response: { 200: z.object({ success: z.boolean() }), 401: ErrorBody } },
    },
    async (req) => {
      await app.auth.api.signOut({ headers: new Headers({ authorization: `Bearer ${req.headers.authorization!.replace(/^Bearer /, '')}` }) });
      return { success: true };
    },
  );

  app.get(
    '/api/admin/me',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'The signed-in admin and their staff role',
        response: { 200: z.object({ username: z.string(), role: StaffRole }), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req) => ({ username: req.admin!.username, role: req.admin!.role }),
  );
}
