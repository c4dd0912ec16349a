import type { FastifyBaseLogger } from 'fastify';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import { admin, bearer, twoFactor, username } from 'better-auth/plugins';
import { customerMessages } from '@shared/customers.schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import { Email, normalizePhone, SignUpInput } from '@shared/account.schemas';
import { accountMessages } from '@shared/account-messages';
import { emailChangeMail, passwordResetMail, verificationMail } from '../mail/mail.templates';
import type { Mailer } from '../mail/mailer';
import { fieldErrors } from '../../errors';
import type { RateLimitStore } from './rate-limit-store';

/** The header through which the server tells better-auth the client's address (as Fastify resolved it with TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  /** shared rate-limit counters (Redis) when REDIS_URL is set; else they live in the database */
  rateLimitStore?: RateLimitStore;
  /** better-auth's own messages go through the app's JSON log */
  log?: FastifyBaseLogger;
  /** defaults to better-auth's scrypt at full cost; the API tests pass a cheaper one (decision 077) */
  passwordHashing?: PasswordHashing;
}

/** How account passwords are hashed and checked (better-auth's `emailAndPassword.password`). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

const DAY = 24 * 60 * 60;

/**
 * Origins allowed to send cookie-carrying requests: PUBLIC_URL, and for a shop
 * tried out on this machine both spellings of it (localhost and 127.0.0.1).
 */
function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const local = ['localhost', '127.0.0.1'];
  if (!local.includes(url.hostname)) return [url.origin];
  return local.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/**
 * better-auth's origin check logs the origin or callback URL it refused (a 403) as an error, with the
 * client's text in full: a client's mistake, or a fuzzer's 3,000 characters, is a warning with
 * that text cut short, not an error line to page an operator for (decision 122).
 */
const CLIENT_REFUSAL = /^Invalid [A-Za-z ]+: /;
const REFUSAL_LENGTH = 200;

function validationError(fields: Record<string, string>): APIError {
  const [first] = Object.values(fields);
  return new APIError('BAD_REQUEST', { message: first ?? 'Invalid request', code: 'VALIDATION_ERROR', fields });
}

/** Payload of a verification token (a JWT whose payload is not secret): tells a new-email confirmation apart. */
function tokenPayload(token: string): { email?: string; updateTo?: string } {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return {};
  }
}

/**
 * Shopper identity: better-auth on the shop's database, with e-mail and password,
 * required e-mail verification, password reset, e-mail change (the new address is
 * verified before it takes effect) and password change, both after checking the
 * current password on the server. Sessions are database rows behind a cookie, so
 * they can be revoked and work on every app server.
 */
