import { useMutation } from '@tanstack/react-query';
import type { ConfirmTwoFactorInput, EnrolTwoFactorInput, TwoFactorEnrolment } from '@shared/two-factor.schemas';
import { adminSend } from '../lib/admin-fetch';

/** POST /api/admin/2fa/enrol: the secret, its QR code and ten recovery codes (not on until confirmed). */
function enrol(input: EnrolTwoFactorInput): Promise<TwoFactorEnrolment> {
  return adminSend<TwoFactorEnrolment>('POST', '/api/admin/2fa/enrol', input);
}

/** POST /api/admin/2fa/confirm: turns it on; the session is replaced, so the answer carries the new token. */
function confirm(input: ConfirmTwoFactorInput): Promise<{ token: string }> {
  return adminSend<{ token: string }>('POST', '/api/admin/2fa/confirm', input);
}

export const useEnrolTwoFactor = () => useMutation({ mutationFn: enrol });
export const useConfirmTwoFactor = () => useMutation({ mutationFn: confirm });
