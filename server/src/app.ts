import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import type { FileStorage } from './storage/storage';
import { requestIdOf } from './plugins/request-id';
import { registerRequestContext, requestIdMixin, requestLoggerFactory } from './plugins/request-context';
import { authRoutes } from './modules/auth/auth.routes';
import { accountRoutes } from './modules/accounts/accounts.routes';
import type { Mailer } from './modules/mail/mailer';
import type { PasswordHashing } from './modules/auth/auth';
import { cartRoutes } from './modules/cart/cart.routes';
import { couponRoutes } from './modules/coupons/coupons.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { simulatedCheckoutRoutes, webhookRoutes } from './modules/payments/payments.routes';
import { adminAuthRoutes } from './modules/admin/admin-auth.routes';
import { staffRoutes } from './modules/admin/staff.routes';
import { twoFactorRoutes } from './modules/admin/two-factor.routes';
import { auditLogPlugin } from './modules/audit/audit.plugin';
import { auditRoutes } from './modules/audit/audit.routes';
import { catalogueAdminRoutes } from './modules/catalogue/catalogue.admin.routes';
import { variantsAdminRoutes } from './modules/catalogue/variants.admin.routes';
import { advertAdminRoutes } from './modules/adverts/adverts.admin.routes';
import { couponAdminRoutes } from './modules/coupons/coupons.admin.routes';
import { orderAdminRoutes } from './modules/orders/orders.admin.routes';
import { mailAdminRoutes } from './modules/mail/mail.admin.routes';
import { claimAdminRoutes } from './modules/claims/claims.admin.routes';
import { printingAdminRoutes } from './modules/printing/printing.admin.routes';
import { refundAdminRoutes } from './modules/refunds/refunds.admin.routes';
import { customerAdminRoutes } from './modules/customers/customers.admin.routes';
import { returnRoutes } from './modules/returns/returns.routes';
import { returnAdminRoutes } from './modules/returns/returns.admin.routes';
import { notifyRoutes } from './modules/notify/notify.routes';
import { invoiceRoutes } from './modules/invoices/invoices.routes';
import { gstRoutes } from './modules/gst/gst.routes';
import { legacyRoutes } from './modules/legacy/legacy.routes';
import { serviceRoutes } from './modules/claims/services.routes';
import { studentAdminRoutes } from './modules/students/students.admin.routes';
import { studentRoutes } from './modules/students/students.routes';
import { shippingRoutes } from './modules/shipping/shipping.routes';
import { shippingAdminRoutes } from './modules/shipping/shipping.admin.routes';
import { settingsAdminRoutes } from './modules/settings/settings.admin.routes';
import { policyRoutes } from './modules/policies/policies.routes';
import { AppError } from './errors';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors';
import { responseSerializerCompiler } from './plugins/serializers';
import { uploadsPlugin } from './plugins/uploads';
import { webPlugin } from './plugins/web';
import { advertRoutes } from './modules/adverts/adverts.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { healthRoutes } from './modules/system/health.routes';
import { metricsRoutes } from './modules/system/metrics';
import { seoRoutes } from './modules/system/seo.routes';
import { storefrontRoutes } from './modules/storefront/storefront.routes';
import { appServices } from './plugins/app-services';
import { httpPlugins } from './plugins/http';

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
  /** where log lines go (default stdout); tests read them */
  logStream?: NodeJS.WritableStream;
  /** defaults to better-auth's scrypt at full cost; the API tests pass a cheaper one (decision 077) */
  passwordHashing?: PasswordHashing;
}

/** Every module's routes, storefront first; the built web app last (its catch-all serves the pages). */
const ROUTES = [
  uploadsPlugin,
  healthRoutes,
  metricsRoutes,
  catalogueRoutes,
  advertRoutes,
  legacyRoutes,
  storefrontRoutes,
  authRoutes,
  accountRoutes,
  cartRoutes,
  couponRoutes,
  orderRoutes,
  webhookRoutes,
  simulatedCheckoutRoutes,
  adminAuthRoutes,
  staffRoutes,
  twoFactorRoutes,
  auditRoutes,
  catalogueAdminRoutes,
  variantsAdminRoutes,
  advertAdminRoutes,
  couponAdminRoutes,
  orderAdminRoutes,
  mailAdminRoutes,
  serviceRoutes,
  claimAdminRoutes,
  printingAdminRoutes,
  studentRoutes,
  studentAdminRoutes,
  refundAdminRoutes,
  customerAdminRoutes,
  returnRoutes,
  returnAdminRoutes,
  notifyRoutes,
  invoiceRoutes,
  gstRoutes,
  seoRoutes,
  shippingRoutes,
  shippingAdminRoutes,
  settingsAdminRoutes,
  policyRoutes,
  webPlugin,
];

/** Fastify's compiler factories, giving the zod compilers (Fastify types the factories for Ajv's). */
const zodCompilers = { buildValidator: () => validatorCompiler, buildSerializer: () => responseSerializerCompiler } as unknown as NonNullable<
  FastifyServerOptions['schemaController']
>['compilersFactory'];

/**
 * The whole HTTP application as one Fastify instance: external plugins, then
 * app plugins, then routes. It owns no resources: the caller creates the
 * database and storage and closes them.
 */
export async function buildApp({ config, db, storage, mailer, payments, logStream, passwordHashing }: AppDeps): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Every line logged while a request is handled carries its id, whichever logger wrote it.
      mixin: requestIdMixin,
      ...(logStream ? { stream: logStream } : {}),
    },
    childLoggerFactory: requestLoggerFactory,
    trustProxy: config.trustProxy === 'true' ? true : config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    routerOptions: { maxParamLength: 2100 },
    frameworkErrors,
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
    // Fastify turns Node's request timeout off: a body announced and never sent held its connection for ever.
    // Node reads it when the server is created (Fastify sets it after: both), and looks for late requests
    // every connectionsCheckingInterval (30 s by default: a 1 s timeout in a test would wait that long).
    requestTimeout: config.requestTimeoutMs,
    // requireHostHeader: Node answered an HTTP/1.1 request without Host with an empty 400; the hook below says why.
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.requestTimeoutMs / 4)),
      requireHostHeader: false,
    },
    // Access logs only when debugging; errors are always logged by the error handler.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    // Every route validates and serialises with its zod schemas. Given as the factories, not set after
    // Fastify() by setValidatorCompiler: Fastify loads its defaults (Ajv, fast-json-stringify) only when
    // no factory is given, at a cost at every start for compilers never used (decision 073).
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    // A client gone before its request is handled (a broken chunk of its body, a dropped connection)
    // leaves no address: the rate limits and sign-in guards need one, and there is no one to answer.
    if (req.ip === undefined) return done(new AppError('connection_closed', 400, 'The connection closed before the request was read'));
    if (req.headers.host === undefined && req.raw.httpVersion === '1.1')
      return done(new AppError('missing_host', 400, 'Send a Host header: HTTP/1.1 requires one'));
    done();
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('storage', storage);
  registerErrorHandler(app);
  registerRequestContext(app);
  const routeList: App['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeList.push({ method, url: route.url, admin: route.config?.admin === true });
    }
  });

  await app.register(appServices, { ...(mailer ? { mailer } : {}), ...(payments ? { payments } : {}), ...(passwordHashing ? { passwordHashing } : {}) });
  await app.register(httpPlugins);
  await app.register(auditLogPlugin);
  for (const routes of ROUTES) await app.register(routes);
  return app;
}
