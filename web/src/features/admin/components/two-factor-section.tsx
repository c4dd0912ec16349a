import { useState } from 'react';
import { ConfirmTwoFactorInput, EnrolTwoFactorInput, type TwoFactorEnrolment } from '@shared/two-factor.schemas';
import { DisableTwoFactorInput, staffSessionMessages } from '@shared/staff-sessions.schemas';
import { FieldsAndSubmit, type FieldSpec } from '@/components/ui/form-field';
import { notify } from '@/lib/notify';
import { useActionForm } from '@/lib/use-action-form';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnrolTwoFactor, useTwoFactorStatus } from '../api/two-factor';
import { reasonOf } from '../lib/admin-fetch';
import { startAdminSession, useAdminSession } from '../lib/admin-session';
import { AdminSection, QueryBody } from './admin-section';

const PASSWORD: FieldSpec<EnrolTwoFactorInput>[] = [{ name: 'password', label: 'Your password', type: 'password', autoComplete: 'current-password' }];
const CODE: FieldSpec<ConfirmTwoFactorInput>[] = [
  { name: 'code', label: 'Code from your authenticator app', autoComplete: 'one-time-code', inputMode: 'numeric' },
];
const failed = (e: unknown) => reasonOf(e) ?? 'Something went wrong. Try again.';

function Confirm({ enrolment, onDone }: { enrolment: TwoFactorEnrolment; onDone: () => void }) {
  const confirm = useConfirmTwoFactor();
  const { form, onSubmit, error } = useActionForm(
    ConfirmTwoFactorInput,
    { code: '' },
    async (values) => {
      const { token } = await confirm.mutateAsync(values);
      notify('success', 'Two-factor sign-in is on');
      onDone();
      startAdminSession(token);
    },
    failed,
  );
  return (
    <div className="ad:flex ad:flex-col ad:gap-4 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4">
      <p>Scan this code with an authenticator app (or type the secret), then enter the code it shows.</p>
      <img src={enrolment.qr} alt="QR code for your authenticator app" width={220} height={220} />
      <p>
        Secret: <code className="ad:font-mono ad:font-semibold ad:break-all">{enrolment.secret}</code>
      </p>
      <div>
        <h3 className="ad:font-semibold">Recovery codes</h3>
        <p className="ad:text-sm ad:text-slate-700">Keep these somewhere safe: each signs you in once if you lose your phone.</p>
        <ul aria-label="Recovery codes" className="ad:mt-2 ad:grid ad:grid-cols-2 ad:gap-1 ad:font-mono ad:sm:grid-cols-5">
          {enrolment.backupCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </div>
      <form onSubmit={onSubmit} noValidate aria-label="Confirm two-factor sign-in" className="ad:flex ad:max-w-sm ad:flex-col ad:gap-3">
        <FieldsAndSubmit fields={CODE} form={form} label="Turn on" busyLabel="Checking..." error={error} />
      </form>
    </div>
  );
}

/** Turning it off: a current code from the app (not offered while the owner requires it). */
function TurnOff() {
  const disable = useDisableTwoFactor();
  const { form, onSubmit, error } = useActionForm(
    DisableTwoFactorInput,
    { code: '' },
    async (values) => {
      await disable.mutateAsync(values);
      notify('success', staffSessionMessages.twoFactorOff);
    },
    failed,
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Turn off two-factor sign-in" className="ad:flex ad:max-w-sm ad:flex-col ad:gap-3">
      <FieldsAndSubmit fields={CODE} form={form} label="Turn off" busyLabel="Turning off..." error={error} />
    </form>
  );
}

function SetUp() {
  const enrol = useEnrolTwoFactor();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const { form, onSubmit, error } = useActionForm(
    EnrolTwoFactorInput,
    { password: '' },
    async (values) => setEnrolment(await enrol.mutateAsync(values)),
    failed,
  );
  return enrolment ? (
    <Confirm enrolment={enrolment} onDone={() => setEnrolment(null)} />
  ) : (
    <form onSubmit={onSubmit} noValidate aria-label="Set up two-factor sign-in" className="ad:flex ad:max-w-sm ad:flex-col ad:gap-3">
      <FieldsAndSubmit fields={PASSWORD} form={form} label="Set up" busyLabel="Setting up..." error={error} />
    </form>
  );
}

/**
 * Two-factor sign-in for the signed-in admin: set it up (password, QR code and recovery codes, a
 * code from the app), or turn it off with a code unless the owner requires it.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus(useAdminSession().token);
  return (
    <AdminSection title="Two-factor sign-in">
      <QueryBody query={status} loadingLabel="Loading two-factor sign-in" errorText="Could not load your two-factor sign-in">
        {({ enabled, required }) =>
          enabled ? (
            <>
              <p className="ad:text-slate-700">
                Your account uses two-factor sign-in: after your password, sign-in asks for a code from your authenticator app.
              </p>
              {required ? <p className="ad:text-slate-700">The shop owner requires it, so it cannot be turned off.</p> : <TurnOff />}
            </>
          ) : (
            <>
              {required && (
                <p role="alert" className="ad:rounded-md ad:border ad:border-amber-300 ad:bg-amber-50 ad:p-3 ad:text-slate-900">
                  The shop owner requires two-factor sign-in: set it up to use the dashboard.
                </p>
              )}
              <p className="ad:text-slate-700">After your password, sign-in will ask for a code from an authenticator app on your phone.</p>
              <SetUp />
            </>
          )
        }
      </QueryBody>
    </AdminSection>
  );
}
