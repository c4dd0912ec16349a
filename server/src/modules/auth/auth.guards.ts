import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionHeaders, shopperOfSession, signedInShopper, verifiedShopper, type SessionUser } from './shopper-access';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in shopper, set by requireUser */
    user?: SessionUser;
  }
}

/** The request's session user (cookie or bearer token), or null. */
export async function sessionUser(req: FastifyRequest): Promise<SessionUser | null> {
  // A cookie alone, in the common case, is read without better-auth's per-call work (session-reader.ts).
  if (req.headers.authorization === undefined) {
    const account = await req.server.readSession(req.headers.cookie);
    if (account !== undefined) return shopperOfSession(account);
  }
  const session = await req.server.auth.api.getSession({ headers: sessionHeaders(req.headers) });
  return shopperOfSession(session?.user);
}

/** preHandler: a signed-in shopper, else 401 (the rules are in shopper-access.ts). */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
  req.user = signedInShopper(await sessionUser(req));
}

/** preHandler: a signed-in shopper whose e-mail is verified, else 401 or 403. */
export async function requireVerifiedUser(req: FastifyRequest, _reply: FastifyReply) {
  const user = signedInShopper(await sessionUser(req));
  req.user = user;
  verifiedShopper(user);
}
