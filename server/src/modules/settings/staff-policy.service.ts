import type { Db } from '../../db/database';
import type { StaffSettings, UpdateStaffSettings } from '@shared/staff-sessions.schemas';
import { readSettings, writeSetting } from './settings.repository';

/**
 * The owner's staff policy (decisions 041 and 051): two-factor sign-in, the
 * admin session limits and how long the audit log is kept. Only these names
 * are read or written here (app_settings also holds secrets); a name not set
 * yet falls back to its environment default.
 */
const NAMES = {
  requireTwoFactor: 'require_two_factor',
  sessionIdleMinutes: 'admin_session_idle_minutes',
  sessionMaxHours: 'admin_session_max_hours',
  auditRetentionDays: 'audit_retention_days',
} as const satisfies Record<keyof StaffSettings, string>;

/** The environment's defaults (ADMIN_SESSION_IDLE_MINUTES, ADMIN_SESSION_MAX_HOURS, AUDIT_RETENTION_DAYS). */
export type StaffPolicyDefaults = Omit<StaffSettings, 'requireTwoFactor'>;

const whole = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The policy in one query: it is read on every admin request. */
export async function staffPolicy(db: Db, defaults: StaffPolicyDefaults): Promise<StaffSettings> {
  const set = await readSettings(db, Object.values(NAMES));
  return {
    requireTwoFactor: set.get(NAMES.requireTwoFactor) === '1',
    sessionIdleMinutes: whole(set.get(NAMES.sessionIdleMinutes), defaults.sessionIdleMinutes),
    sessionMaxHours: whole(set.get(NAMES.sessionMaxHours), defaults.sessionMaxHours),
    auditRetentionDays: whole(set.get(NAMES.auditRetentionDays), defaults.auditRetentionDays),
  };
}

/** Stores the settings given (validated by the route's schema). */
export async function updateStaffPolicy(db: Db, changes: UpdateStaffSettings): Promise<void> {
  for (const [key, value] of Object.entries(changes) as [keyof StaffSettings, boolean | number | undefined][]) {
    if (value === undefined) continue;
    await writeSetting(db, NAMES[key], typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
}
