import Fastify, { LogController } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@shared/messages';
import type { Config } from './config';
import type { Db } from './db/database';
import type { FileStorage } from './storage/storage';
import { randomBytes, randomUUID } from 'node:crypto';
import { createAuth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/auth.routes';
import { redisWithFallback } from './modules/system/redis-fallback';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { getOrCreateSetting } from './modules/settings/settings.repository';
import { cartRoutes } from './modules/cart/cart.routes';
import { couponRoutes } from './modules/coupons/coupons.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { simulatedCheckoutRoutes, webhookRoutes } from './modules/payments/payments.routes';
import { razorpayProvider } from './modules/payments/razorpay-provider';
import { simulatedProvider } from './modules/payments/simulated-provider';
import { adminAuthRoutes } from './modules/admin/admin-auth.routes';
import { catalogueAdminRoutes } from './modules/catalogue/catalogue.admin.routes';
import { advertAdminRoutes } from './modules/adverts/adverts.admin.routes';
import { couponAdminRoutes } from './modules/coupons/coupons.admin.routes';
import { orderAdminRoutes } from './modules/orders/orders.admin.routes';
import { mailAdminRoutes } from './modules/mail/mail.admin.routes';
import { claimAdminRoutes } from './modules/claims/claims.admin.routes';
import { printingAdminRoutes } from './modules/printing/printing.admin.routes';
import { refundAdminRoutes } from './modules/refunds/refunds.admin.routes';
import { notifyRoutes } from './modules/notify/notify.routes';
import { invoiceRoutes } from './modules/invoices/invoices.routes';
import { legacyRoutes } from './modules/legacy/legacy.routes';
import { webhookQueue } from './modules/jobs/webhook-queue';
import { serviceRoutes } from './modules/claims/services.routes';
import { MAX_UPLOAD_BYTES } from './plugins/multipart';
import { MAX_PRINT_FILE_BYTES } from '@shared/services.schemas';
import { registerErrorHandler } from './plugins/errors';
import { uploadsPlugin } from './plugins/uploads';
import { corsPlugin } from './plugins/cors';
import { webPlugin } from './plugins/web';
import { advertRoutes } from './modules/adverts/adverts.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { healthRoutes } from './modules/system/health.routes';
import { seoRoutes } from './modules/system/seo.routes';
import { storefrontRoutes } from './modules/storefront/storefront.routes';
import { registerPublicCache } from './plugins/public-cache';
import { registerSecurityHeaders } from './plugins/security-headers';

import type { App } from './app-types';

export type { App };

export interface AppDeps {
  config: Config;
  db: Db;
  storage: FileStorage;
  /** defaults to SMTP or the outbox, as configured */
  mailer?: Mailer;
  /** defaults to Razorpay with keys, else the simulation; tests pass a Razorpay provider aimed at a stand-in */
  payments?: PaymentProvider;
}

/**
 * The whole HTTP application as one Fastify instance: external plugins, then
 * app plugins, then routes. It owns no resources: the caller creates the
 * database and storage and closes them.
 */
export async function buildApp({ config, db, storage, mailer, payments }: AppDeps): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: config.trustProxy === 'true' ? true : config.trustProxy,
    // The balancer's X-Request-Id when it sends a sane one, else a random id: unique across nodes, on every log line.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 2100 },
    bodyLimit: 1024 * 1024,
    // Access logs only when debugging; errors are always logged by the error handler.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('storage', storage);
  registerErrorHandler(app);
  const routeList: App['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeList.push({ method, url: route.url, admin: route.config?.admin === true });
    }
  });

  // Redis accelerates (shared rate limits) but is never needed: without it, counting falls back to this process.
  const redis = config.redisUrl ? redisWithFallback(config.redisUrl, app.log) : null;
  if (redis) app.addHook('onClose', async () => redis.close());
  app.decorate('redis', redis);
  const mail = mailer ?? createMailer(config, db, app.log);
  const secret = config.authSecret ?? (await getOrCreateSetting(db, 'auth_secret', () => randomBytes(32).toString('base64url')));
  const auth = await createAuth({ config, db, mailer: mail, secret, log: app.log, ...(redis ? { rateLimitStore: redis.authStore } : {}) });
  app.decorate('mailer', mail);
  app.decorate('auth', auth);

  const simulated = payments || config.razorpay ? null : simulatedProvider(db, {
    keySecret: await getOrCreateSetting(db, 'simulated_key_secret', () => randomBytes(24).toString('base64url')),
    webhookSecret: await getOrCreateSetting(db, 'simulated_webhook_secret', () => randomBytes(24).toString('base64url')),
  });
  const provider = payments ?? (config.razorpay ? razorpayProvider(config.razorpay) : simulated!);
  app.decorate('payments', provider);
  app.decorate('simulatedPayments', simulated);
  // Like Razorpay, the simulation tells the shop by signed webhooks a moment later, through the same route;
  // they wait in the database until delivered, so a node that dies loses none.
  const queue = simulated
    ? webhookQueue(db, async (raw, eventId) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/razorpay/webhook',
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': simulated.signWebhook(raw), 'x-razorpay-event-id': eventId },
          payload: raw,
        });
        return res.statusCode < 300;
      })
    : null;
  if (simulated && queue) {
    simulated.setWebhookSender(({ event, id, payload }) =>
      queue.enqueue(id, JSON.stringify({ entity: 'event', event, payload, created_at: Math.floor(Date.now() / 1000) }), config.simulatedWebhookDelayMs),
    );
    app.addHook('onClose', async () => queue.stop());
  }
  app.decorate('simulatedWebhooks', queue);
  app.decorate('orderDeps', { db, provider, mailer: mail, config, log: app.log });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Razorpay Checkout loads its script and opens its frame from Razorpay's servers.
        scriptSrc: ["'self'", ...(config.razorpay ? ['https://checkout.razorpay.com'] : [])],
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
    allowList: (req) => req.url.startsWith('/assets/') || req.url.startsWith('/uploads/'),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: ctx.statusCode,
      message: messages.tooManyRequests,
      code: 'rate_limited',
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.public.shopName} API`, version: '1' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  registerPublicCache(app);

  await app.register(uploadsPlugin);
  await app.register(healthRoutes);
  await app.register(catalogueRoutes);
  await app.register(advertRoutes);
  await app.register(legacyRoutes);
  await app.register(storefrontRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(cartRoutes);
  await app.register(couponRoutes);
  await app.register(orderRoutes);
  await app.register(webhookRoutes);
  await app.register(simulatedCheckoutRoutes);
  await app.register(adminAuthRoutes);
  await app.register(catalogueAdminRoutes);
  await app.register(advertAdminRoutes);
  await app.register(couponAdminRoutes);
  await app.register(orderAdminRoutes);
  await app.register(mailAdminRoutes);
  await app.register(serviceRoutes);
  await app.register(claimAdminRoutes);
  await app.register(printingAdminRoutes);
  await app.register(refundAdminRoutes);
  await app.register(notifyRoutes);
  await app.register(invoiceRoutes);
  await app.register(seoRoutes);
  await app.register(webPlugin);
  return app;
}
