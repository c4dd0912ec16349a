import type { FastifyReply, FastifyRequest } from 'fastify';
import { twoFactorRequired } from '../settings/settings.service';
import { adminOfSession, adminToken, checkRole, checkTwoFactor, type Admin, type SessionAccount } from './admin-access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** set on admin routes: the route-enumeration test checks every such route refuses others */
    admin?: boolean;
  }
  interface FastifyRequest {
    admin?: Admin;
  }
}

/**
 * preHandler: a valid admin token in `Authorization: Bearer <token>` or, as the
 * original web app sends it (SPEC.md §6), `Authorization: <token>`; else 401
 * (no or bad token) or 403 (not an admin, or a staff role the route is not
 * open to). The rules are in admin-access.ts and shared/src/staff-roles.ts.
 */
async function requireAdmin(req: FastifyRequest, _reply: FastifyReply) {
  const authorization = `Bearer ${adminToken(req.headers.authorization)}`;
  // Only the token counts: a shopper's cookie riding along must not turn into an admin session.
  const session = await req.server.auth.api.getSession({ headers: new Headers({ authorization }) });
  const admin = adminOfSession(session?.user as SessionAccount | undefined);
  req.admin = admin;
  const url = req.routeOptions.url ?? '';
  checkRole(admin, req.method, url);
  // Only accounts without two-factor sign-in pay for the look-up.
  if (!admin.twoFactor) checkTwoFactor(admin, await twoFactorRequired(req.server.db), req.method, url);
}

/** Route options shared by every admin route: the token is checked before the body is even read. */
export const adminRoute = { onRequest: requireAdmin, config: { admin: true } } as const;
