import type { FastifyReply, FastifyRequest } from 'fastify';
import { staffPolicy } from '../settings/staff-policy.service';
import { adminOfSession, adminToken, checkRole, checkTwoFactor, type Admin, type SessionAccount } from './admin-access';
import { checkAdminSession } from './admin-sessions.service';
import { createAdminSessionReader, type AdminSession, type AdminSessionReader } from './admin-session-reader';
import type { Auth } from '../auth/auth';
import type { Db } from '../../db/database';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** set on admin routes: the route-enumeration test checks every such route refuses others */
    admin?: boolean;
  }
  interface FastifyRequest {
    admin?: Admin;
    /** the id of the admin's session (their own sessions list marks it) */
    adminSessionId?: string;
  }
}

const readers = new WeakMap<Auth, AdminSessionReader>();

function readerOf(auth: Auth, db: Db): AdminSessionReader {
  let reader = readers.get(auth);
  if (!reader) readers.set(auth, (reader = createAdminSessionReader(auth, db)));
  return reader;
}

/**
 * preHandler: a valid admin token in `Authorization: Bearer <token>` or, as the
 * original web app sends it (SPEC.md §6), `Authorization: <token>`; else 401
 * (no or bad token, a disabled account, a session past the owner's idle or
 * absolute limit) or 403 (not an admin, a staff role the route is not open to,
 * two-factor sign-in required and not set up). The rules are in
 * admin-access.ts, admin-sessions.service.ts and shared/src/staff-roles.ts.
 */
async function requireAdmin(req: FastifyRequest, _reply: FastifyReply) {
  const token = adminToken(req.headers.authorization);
  // Only the token counts: a shopper's cookie riding along must not turn into an admin session.
  // A live session read in one query (admin-session-reader.ts), else by better-auth, which decides the rest.
  const session: AdminSession | null =
    (await readerOf(req.server.auth, req.server.db)(token)) ??
    (await req.server.auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) }));
  const admin = adminOfSession(session?.user as SessionAccount | undefined);
  // The owner's policy, kept by this node for at most 2 s (decision 054); the session's last use is written at most once a minute.
  const policy = await staffPolicy(req.server.db, req.server.config.staffPolicy);
  await checkAdminSession(req.server.db, session!.session, policy);
  req.admin = admin;
  req.adminSessionId = session!.session.id;
  const url = req.routeOptions.url ?? '';
  checkRole(admin, req.method, url);
  if (!admin.twoFactor) checkTwoFactor(admin, policy.requireTwoFactor, req.method, url);
}

/** Route options shared by every admin route: the token is checked before the body is even read. */
export const adminRoute = { onRequest: requireAdmin, config: { admin: true } } as const;
