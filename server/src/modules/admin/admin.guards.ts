import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

export const adminMessages = {
  unauthenticated: 'Your session has expired. Please log in again.',
  forbidden: 'This needs an admin account.',
  invalidLogin: 'Invalid username or password',
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** set on admin routes: the route-enumeration test checks every such route refuses others */
    admin?: boolean;
  }
  interface FastifyRequest {
    admin?: { id: string; username: string };
  }
}

/**
 * preHandler: a valid admin token in `Authorization: Bearer <token>` or, as the
 * original web app sends it (SPEC.md §6), `Authorization: <token>`; else 401
 * (no or bad token) or 403 (not an admin).
 */
export async function requireAdmin(req: FastifyRequest, _reply: FastifyReply) {
  const match = /^(?:Bearer )?(\S+)$/.exec(typeof req.headers.authorization === 'string' ? req.headers.authorization : '');
  if (!match) throw new AppError('admin_unauthenticated', 401, adminMessages.unauthenticated);
  const authorization = `Bearer ${match[1]}`;
  // Only the token counts: a shopper's cookie riding along must not turn into an admin session.
  const session = await req.server.auth.api.getSession({ headers: new Headers({ authorization }) });
  if (!session) throw new AppError('admin_unauthenticated', 401, adminMessages.unauthenticated);
  const user = session.user as { id: string; role?: string | null; username?: string | null; name: string };
  if (user.role !== 'admin') throw new AppError('admin_forbidden', 403, adminMessages.forbidden);
  req.admin = { id: user.id, username: user.username ?? user.name };
}

/** Route options shared by every admin route: the token is checked before the body is even read. */
export const adminRoute = { onRequest: requireAdmin, config: { admin: true } } as const;
