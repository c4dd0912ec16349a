import { z } from 'zod';
import { Instant } from './fields.schemas';
import { StaffMember } from './staff.schemas';
import { ConfirmTwoFactorInput } from './two-factor.schemas';

/**
 * Staff sessions and the owner's sign-in policy (issue 28 item 5, decision 051):
 * how long an admin session may sit idle and live at most, how long the audit
 * log is kept, and whether two-factor sign-in is required.
 */
export const SESSION_IDLE_MINUTES = { min: 5, max: 24 * 60 } as const;
export const SESSION_MAX_HOURS = { min: 1, max: 30 * 24 } as const;
export const AUDIT_RETENTION_DAYS = { min: 90, max: 10 * 366 } as const;

const whole = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ message: `${label}: enter a number` })
    .int(`${label}: enter a whole number`)
    .min(min, `${label}: at least ${min}`)
    .max(max, `${label}: at most ${max}`);

export const StaffSettings = z.object({
  requireTwoFactor: z.boolean(),
  /** a session unused this long ends */
  sessionIdleMinutes: whole('Idle time', SESSION_IDLE_MINUTES),
  /** a session ends this long after its sign-in, used or not */
  sessionMaxHours: whole('Longest session', SESSION_MAX_HOURS),
  /** audit log lines older than this are deleted by a scheduled job */
  auditRetentionDays: whole('Audit log kept', AUDIT_RETENTION_DAYS),
});
export type StaffSettings = z.infer<typeof StaffSettings>;

/** PUT: any of the settings; the answer is all of them. */
export const UpdateStaffSettings = StaffSettings.partial().strict();
export type UpdateStaffSettings = z.infer<typeof UpdateStaffSettings>;

/** One signed-in admin session: the staff account's id, username and role as the staff list shows them, and the session's own facts. */
export const StaffSession = z.object({
  id: z.string(),
  staffId: StaffMember.shape.id,
  ...StaffMember.pick({ username: true, role: true }).shape,
  signedInAt: Instant,
  lastSeenAt: Instant,
  /** when it ends unless used again (the idle limit, or the longest session when that comes first) */
  endsAt: Instant,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** the session of the request that asked */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof StaffSession>;

export const TwoFactorStatus = z.object({ enabled: z.boolean(), required: z.boolean() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** Turning it off takes a current code from the app, as turning it on does. */
export const DisableTwoFactorInput = ConfirmTwoFactorInput;
export type DisableTwoFactorInput = ConfirmTwoFactorInput;

export const staffSessionMessages = {
  expired: 'Your session has expired. Please log in again.',
  notFound: 'There is no such session.',
  ended: 'Session ended',
  endedAll: (n: number) => `${n} session${n === 1 ? '' : 's'} ended`,
  idleAboveMax: 'The idle time cannot be longer than the longest session.',
  twoFactorStillRequired: 'The shop owner requires two-factor sign-in: it cannot be turned off.',
  twoFactorNotOn: 'Two-factor sign-in is not on for this account.',
  twoFactorOff: 'Two-factor sign-in is off',
} as const;
