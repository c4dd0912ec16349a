import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ConfirmTwoFactorInput, EnrolTwoFactorInput, TwoFactorEnrolment } from '@shared/two-factor.schemas';
import { TwoFactorStatus, type DisableTwoFactorInput } from '@shared/staff-sessions.schemas';
import { adminGet, adminSend } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';

const statusKey = ['admin', 'two-factor'] as const;

/** GET /api/admin/2fa: whether it is on for the signed-in admin and whether the owner requires it. */
function getStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return adminGet('/api/admin/2fa', signal, TwoFactorStatus);
}

/** Keyed by the token: a new session (after turning it on) asks again. */
export function useTwoFactorStatus(token: string | null) {
  return useQuery(queryOptions({ queryKey: [...statusKey, token], queryFn: ({ signal }) => getStatus(signal), staleTime: 0, enabled: token !== null }));
}

/** POST /api/admin/2fa/enrol: the secret, its QR code and ten recovery codes (not on until confirmed). */
function enrol(input: EnrolTwoFactorInput): Promise<TwoFactorEnrolment> {
  return adminSend<TwoFactorEnrolment>('POST', '/api/admin/2fa/enrol', input);
}

/** POST /api/admin/2fa/confirm: turns it on; the session is replaced, so the answer carries the new token. */
function confirm(input: ConfirmTwoFactorInput): Promise<{ token: string }> {
  return adminSend<{ token: string }>('POST', '/api/admin/2fa/confirm', input);
}

/** POST /api/admin/2fa/disable: turns it off with a current code. */
function disable(input: DisableTwoFactorInput): Promise<{ message: string }> {
  return adminSend<{ message: string }>('POST', '/api/admin/2fa/disable', input);
}

export const useEnrolTwoFactor = () => useMutation({ mutationFn: enrol });
export const useConfirmTwoFactor = () => useMutation({ mutationFn: confirm });
export const useDisableTwoFactor = () => useInvalidatingMutation(disable, [statusKey]);
