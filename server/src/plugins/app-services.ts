import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { App } from '../app-types';
import { createAuth, type PasswordHashing } from '../modules/auth/auth';
import { createSessionReader } from '../modules/auth/session-reader';
import { ensureCustomerIndexes } from '../modules/customers/customers.repository';
import { webhookQueue } from '../modules/jobs/webhook-queue';
import { createMailer, type AttachmentRef, type Mailer } from '../modules/mail/mailer';
import { attachmentPdf } from '../modules/invoices/invoices.service';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import { simulatedProvider } from '../modules/payments/simulated-provider';
import { warmConnections } from '../db/database';
import { warmProductReads } from '../modules/catalogue/catalogue.service';
import { replicateSearchIndex, searchReplicaOf } from '../modules/search/search-replica';
import { getOrCreateSetting } from '../modules/settings/settings.repository';
import { createMetrics, recordRequest } from '../modules/system/metrics';
import { nodeLoad } from '../modules/system/node-load';

/** The warm-up of the PostgreSQL pool delays readiness by at most this. */
const POOL_WARM_MS = 1000;

export interface AppServicesOptions {
  /** defaults to SMTP or the outbox, as configured */
  mailer?: Mailer;
  /** defaults to Razorpay with keys, else the simulation; tests pass a Razorpay provider aimed at a stand-in */
  payments?: PaymentProvider;
  /** defaults to better-auth's scrypt at full cost; the API tests pass a cheaper one */
  passwordHashing?: PasswordHashing;
}

/**
 * The app's services as decorators: Redis (optional), mail, better-auth, the
 * payment provider (Razorpay or the simulation with its durable webhooks) and
 * the dependencies of the order rules. Needs config and db decorated first.
 */
export const appServices = fp(
  async (app: App, { mailer, payments, passwordHashing }: AppServicesOptions) => {
    const { config, db } = app;
    const metrics = createMetrics(db, config.searchInMemory);
    app.decorate('metrics', metrics);
    app.addHook('onResponse', recordRequest(metrics));
    // Redis accelerates (shared rate limits) but is never needed: without it, counting falls back to this process.
    // The Redis client and the Razorpay SDK (with axios) are loaded only when configured (decision 060).
    const redis = config.redisUrl ? (await import('../modules/system/redis-fallback')).redisWithFallback(config.redisUrl, app.log) : null;
    if (redis) app.addHook('onClose', async () => redis.close());
    app.decorate('redis', redis);
    const mail =
      mailer ??
      createMailer(
        config,
        db,
        app.log,
        (ref) => attachmentBytes(app, ref),
        nodeLoad(() => metrics.answered),
      );
    app.addHook('onClose', async () => mail.close());
    const secret = config.authSecret ?? (await getOrCreateSetting(db, 'auth_secret', () => randomBytes(32).toString('base64url')));
    const auth = await createAuth({
      config,
      db,
      mailer: mail,
      secret,
      log: app.log,
      ...(redis ? { rateLimitStore: redis.authStore } : {}),
      ...(passwordHashing ? { passwordHashing } : {}),
    });
    // better-auth's user table exists now: the Customers list's indexes on it (decision 047).
    await ensureCustomerIndexes(db);
    app.decorate('mailer', mail);
    app.decorate('auth', auth);
    app.decorate('readSession', createSessionReader(auth, db));

    const simulated =
      payments || config.razorpay
        ? null
        : simulatedProvider(db, {
            keySecret: await getOrCreateSetting(db, 'simulated_key_secret', () => randomBytes(24).toString('base64url')),
            webhookSecret: await getOrCreateSetting(db, 'simulated_webhook_secret', () => randomBytes(24).toString('base64url')),
          });
    const provider = payments ?? (config.razorpay ? (await import('../modules/payments/razorpay-provider')).razorpayProvider(config.razorpay) : simulated!);
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
      simulated.setWebhookSender(({ event, id, payload }, write) =>
        queue.enqueue(
          id,
          JSON.stringify({ entity: 'event', event, payload, created_at: Math.floor(Date.now() / 1000) }),
          config.simulatedWebhookDelayMs,
          write,
        ),
      );
      app.addHook('onClose', async () => queue.stop());
    }
    app.decorate('simulatedWebhooks', queue);
    app.decorate('orderDeps', { db, provider, mailer: mail, config, log: app.log, metrics });

    if (config.searchInMemory) {
      // Loaded once the app is ready, in the background; readiness waits for it (decision 052).
      app.addHook('onReady', async () => void replicateSearchIndex(db, app.log, { readyTimeoutMs: config.searchReadyTimeoutMs, waitMs: config.searchWaitMs }));
      app.addHook('onClose', async () => searchReplicaOf(db)?.stop());
    }
    // PostgreSQL: every pool connection opened and its backend given the product reads before the
    // app listens, at most POOL_WARM_MS (docs/performance.md, h9); meanwhile the index loads.
    app.addHook('onReady', async () => {
      const started = performance.now();
      const warmed = await warmConnections(db, warmProductReads, POOL_WARM_MS);
      if (warmed > 0) app.log.info(`database: ${warmed} pool connections opened and warmed in ${Math.round(performance.now() - started)} ms`);
    });
  },
  { name: 'app-services', decorators: { fastify: ['config', 'db'] } },
);

/** The bytes of a mail's attachment when it is delivered: an invoice or credit note made afresh, or a stored file. */
async function attachmentBytes(app: App, ref: AttachmentRef): Promise<Buffer> {
  if (ref.kind !== 'file') return attachmentPdf(app.db, app.config, ref, app.storage);
  const file = await app.storage.get(ref.key);
  if (!file) throw new Error(`the attached file ${ref.filename} is no longer stored`);
  return Buffer.concat(await file.body.toArray());
}
