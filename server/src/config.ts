import path from 'node:path';
import { z } from 'zod';
import { AUDIT_RETENTION_DAYS, SESSION_IDLE_MINUTES, SESSION_MAX_HOURS } from '@shared/staff-sessions.schemas';
import { gstinProblem } from '@shared/gstin';

/**
 * The server's only reader of process.env. Every variable is documented in the
 * README's configuration table; a bad value stops the start with a message
 * naming the variable.
 */
const flag = (fallback: '0' | '1') =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
    .default(fallback)
    .transform((v) => v === '1' || v === 'true' || v === 'yes');

const url = z.url();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL (leave unset for the embedded SQLite database)')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  DATABASE_START_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  DATABASE_NAMED_STATEMENTS: flag('1'),
  SQLITE_OPTIMIZE_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
  HEALTH_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  HEALTH_CHECK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1500),
  SEED_DEMO_DATA: flag('1'),
  MAINTENANCE_MODE: flag('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('loopback'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((o) => /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i.test(o)),
      'must be a comma-separated list of origins such as https://shop.example.com or https://*.example.com (never a bare *)',
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .refine(
      (v) => /^smtps?:\/\//.test(v) && URL.canParse(v) && new URL(v).hostname !== '',
      'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com:465',
    )
    .optional(),
  SMTP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  MAIL_GIVE_WAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  MAIL_FROM: z.string().default('Robokits India <no-reply@robokits.example>'),
  SHOP_EMAIL: z.email().default('orders@robokits.example'),
  AUTH_RATE_LIMIT: flag('1'),
  ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().min(SESSION_IDLE_MINUTES.min).max(SESSION_IDLE_MINUTES.max).default(30),
  ADMIN_SESSION_MAX_HOURS: z.coerce.number().int().min(SESSION_MAX_HOURS.min).max(SESSION_MAX_HOURS.max).default(12),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(AUDIT_RETENTION_DAYS.min).max(AUDIT_RETENTION_DAYS.max).default(365),
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_\w+$/, 'must look like rzp_test_… or rzp_live_…')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)')
    .optional(),
  S3_ENDPOINT: url.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag('0'),
  S3_PUBLIC_URL: url.optional(),
  JOBS: flag('1'),
  JOBS_TICK_MS: z.coerce.number().int().min(200).max(600_000).default(5000),
  RECONCILE_EVERY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(5),
  SHOP_LEGAL_NAME: z.string().trim().min(1).max(200).optional(),
  SHOP_ADDRESS: z.string().trim().max(500).default(''),
  SHOP_STATE: z.string().trim().min(2).max(60).default('Maharashtra'),
  SHOP_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((v, ctx) => {
      const problem = gstinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: `must be a valid 15-character GSTIN such as 27ABCDE1234F1Z0: ${problem}` });
    })
    .optional(),
  SHOP_PHONE: z.string().trim().max(30).default(''),
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/, 'must be 1-3 capital letters or digits (invoice numbers have at most 16 characters)')
    .default('RK'),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  PENDING_ORDER_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(30),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_.]{3,30}$/, 'must be 3-30 letters, digits, dots or underscores')
    .default('admin'),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').max(128).optional(),
  ADMIN_EMAIL: z.email().optional(),
  SIMULATED_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  SHOP_NAME: z.string().default('Robokits India'),
  HOME_SITE_URL: url.default('https://robokits.example'),
  ABOUT_URL: url.optional(),
  PRIVACY_URL: url.optional(),
  CONTACT_URL: url.optional(),
  FEE_PAYMENTS_URL: url.optional(),
  INSTAGRAM_URL: url.default('https://www.instagram.com/'),
  YOUTUBE_URL: url.default('https://www.youtube.com/'),
  LINKEDIN_URL: url.default('https://www.linkedin.com/'),
  FACEBOOK_URL: url.default('https://www.facebook.com/'),
  PUBLIC_CACHE: flag('1'),
  SEARCH_IN_MEMORY: flag('1'),
  /** readiness waits at most this long for the search index in memory (then the node serves, searching the tables) */
  SEARCH_READY_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /** a search that arrives while the index loads waits at most this long for it before reading the tables */
  SEARCH_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)').optional(),
});