export async function createAuth({ config, db, mailer, secret, rateLimitStore, log, passwordHashing }: AuthDeps) {
  const shopName = config.public.shopName;
  const link = (page: string, token: string) => `${config.publicUrl}/${page}?token=${encodeURIComponent(token)}`;

  const beforeHook = createAuthMiddleware(async (ctx) => {
    switch (ctx.path) {
      case '/sign-up/email': {
        const parsed = SignUpInput.safeParse(ctx.body ?? {});
        if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
        const input = parsed.data;
        const email = input.email.toLowerCase();
        // SPEC.md asks for 'Email already in use' rather than better-auth's silent success (decision 006).
        if (await ctx.context.internalAdapter.findUserByEmail(email)) {
          throw new APIError('UNPROCESSABLE_ENTITY', { message: accountMessages.emailInUse, code: 'USER_ALREADY_EXISTS' });
        }
        return {
          context: {
            body: {
              ...input,
              email,
              name: input.name,
              phone: normalizePhone(input.phone),
              callbackURL: typeof ctx.body?.callbackURL === 'string' ? ctx.body.callbackURL : '/',
            },
          },
        };
      }
      case '/request-password-reset': {
        const email = Email.safeParse(ctx.body?.email);
        if (!email.success) throw validationError({ email: email.error.issues[0]?.message ?? 'Enter a valid email address' });
        if (!(await ctx.context.internalAdapter.findUserByEmail(email.data.toLowerCase()))) {
          throw new APIError('NOT_FOUND', { message: accountMessages.userNotFound, code: 'USER_NOT_FOUND' });
        }
        return;
      }
      // Both need the current password, checked here so that both answer with the same message.
      case '/change-email':
      case '/change-password': {
        const session = await getSessionFromCtx(ctx);
        if (!session) throw new APIError('UNAUTHORIZED', { message: accountMessages.notSignedIn, code: 'UNAUTHORIZED' });
        const current = ctx.body?.currentPassword;
        if (typeof current !== 'string' || current.length === 0) {
          throw new APIError('BAD_REQUEST', { message: accountMessages.currentPasswordRequired, code: 'CURRENT_PASSWORD_REQUIRED' });
        }
        const account = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
        const ok = account?.password ? await ctx.context.password.verify({ hash: account.password, password: current.slice(0, 256) }) : false;
        if (!ok) throw new APIError('BAD_REQUEST', { message: accountMessages.wrongCurrentPassword, code: 'INVALID_PASSWORD' });
        return;
      }
      // Profile fields change through PATCH /api/me, where the shop validates them.
      case '/update-user':
        throw new APIError('NOT_FOUND', { message: 'Use PATCH /api/me to change your profile', code: 'NOT_FOUND' });
      default:
        // Two-factor sign-in is the admins' (through /api/adminlogin and /api/admin/2fa, which call
        // the plugin from the server): over HTTP its endpoints are not there (decision 041). Nor are
        // the admin plugin's (/admin/set-user-password, /admin/update-user, /admin/set-role, ...):
        // every account the shop signs in as an admin has better-auth's role 'admin', so over HTTP
        // they let any staff role, with no audit, set the owner's password or make itself an owner.
        // Staff are managed through /api/admin/staff; customers blocked through /api/admin/customers
        // (decision 110).
        if ((ctx.path.startsWith('/two-factor/') || ctx.path.startsWith('/admin/')) && ctx.request) {
          throw new APIError('NOT_FOUND', { message: 'Not found', code: 'NOT_FOUND' });
        }
        return;
    }
  });

  const options = {
    appName: shopName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config.publicUrl),
    database: { db, type: isPostgres(db) ? 'postgres' : 'sqlite' },
    logger: {
      disabled: config.logLevel === 'silent',
      ...(log
        ? {
            // As JSON lines of the app's log (pino), not plain text on the console.
            log: (level: 'info' | 'success' | 'warn' | 'error' | 'debug', message: string, ...args: unknown[]) => {
              const refusal = level === 'error' && CLIENT_REFUSAL.test(message);
              const target = level === 'success' ? 'info' : refusal ? 'warn' : level;
              log[target](
                { auth: true, ...(args.length ? { details: args.map((a) => (a instanceof Error ? a.message : a)) } : {}) },
                `better-auth: ${refusal && message.length > REFUSAL_LENGTH ? `${message.slice(0, REFUSAL_LENGTH)}…` : message}`,
              );
            },
          }
        : {}),
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      async sendResetPassword({ user, token }) {
        const content = passwordResetMail(shopName, user.name, link('reset-password', token));
        await mailer.send({ to: user.email, kind: 'password-reset', ...content });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: DAY,
      async sendVerificationEmail({ user, token }) {
        const { updateTo } = tokenPayload(token);
        const url = link('verify-email', token);
        const content = updateTo ? emailChangeMail(shopName, user.name, updateTo, url) : verificationMail(shopName, user.name, url);
        await mailer.send({ to: user.email, kind: updateTo ? 'email-change' : 'verification', ...content });
      },
    },
    user: {
      changeEmail: { enabled: true },
      additionalFields: {
        phone: { type: 'string', required: true, input: true },
        address: { type: 'string', required: true, input: true },
        city: { type: 'string', required: true, input: true },
        state: { type: 'string', required: true, input: true },
        zipCode: { type: 'string', required: true, input: true },
        // An admin's staff role (shared/src/staff-roles.ts); never set through better-auth's own endpoints.
        staffRole: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: 30 * DAY,
      updateAge: DAY,
      freshAge: DAY,
    },
    rateLimit: {
      enabled: config.authRateLimit,
      window: 60,
      max: 100,
      storage: 'database',
      ...(rateLimitStore ? { customStorage: rateLimitStore } : {}),
      customRules: {
        '/sign-in/*': { window: 60, max: 10 },
        '/sign-up/*': { window: 10 * 60, max: 10 },
        '/request-password-reset': { window: 10 * 60, max: 5 },
        '/send-verification-email': { window: 10 * 60, max: 5 },
        '/change-email': { window: 10 * 60, max: 10 },
        '/change-password': { window: 10 * 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    hooks: { before: beforeHook },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30 }),
      bearer(),
      admin({ bannedUserMessage: customerMessages.blocked }),
      twoFactor({ issuer: shopName }),
    ],
  } satisfies BetterAuthOptions;

  // Tables first: better-auth checks the schema as soon as it starts.
  await migrateAuth(options);
  return betterAuth(options);
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

/** Creates or updates better-auth's tables (user, session, account, verification, rateLimit). */
async function migrateAuth(options: BetterAuthOptions): Promise<void> {
  const { runMigrations } = await getMigrations(options);
  try {
    await runMigrations();
  } catch (err) {
    // Another app server may have created the same tables a moment earlier: plan again once.
    const again = await getMigrations(options);
    if (again.toBeCreated.length === 0 && again.toBeAdded.length === 0) return;
    await again.runMigrations().catch(() => {
      throw err;
    });
  }
}
