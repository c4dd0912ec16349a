import Fastify, {
  LogController, type FastifyBaseLogger, type FastifyInstance, type RawReplyDefaultExpression, type RawRequestDefaultExpression, type RawServerDefault } from 'fastify';
import compress from '@fastify/compress';
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
}

/**
 * The whole HTTP application as one Fastify instance: external plugins, then
 * app plugins, then routes. It owns no resources: the caller creates the
 * database and storage and closes them.
 */
export async function buildApp({ config, db, storage, mailer }: AppDeps): Promise<App> {
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

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const mail = mailer ?? createMailer(config, db, app.log);
  const secret = config.authSecret ?? (await getOrCreateSetting(db, 'auth_secret', () => randomBytes(32).toString('base64url')));
  const auth = await createAuth({ config, db, mailer: mail, secret, ...(redis ? { rateLimitStore: redisRateLimitStore(redis) } : {}) });
  app.decorate('mailer', mail);
  app.decorate('auth', auth);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
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
  await app.register(seoRoutes);
  await app.register(webPlugin);
  return app;
}
