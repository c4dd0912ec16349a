import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Auth } from './modules/auth/auth';
import type { SessionReader } from './modules/auth/session-reader';
import type { WebhookQueue } from './modules/jobs/webhook-queue';
import type { Mailer } from './modules/mail/mailer';
import type { OrderDeps } from './modules/orders/order-deps';
import type { PaymentProvider } from './modules/payments/payment-provider';
import type { SimulatedProvider } from './modules/payments/simulated-provider';
import type { ShopMetrics } from './modules/system/metrics';
import type { RedisWithFallback } from './modules/system/redis-fallback';
import type { FileStorage } from './storage/storage';

/**
 * The application's type and its decorators, apart from app.ts (which wires
 * everything), so that route modules and plugins depend on this file only and
 * app.ts is imported by the entry points alone.
 */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    storage: FileStorage;
    auth: Auth;
    /** the account of a request's session cookie in the common case, without better-auth's per-call work */
    readSession: SessionReader;
    mailer: Mailer;
    payments: PaymentProvider;
    /** set when no Razorpay keys are configured */
    simulatedPayments: SimulatedProvider | null;
    orderDeps: OrderDeps;
    /** REDIS_URL's client with per-process fallbacks, or null without Redis */
    redis: RedisWithFallback | null;
    /** the simulated provider's durable webhooks (null with Razorpay keys) */
    simulatedWebhooks: WebhookQueue | null;
    /** this app's Prometheus metrics (GET /metrics) */
    metrics: ShopMetrics;
    /** every route registered, for the test that checks none is left unguarded */
    routeList: { method: string; url: string; admin: boolean }[];
  }
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
