import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Auth } from '../auth/auth';
import { countAdmins, findAdmin } from './admin-accounts.repository';

/** Admins are better-auth users with the admin role, who sign in with their username. */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** Creates an admin account; refuses a username that exists. */
export async function createAdmin(auth: Auth, db: Db, username: string, password: string, email?: string): Promise<void> {
  if (await findAdmin(db, username)) throw new Error(`The username "${username}" is taken.`);
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser({
    email: (email ?? `${username.toLowerCase()}@admin.invalid`).toLowerCase(),
    name: username,
    emailVerified: true,
    username: username.toLowerCase(),
    displayUsername: username,
    role: 'admin',
    phone: '',
    address: '',
    city: '',
    state: '',
    zipCode: '',
  }, { method: 'admin' });
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(password),
  });
}

/** Sets a new password for an admin and signs them out everywhere. */
export async function resetAdminPassword(auth: Auth, db: Db, username: string, password: string): Promise<void> {
  const admin = await findAdmin(db, username);
  if (!admin || admin.role !== 'admin') throw new Error(`There is no admin "${username}".`);
  const ctx = await auth.$context;
  await ctx.internalAdapter.updatePassword(admin.id, await ctx.password.hash(password));
  await ctx.internalAdapter.deleteUserSessions(admin.id);
}

/**
 * On first start (no admin yet) creates ADMIN_USERNAME with ADMIN_PASSWORD, or
 * with a generated password printed once in the log.
 */
export async function ensureFirstAdmin(auth: Auth, db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  if ((await countAdmins(db)) > 0) return;
  const password = config.admin.password ?? generatePassword();
  try {
    await createAdmin(auth, db, config.admin.username, password, config.admin.email);
  } catch (err) {
    // Another app server created it a moment earlier.
    if ((await countAdmins(db)) > 0) return;
    throw err;
  }
  if (config.admin.password) {
    log.info({ username: config.admin.username }, 'created the first admin account with ADMIN_PASSWORD');
  } else {
    log.warn(
      `created the first admin account: username "${config.admin.username}", password "${password}". ` +
        'This is shown once: sign in at /admin and keep it safe (npm run admin -- reset-password <username> sets a new one).',
    );
  }
}
