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

/**
 * How long a node keeps the policy it read (decision 054): a change made on another app server
 * applies here at most this long after it was written. The node that changes it forgets its copy
 * at once.
 */
export const STAFF_POLICY_TTL_MS = 2_000;

/** The settings as read, per database handle (one per app server), with when the read began. */
const kept = new WeakMap<Db, { read: Promise<Map<string, string>>; until: number }>();

function settingsOf(db: Db, now: number): Promise<Map<string, string>> {
  const entry = kept.get(db);
  if (entry && now < entry.until) return entry.read;
  // Valid until TTL after the read began (never older than that), shared by the requests that ask meanwhile.
  const read = readSettings(db, Object.values(NAMES));
  const fresh = { read, until: now + STAFF_POLICY_TTL_MS };
  kept.set(db, fresh);
  // A failed read is not kept: the next request asks again.
  read.catch(() => kept.get(db) === fresh && kept.delete(db));
  return read;
}

/**
 * Forgets this node's copy of the policy: the next read goes to the database. updateStaffPolicy
 * calls it; so must anything else that writes these settings.
 */
export function forgetStaffPolicy(db: Db): void {
  kept.delete(db);
}

/**
 * The policy, read on every admin request: from this node's copy, read again from app_settings
 * (one query) when it is STAFF_POLICY_TTL_MS old.
 */
export async function staffPolicy(db: Db, defaults: StaffPolicyDefaults, now = Date.now()): Promise<StaffSettings> {
  const set = await settingsOf(db, now);
  return {
    requireTwoFactor: set.get(NAMES.requireTwoFactor) === '1',
    sessionIdleMinutes: whole(set.get(NAMES.sessionIdleMinutes), defaults.sessionIdleMinutes),
    sessionMaxHours: whole(set.get(NAMES.sessionMaxHours), defaults.sessionMaxHours),
    auditRetentionDays: whole(set.get(NAMES.auditRetentionDays), defaults.auditRetentionDays),
  };
}

/** Stores the settings given (validated by the route's schema); this node uses them from its next request. */
export async function updateStaffPolicy(db: Db, changes: UpdateStaffSettings): Promise<void> {
  try {
    for (const [key, value] of Object.entries(changes) as [keyof StaffSettings, boolean | number | undefined][]) {
      if (value === undefined) continue;
      await writeSetting(db, NAMES[key], typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
    }
  } finally {
    // Also after a partial write, and after a read that began before the write finished.
    forgetStaffPolicy(db);
  }
}
