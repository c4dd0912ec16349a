import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * Whether an Origin header is one of the configured web app origins: exact
 * (`https://shop.example.com`) or a wildcard for subdomains (`https://*.example.com`,
 * which matches `https://a.example.com` and `https://a.b.example.com` but not
 * `https://example.com` nor another scheme or port).
 */
export function originAllowed(allowed: string[], origin: string): boolean {
  const o = origin.toLowerCase();
  return allowed.some((entry) => {
    const e = entry.toLowerCase();
    const star = e.indexOf('*');
    if (star === -1) return o === e;
    const prefix = e.slice(0, star); // "https://"
    const suffix = e.slice(star + 1); // ".example.com" (with the port, if any)
    if (!o.startsWith(prefix) || !o.endsWith(suffix)) return false;
    return /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(o.slice(prefix.length, o.length - suffix.length));
  });
}

/**
 * Cross-origin use of the API by web apps on other origins (CORS_ORIGINS), e.g.
 * the original storefront pointed at this server. Only listed origins get CORS
 * headers, credentials only with their exact origin echoed back (never `*`);
 * unlisted origins get none, so browsers refuse their reads. Without
 * CORS_ORIGINS nothing is registered: same origin only.
 *
 * A listed origin's preflight gets the request headers it asks for back as allowed
 * (`allowedHeaders` left unset): the original sends `email` and `content` besides
 * Authorization and Content-Type, as its backend allowed any. A header grants
 * nothing here but the admin token and the session cookie (decision 038).
 */
export const corsPlugin = fp(async (app: FastifyInstance) => {
  const allowed = app.config.corsOrigins;
  if (allowed.length === 0) return;
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && originAllowed(allowed, origin) ? origin : false),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['X-Total-Count', 'X-Total-Count-Capped', 'X-Page', 'X-Page-Size'],
    maxAge: 600,
    strictPreflight: false,
  });
});
