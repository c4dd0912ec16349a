import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Auth } from '../auth/auth';
import { AppError } from '../../errors';
import type { StaffRole } from '@shared/staff-roles';
import { staffAccountMessages, type CreateStaffInput, type StaffMember, type StaffWithPassword, type UpdateStaffInput } from '@shared/staff.schemas';
import { staffSessionMessages, type StaffSettings, type UpdateStaffSettings } from '@shared/staff-sessions.schemas';
import { forgetStaffPolicy, staffPolicy, updateStaffPolicy, type StaffPolicyDefaults } from '../settings/staff-policy.service';
import * as repo from './admin-accounts.repository';
import { countAdmins, findAdmin } from './admin-accounts.repository';

/** Admins are better-auth users with the admin role, who sign in with their username. */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** Creates an admin account (an owner unless another staff role is given); refuses a username that exists. */
export async function createAdmin(auth: Auth, db: Db, username: string, password: string, email?: string, staffRole: StaffRole = 'owner'): Promise<string> {
  if (await findAdmin(db, username)) throw new Error(`The username "${username}" is taken.`);
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email: (email ?? `${username.toLowerCase()}@admin.invalid`).toLowerCase(),
      name: username,
      emailVerified: true,
      username: username.toLowerCase(),
      displayUsername: username,
      role: 'admin',
      staffRole,
      phone: '',
      address: '',
      city: '',
      state: '',
      zipCode: '',
    },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(password),
  });
  return user.id;
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
  await repo.promoteLegacyAdmins(db);
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

type StaffRow = Awaited<ReturnType<typeof repo.listStaff>>[number];

function staffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    username: row.displayUsername ?? row.username ?? '',
    email: row.email,
    role: (row.staffRole ?? 'owner') as StaffRole,
    disabled: Boolean(row.banned),
    twoFactor: Boolean(row.twoFactorEnabled),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Whether the username is an admin's (for the two-factor step of the admin sign-in). */
export async function isAdmin(db: Db, username: string): Promise<boolean> {
  return (await findAdmin(db, username))?.role === 'admin';
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  return (await repo.listStaff(db)).map(staffMember);
}

async function staffOr404(db: Db, id: string): Promise<StaffRow> {
  const row = await repo.findStaff(db, id);
  if (!row) throw new AppError('staff_not_found', 404, staffAccountMessages.notFound);
  return row;
}

/** Adds a staff account with a generated password, shown once. */
export async function addStaff(auth: Auth, db: Db, input: CreateStaffInput): Promise<StaffWithPassword> {
  const taken = async () => {
    if (await findAdmin(db, input.username))
      return new AppError('username_taken', 409, staffAccountMessages.usernameTaken, { username: staffAccountMessages.usernameTaken });
    if (await repo.findUserByEmail(db, input.email))
      return new AppError('email_taken', 409, staffAccountMessages.emailTaken, { email: staffAccountMessages.emailTaken });
    return undefined;
  };
  const refusal = await taken();
  if (refusal) throw refusal;
  const password = generatePassword();
  let id: string;
  try {
    id = await createAdmin(auth, db, input.username, password, input.email, input.role);
  } catch (err) {
    // The same username or e-mail added at the same moment, after the check above: better-auth's
    // unique columns kept one account, and the other is refused in the same words, never a 500 or
    // better-auth's 400 (decisions 119 and 122).
    throw (await taken()) ?? err;
  }
  return { staff: staffMember(await staffOr404(db, id)), password };
}

/**
 * Writes a change of a staff account's role or access, refusing one that would leave the shop
 * without an owner who can sign in. The owners' rows are locked before they are counted: two owners
 * taking each other away at once on PostgreSQL both saw the other still there, and the shop was left
 * with none (decision 119).
 */
async function changeKeepingAnOwner(db: Db, id: string, change: repo.StaffChange): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const owners = await repo.lockActiveOwners(trx);
    const takesOwnerAway = (change.staffRole !== undefined && change.staffRole !== 'owner') || change.banned === true;
    if (takesOwnerAway && owners.length === 1 && owners[0] === id) throw new AppError('last_owner', 409, staffAccountMessages.lastOwner);
    await repo.changeStaff(trx, id, change);
  });
}

/**
 * Changes a staff account's role, disables or enables it (a disabled account's
 * sessions end at once), sets a generated password or turns its two-factor
 * sign-in off (a lost phone; both sign it out). The last active owner can be
 * neither demoted nor disabled.
 */
export async function updateStaff(auth: Auth, db: Db, id: string, input: UpdateStaffInput): Promise<StaffWithPassword> {
  await staffOr404(db, id);
  const ctx = await auth.$context;
  const changes = { ...(input.role ? { staffRole: input.role } : {}), ...(input.disabled !== undefined ? { banned: input.disabled } : {}) };
  if (Object.keys(changes).length > 0) await changeKeepingAnOwner(db, id, changes);
  let password: string | undefined;
  if (input.resetPassword) {
    password = generatePassword();
    await ctx.internalAdapter.updatePassword(id, await ctx.password.hash(password));
  }
  if (input.resetTwoFactor) await turnOffTwoFactor(auth, id);
  if (input.disabled || input.resetPassword || input.resetTwoFactor) await ctx.internalAdapter.deleteUserSessions(id);
  return { staff: staffMember(await staffOr404(db, id)), ...(password ? { password } : {}) };
}

/** Deletes a staff account and its sessions; never the last active owner. */
export async function deleteStaff(auth: Auth, db: Db, id: string): Promise<void> {
  const row = await staffOr404(db, id);
  // An owner is first disabled (never the last active one), then deleted.
  if (row.staffRole === 'owner') await changeKeepingAnOwner(db, id, { banned: true });
  await (await auth.$context).internalAdapter.deleteUser(id);
}

/** Turns an account's two-factor sign-in off: its secret and recovery codes are deleted (better-auth's rows). */
export async function turnOffTwoFactor(auth: Auth, id: string): Promise<void> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.updateUser(id, { twoFactorEnabled: false });
  await ctx.adapter.deleteMany({ model: 'twoFactor', where: [{ field: 'userId', value: id }] });
}

/** The owner's staff policy, with the environment's defaults for what the owner has not set. */
export async function staffSettings(db: Db, defaults: StaffPolicyDefaults): Promise<StaffSettings> {
  return staffPolicy(db, defaults);
}

/** Changes the staff policy; the idle time may not be longer than the longest session (400). */
export async function updateStaffSettings(db: Db, defaults: StaffPolicyDefaults, changes: UpdateStaffSettings): Promise<StaffSettings> {
  // Checked against the stored policy, not this node's copy (another node may have changed it).
  forgetStaffPolicy(db);
  const next = { ...(await staffPolicy(db, defaults)), ...changes };
  if (next.sessionIdleMinutes > next.sessionMaxHours * 60) {
    throw new AppError('validation', 400, staffSessionMessages.idleAboveMax, { sessionIdleMinutes: staffSessionMessages.idleAboveMax });
  }
  await updateStaffPolicy(db, changes);
  return next;
}
