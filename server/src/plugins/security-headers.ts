import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The security headers helmet sets (Content-Security-Policy, HSTS, X-Content-Type-Options, …),
 * worked out once at start instead of on every request: @fastify/helmet builds the helmet
 * middleware afresh for each request (parsing the CSP directives each time), which the profile of
 * a cached catalogue read showed as about a tenth of its cost.
 *
 * Pages, files and the API's own documentation get all of them. The API's JSON answers get the
 * ones that mean something for data that is never a document (OWASP's REST list): a CSP that lets
 * the answer run and embed nothing, nosniff, the cross-origin resource policy and HSTS when it is
 * on. The others (frame options, referrer policy, DNS prefetch, …) only steer what a document
 * does; a kilobyte of them on every small answer cost a quarter of the throughput of a cached read
 * (decision 023).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const documents = helmetHeaders(options);
  const api: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': documents['cross-origin-resource-policy'] ?? 'same-origin',
    ...(documents['strict-transport-security'] ? { 'strict-transport-security': documents['strict-transport-security'] } : {}),
  };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiAnswer(req) ? api : documents);
    done();
  });
}

/** A JSON answer of the API, not its documentation pages (Swagger UI is a document with scripts). */
function isApiAnswer(req: FastifyRequest) {
  return req.url.startsWith('/api/') && !req.url.startsWith('/api/docs');
}

/** helmet's headers for these options, lower-cased, as its (synchronous) middleware sets them. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failure: unknown = null;
  helmet(options)({} as never, res as never, (err?: unknown) => void (failure = err ?? null));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}