/** Environment variables the server reads, all optional strings. */
export type Env = Partial<Record<keyof z.input<typeof EnvSchema>, string>>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.RAZORPAY_KEY_ID) !== Boolean(e.RAZORPAY_KEY_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together');
  }
  if (e.RAZORPAY_KEY_ID && !e.RAZORPAY_WEBHOOK_SECRET) {
    // Without it every webhook is refused, and Razorpay keeps retrying them for 24 hours.
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_WEBHOOK_SECRET must be set with Razorpay keys (the secret of the webhook to /api/razorpay/webhook; see docs/payments.md)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const home = e.HOME_SITE_URL.replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database: e.DATABASE_URL
      ? ({
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
          queryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
          namedStatements: e.DATABASE_NAMED_STATEMENTS,
        } as const)
      : ({ kind: 'sqlite', file: path.join(dataDir, 'shop.sqlite'), optimizeIntervalMs: e.SQLITE_OPTIMIZE_INTERVAL_MS } as const),
    /** how long a start waits for a PostgreSQL that cannot be reached (restarting, failing over) before it gives up */
    databaseStartWaitMs: e.DATABASE_START_WAIT_MS,
    seedDemoData: e.SEED_DEMO_DATA,
    /** background dependency checks behind /api/health/ready: how often, and how long each may take */
    health: { intervalMs: e.HEALTH_CHECK_INTERVAL_MS, timeoutMs: e.HEALTH_CHECK_TIMEOUT_MS },
    maintenanceMode: e.MAINTENANCE_MODE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    /** web app origins allowed to call the API from the browser (exact, or https://*.example.com); empty: same origin only */
    corsOrigins: e.CORS_ORIGINS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    formRateLimit: e.FORM_RATE_LIMIT,
    /** the whole request (headers and body) must arrive within this; a stalled one is answered 408 */
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    redisUrl: e.REDIS_URL,
    authSecret: e.AUTH_SECRET,
    authRateLimit: e.AUTH_RATE_LIMIT,
    /** timeoutMs: for each step of a delivery (connecting, the server's greeting, silence on the socket) */
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      shopEmail: e.SHOP_EMAIL,
      timeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
      giveWayMs: e.MAIL_GIVE_WAY_SECONDS * 1000,
    },
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? { keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET }
        : null,
    pendingOrderMinutes: e.PENDING_ORDER_MINUTES,
    /** S3-compatible object storage for every file, when S3_BUCKET is set (else files live under DATA_DIR/uploads) */
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : null,
    /** periodic work inside the app (one node at a time, under a database lease) */
    jobs: { enabled: e.JOBS, tickMs: e.JOBS_TICK_MS, leaseMs: Math.max(30_000, e.JOBS_TICK_MS * 6), reconcileEveryMs: e.RECONCILE_EVERY_MINUTES * 60_000 },
    /** the supplier on GST tax invoices */
    invoice: {
      legalName: e.SHOP_LEGAL_NAME ?? e.SHOP_NAME,
      address: e.SHOP_ADDRESS,
      state: e.SHOP_STATE,
      gstin: e.SHOP_GSTIN ?? null,
      prefix: e.INVOICE_PREFIX,
    },
    /** defaults of the shop settings the owner saves in the dashboard (modules/settings; decision 049) */
    shopDefaults: { contactPhone: e.SHOP_PHONE, contactEmail: e.SHOP_EMAIL, returnWindowDays: e.RETURN_WINDOW_DAYS },
    /** on SIGTERM, how long health answers 503 before the listener closes */
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    simulatedWebhookDelayMs: e.SIMULATED_WEBHOOK_DELAY_MS,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    /** defaults of the owner's staff policy until the owner sets it in the dashboard (decision 051) */
    staffPolicy: { sessionIdleMinutes: e.ADMIN_SESSION_IDLE_MINUTES, sessionMaxHours: e.ADMIN_SESSION_MAX_HOURS, auditRetentionDays: e.AUDIT_RETENTION_DAYS },
    /** off: every public read is computed afresh (for measuring the engines behind the cache) */
    publicCache: e.PUBLIC_CACHE,
    /** keep a copy of the search index in this process's memory (off: search reads the database tables) */
    searchInMemory: e.SEARCH_IN_MEMORY,
    /** readiness waits for the index in memory at most this long after the start (decision 052) */
    searchReadyTimeoutMs: e.SEARCH_READY_TIMEOUT_MS,
    /** a search during the index's load waits for it at most this long, then reads the tables (decision 052) */
    searchWaitMs: e.SEARCH_WAIT_MS,
    /** GET /metrics answers only `Authorization: Bearer <this>`; unset: /metrics is off (404) */
    metricsToken: e.METRICS_TOKEN,
    public: {
      shopName: e.SHOP_NAME,
      homeSiteUrl: home,
      links: {
        about: e.ABOUT_URL ?? `${home}/about-us/`,
        privacy: e.PRIVACY_URL ?? `${home}/privacy-policy/`,
        contact: e.CONTACT_URL ?? `${home}/contact-us/`,
        feePayments: e.FEE_PAYMENTS_URL ?? `${home}/fee-payments/`,
        instagram: e.INSTAGRAM_URL,
        youtube: e.YOUTUBE_URL,
        linkedin: e.LINKEDIN_URL,
        facebook: e.FACEBOOK_URL,
      },
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}
