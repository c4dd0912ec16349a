import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { messages } from '@shared/messages';
import { MAX_PRINT_FILE_BYTES } from '@shared/services.schemas';
import type { App } from '../app-types';
import { registerApiDocs } from './api-docs';
import { corsPlugin } from './cors';
import { START_APP_SCRIPT_CSP } from './first-paint';
import { MAX_UPLOAD_BYTES } from './multipart';
import { registerNulGuard } from './nul-guard';
import { answerCachedFirst } from './public-cache-fast-path';
import { registerPublicCache } from './public-cache';
import { registerSecurityHeaders } from './security-headers';

/**
 * What every request passes through before a route: security headers, CORS,
 * multipart, compression, rate limits (shared through Redis when there is one),
 * the OpenAPI document (made on first use), the public cache of storefront reads and the refusal of
 * NUL characters in any input.
 */
export const httpPlugins = fp(
  async (app: App) => {
    const { config, redis } = app;
    registerSecurityHeaders(app, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Razorpay Checkout loads its script and opens its frame from Razorpay's servers.
          // The one inline script: the start of the app on a page drawn by the server (first-paint.ts).
          scriptSrc: ["'self'", START_APP_SCRIPT_CSP, ...(config.razorpay ? ['https://checkout.razorpay.com'] : [])],
          frameSrc: ["'self'", ...(config.razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : [])],
          connectSrc: ["'self'", ...(config.razorpay ? ['https://lumberjack.razorpay.com'] : [])],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // HSTS only where the shop is served over https: on plain http it would lock browsers out of a shop without TLS.
      hsts: config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    });
    await app.register(corsPlugin);
    await app.register(multipart, { limits: { fileSize: Math.max(MAX_UPLOAD_BYTES, MAX_PRINT_FILE_BYTES) } });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    await app.register(rateLimit, {
      max: config.rateLimitPerMinute,
      ...(redis ? { store: redis.rateLimitStore } : {}),
      timeWindow: '1 minute',
      // The limit's headers only on a refusal (with Retry-After): on every answer they were bytes no browser reads (decision 023).
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      allowList: (req) => req.url.startsWith('/assets/') || req.url.startsWith('/uploads/'),
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: ctx.statusCode,
        message: messages.tooManyRequests,
        code: 'rate_limited',
      }),
    });
    registerApiDocs(app);
    registerPublicCache(app);
    if (config.publicCache) answerCachedFirst(app, app.publicCache);
    registerNulGuard(app);
  },
  { name: 'http', dependencies: ['app-services'] },
);
