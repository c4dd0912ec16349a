import type { FastifyReply, FastifyRequest } from 'fastify';
import { replyBeingMade } from '../../plugins/request-context';
import type { SessionWithAccount } from './sessions.repository';
import { sessionHeaders, shopperOfSession, signedInShopper, verifiedShopper, type SessionUser } from './shopper-access';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in shopper, set by requireUser */
    user?: SessionUser;
    /** the shopper's account row, read with the session (decision 089) */
    sessionAccountRow?: SessionWithAccount;
  }
}

/** The request's session user (cookie or bearer token), or null. */
export async function sessionUser(req: FastifyRequest): Promise<SessionUser | null> {
  // A cookie alone, in the common case, is read without better-auth's per-call work (session-reader.ts).
  if (req.headers.authorization === undefined) {
    const account = await req.server.readSession(req.headers.cookie);
    if (account) req.sessionAccountRow = account.row;
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

/**
 * The account row of `userId` as the session of the request being handled was read with it (the
 * session's query reads the account's whole row), or undefined: another user, no request, or a
 * session better-auth read. The request then needs no second read of the shopper's profile
 * (decision 089): the same request, the same row.
 */
export function accountRowOfRequest(userId: string): SessionWithAccount | undefined {
  const row = replyBeingMade()?.request.sessionAccountRow;
  return row?.id === userId ? row : undefined;
}

/** The request changed its shopper's row: what its session read found is no longer the row. */
export function forgetAccountRowOfRequest(): void {
  const req = replyBeingMade()?.request;
  if (req) delete req.sessionAccountRow;
}
