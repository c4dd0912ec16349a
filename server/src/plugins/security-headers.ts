import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The security headers helmet sets (Content-Security-Policy, HSTS, X-Content-Type-Options, …),
 * worked out once at start instead of on every request: @fastify/helmet builds the helmet
 * middleware afresh for each request (parsing the CSP directives each time), which the profile of
 * a cached catalogue read showed as about a tenth of its cost. Same options, same headers, on
 * every answer (errors and 404s included).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
    getHeader: (name: string) => headers[name],
  };
  let failure: unknown = null;
  // helmet's middleware is synchronous: it has set every header when it calls next.
  helmet(options)({} as never, res as never, (err?: unknown) => void (failure = err ?? null));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
