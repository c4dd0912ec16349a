import path from 'node:path';
import { z } from 'zod';

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
  SEED_DEMO_DATA: flag('1'),
  MAINTENANCE_MODE: flag('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('loopback'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com:465')
    .optional(),
  MAIL_FROM: z.string().default('Robokits India <no-reply@robokits.example>'),
  SHOP_EMAIL: z.email().default('orders@robokits.example'),
  AUTH_RATE_LIMIT: flag('1'),
  RAZORPAY_KEY_ID: z.string().regex(/^rzp_(test|live)_\w+$/, 'must look like rzp_test_… or rzp_live_…').optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
  PENDING_ORDER_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(30),
  ADMIN_USERNAME: z.string().regex(/^[A-Za-z0-9_.]{3,30}$/, 'must be 3-30 letters, digits, dots or underscores').default('admin'),
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
      ? ({ kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } as const)
      : ({ kind: 'sqlite', file: path.join(dataDir, 'shop.sqlite') } as const),
    seedDemoData: e.SEED_DEMO_DATA,
    maintenanceMode: e.MAINTENANCE_MODE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    formRateLimit: e.FORM_RATE_LIMIT,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    redisUrl: e.REDIS_URL,
    authSecret: e.AUTH_SECRET,
    authRateLimit: e.AUTH_RATE_LIMIT,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, shopEmail: e.SHOP_EMAIL },
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? { keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET }
        : null,
    pendingOrderMinutes: e.PENDING_ORDER_MINUTES,
    simulatedWebhookDelayMs: e.SIMULATED_WEBHOOK_DELAY_MS,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
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
