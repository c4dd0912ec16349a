import Fastify, {
  LogController, type FastifyBaseLogger, type FastifyInstance, type RawReplyDefaultExpression, type RawRequestDefaultExpression, type RawServerDefault } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../shared/src/messages';
import type { Config } from './config';
import type { Db } from './db/database';
import type { FileStorage } from './storage/storage';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createAuth, type Auth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/auth.routes';
import { redisRateLimitStore } from './modules/auth/rate-limit-store';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { getOrCreateSetting } from './modules/settings/settings.repository';
import { cartRoutes } from './modules/cart/cart.routes';
import { couponRoutes } from './modules/coupons/coupons.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import type { OrderDeps } from './modules/orders/orders.service';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { simulatedCheckoutRoutes, webhookRoutes } from './modules/payments/payments.routes';
import { razorpayProvider } from './modules/payments/razorpay-provider';
import { simulatedProvider, type SimulatedProvider } from './modules/payments/simulated-provider';
import { adminAuthRoutes } from './modules/admin/admin-auth.routes';
import { adminCatalogueRoutes } from './modules/admin/admin-catalogue.routes';
import { adminCouponRoutes } from './modules/admin/admin-coupons.routes';
import { adminOrderRoutes } from './modules/admin/admin-orders.routes';
import { adminServiceRoutes } from './modules/admin/admin-services.routes';
import { serviceRoutes } from './modules/claims/services.routes';
import { MAX_UPLOAD_BYTES } from './plugins/multipart';
import { MAX_PRINT_FILE_BYTES } from '../../shared/src/services.schemas';
import { registerErrorHandler } from './plugins/errors';
import { uploadsPlugin } from './plugins/uploads';
import { webPlugin } from './plugins/web';
import { advertRoutes } from './modules/adverts/adverts.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { healthRoutes } from './modules/system/health.routes';
import { seoRoutes } from './modules/system/seo.routes';
import { storefrontRoutes } from './modules/storefront/storefront.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    storage: FileStorage;
    auth: Auth;
    mailer: Mailer;
    payments: PaymentProvider;
    /** set when no Razorpay keys are configured */
    simulatedPayments: SimulatedProvider | null;
    orderDeps: OrderDeps;
    /** every route registered, for the test that checks none is left unguarded */
    routeList: { method: string; url: string; admin: boolean }[];
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

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
    routerOptions: { maxParamLength: 2100 },
    bodyLimit: 1024 * 1024,
    // Access logs only when debugging; errors are always logged by the error handler.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  }).withTypeProvider<ZodTypeProvider>();

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

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const mail = mailer ?? createMailer(config, db, app.log);
  const secret = config.authSecret ?? (await getOrCreateSetting(db, 'auth_secret', () => randomBytes(32).toString('base64url')));
  const auth = await createAuth({ config, db, mailer: mail, secret, ...(redis ? { rateLimitStore: redisRateLimitStore(redis) } : {}) });
  app.decorate('mailer', mail);
  app.decorate('auth', auth);

  const simulated = payments || config.razorpay ? null : simulatedProvider(db, {
    keySecret: await getOrCreateSetting(db, 'simulated_key_secret', () => randomBytes(24).toString('base64url')),
    webhookSecret: await getOrCreateSetting(db, 'simulated_webhook_secret', () => randomBytes(24).toString('base64url')),
  });
  const provider = payments ?? (config.razorpay ? razorpayProvider(config.razorpay) : simulated!);
  app.decorate('payments', provider);
  app.decorate('simulatedPayments', simulated);
  app.decorate('orderDeps', { db, provider, mailer: mail, config, log: app.log });

  await app.register(helmet, {
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
  });
  await app.register(multipart, { limits: { fileSize: Math.max(MAX_UPLOAD_BYTES, MAX_PRINT_FILE_BYTES) } });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    ...(redis ? { redis, nameSpace: 'shop:rl:' } : {}),
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

  await app.register(uploadsPlugin);
  await app.register(healthRoutes);
  await app.register(catalogueRoutes);
  await app.register(advertRoutes);
  await app.register(storefrontRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(cartRoutes);
  await app.register(couponRoutes);
  await app.register(orderRoutes);
  await app.register(webhookRoutes);
  await app.register(simulatedCheckoutRoutes);
  await app.register(adminAuthRoutes);
  await app.register(adminCatalogueRoutes);
  await app.register(adminCouponRoutes);
  await app.register(adminOrderRoutes);
  await app.register(serviceRoutes);
  await app.register(adminServiceRoutes);
  await app.register(seoRoutes);
  await app.register(webPlugin);
  return app;
}
