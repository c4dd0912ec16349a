import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { messages } from '@shared/messages';
import { databaseAvailability } from '../../db/database';
import { DatabaseUnavailableError } from '../../db/pg-pool';
import { CLIENT_IP_HEADER } from './auth';
import { signInGuard } from './sign-in-guard';

const SIGN_IN_PATHS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-in/username']);

/** The e-mail address or username a sign-in request names, if any. */
function signInIdentifier(body: unknown): string | null {
  try {
    const parsed = (typeof body === 'string' ? JSON.parse(body) : body) as { email?: unknown; username?: unknown } | null;
    const id = parsed?.email ?? parsed?.username;
    return typeof id === 'string' && id.trim() ? id : null;
  } catch {
    return null;
  }
}

/** Whether an answer's body is JSON with a non-empty message. */
function hasMessage(body: Buffer): boolean {
  try {
    const message = (JSON.parse(body.toString('utf8')) as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message.trim() !== '';
  } catch {
    return false;
  }
}

/**
 * Mounts better-auth at /api/auth/*. Bodies reach it as the raw text the client
 * sent (it parses them itself), and the client's address as Fastify resolved it
 * from the connection and TRUST_PROXY; a client cannot set that header itself.
 */
export async function authRoutes(app: FastifyInstance) {
  const guard = signInGuard(app.db);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(req, reply) {
      // Repeated failures against one account slow it down whatever the client address.
      const identifier = req.method === 'POST' && SIGN_IN_PATHS.has(req.url.split('?')[0]!) ? signInIdentifier(req.body) : null;
      const accountKey = identifier ? await guard.check(identifier) : null;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || name === CLIENT_IP_HEADER) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      headers.set(CLIENT_IP_HEADER, req.ip);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(new URL(req.url, app.config.publicUrl), {
        method: req.method,
        headers,
        body: hasBody ? (typeof req.body === 'string' ? req.body : req.body ? JSON.stringify(req.body) : undefined) : undefined,
      });
      const res = await app.auth.handler(request);
      // better-auth turns a failed query into its own 500: while the database is away that is our 503.
      if (res.status >= 500 && databaseAvailability(app.db)?.up === false) throw new DatabaseUnavailableError(undefined);
      if (accountKey && res.status === 401) await guard.failed(accountKey);
      else if (accountKey && res.ok) await guard.succeeded(accountKey);
      reply.code(res.status);
      res.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const body = Buffer.from(await res.arrayBuffer());
      // better-auth answers an unknown endpoint with an empty 404: our clients read every 4xx's message.
      if (res.status >= 400 && !hasMessage(body)) {
        const [message, code] = res.status === 404 ? [messages.notFound, 'not_found'] : [STATUS_CODES[res.status] ?? 'Bad request', 'bad_request'];
        return reply.type('application/json; charset=utf-8').send({ message, code });
      }
      return reply.send(body.length > 0 ? body : null);
    },
  });
}
