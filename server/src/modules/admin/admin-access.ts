import { AppError } from '../../errors';
import { isSelfRoute, roleMayCall, staffMessages, StaffRole } from '@shared/staff-roles';

/**
 * Who may use the admin routes, decided without Fastify so that it can be unit
 * tested (and mutation tested): requireAdmin (admin.guards.ts) only reads the
 * header and looks the session up.
 */

export const adminMessages = {
  unauthenticated: 'Your session has expired. Please log in again.',
  forbidden: 'This needs an admin account.',
  invalidLogin: 'Invalid username or password',
} as const;

/** The account of a session, as the auth library answers it. */
export interface SessionAccount {
  id: string;
  role?: string | null;
  username?: string | null;
  name: string;
  staffRole?: string | null;
  twoFactorEnabled?: boolean | null;
  /** disabled by the owner: its sessions are deleted, and one that slipped through is refused here */
  banned?: boolean | number | null;
}

export interface Admin {
  id: string;
  username: string;
  role: StaffRole;
  twoFactor: boolean;
}

const unauthenticated = () => new AppError('admin_unauthenticated', 401, adminMessages.unauthenticated);

/**
 * The token of an `Authorization` header: `Bearer <token>` or, as the original
 * web app sends it (SPEC.md §6), `<token>` alone; anything else is a 401.
 */
export function adminToken(authorization: unknown): string {
  const match = /^(?:Bearer )?(\S+)$/.exec(typeof authorization === 'string' ? authorization : '');
  if (!match) throw unauthenticated();
  return match[1]!;
}

/**
 * The admin a session stands for: 401 without a session or for a disabled
 * account, 403 for an account that is not an admin or has no known staff role.
 */
export function adminOfSession(account: SessionAccount | null | undefined): Admin {
  if (!account || account.banned) throw unauthenticated();
  const role = StaffRole.safeParse(account.staffRole);
  if (account.role !== 'admin' || !role.success) throw new AppError('admin_forbidden', 403, adminMessages.forbidden);
  return { id: account.id, username: account.username ?? account.name, role: role.data, twoFactor: Boolean(account.twoFactorEnabled) };
}

/** 403 unless the admin's role may call the route (`HEAD` counts as its `GET`); the table is shared/src/staff-roles.ts. */
export function checkRole(admin: Admin, method: string, url: string): void {
  if (!roleMayCall(admin.role, method === 'HEAD' ? 'GET' : method, url)) {
    throw new AppError('role_forbidden', 403, staffMessages.forbiddenForRole(admin.role));
  }
}

/**
 * When the owner requires two-factor sign-in, an admin without it may use only
 * the routes every admin has (sign out, who am I, set it up): 403 elsewhere.
 */
export function checkTwoFactor(admin: Admin, required: boolean, method: string, url: string): void {
  if (required && !admin.twoFactor && !isSelfRoute(method === 'HEAD' ? 'GET' : method, url)) {
    throw new AppError('two_factor_required', 403, staffMessages.twoFactorRequired);
  }
}
