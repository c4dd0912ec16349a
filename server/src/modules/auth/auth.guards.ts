import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountMessages } from '@shared/account-messages';
import { AppError } from '../../errors';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in shopper, set by requireUser */
    user?: SessionUser;
  }
}

/** The request's session user (cookie or bearer token), or null. */
export async function sessionUser(req: FastifyRequest): Promise<SessionUser | null> {
  const headers = new Headers();
  for (const name of ['cookie', 'authorization']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const session = await req.server.auth.api.getSession({ headers });
  if (!session) return null;
  const { id, email, emailVerified, name } = session.user;
  return { id, email, emailVerified: Boolean(emailVerified), name };
}

/** preHandler: a signed-in shopper, else 401. */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
  const user = await sessionUser(req);
  if (!user) throw new AppError('unauthenticated', 401, accountMessages.notSignedIn);
  req.user = user;
}

/** preHandler: a signed-in shopper whose e-mail is verified, else 401 or 403. */
export async function requireVerifiedUser(req: FastifyRequest, reply: FastifyReply) {
  await requireUser(req, reply);
  if (!req.user?.emailVerified) throw new AppError('email_not_verified', 403, accountMessages.verifyFirst);
}
