import { useId, useState } from 'react';
import type { z } from 'zod';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@shared/staff-roles';
import { CreateStaffInput, type StaffMember, type UpdateStaffInput } from '@shared/staff.schemas';
import { FormField, SubmitButton } from '@/components/ui/form-field';
import { secondaryButton } from '@/components/ui/button-styles';
import { notify } from '@/lib/notify';
import { StaffSettings } from '@shared/staff-sessions.schemas';
import { useAddStaff, useDeleteStaff, useStaff, useStaffSettings, useUpdateStaff, useUpdateStaffSettings } from '../api/staff';
import { useEndStaffSessions } from '../api/staff-sessions';
import { useAdminForm } from '../hooks/use-admin-form';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete';
import { withToasts } from '../lib/admin-fetch';
import { AdminSection, QueryBody } from './admin-section';
import { Options, SelectField } from './form-controls';

const ROLE_OPTIONS = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }));
const FIELDS = ['username', 'email', 'role'] as const;

/** A password the server generated, shown once. */
function NewPassword({ username, password }: { username: string; password: string }) {
  return (
    <p role="status" className="ad:rounded-md ad:border ad:border-amber-300 ad:bg-amber-50 ad:p-3 ad:text-slate-900">
      Password for {username} (shown once, pass it on safely): <code className="ad:font-mono ad:font-semibold">{password}</code>
    </p>
  );
}

function AddStaffForm({ onPassword }: { onPassword: (shown: { username: string; password: string }) => void }) {
  const add = useAddStaff();
  const { register, errors, isSubmitting, onSubmit } = useAdminForm<CreateStaffInput>({
    schema: CreateStaffInput,
    defaultValues: { username: '', email: '', role: 'support' },
    fields: FIELDS,
    failed: 'Could not add the staff account',
    save: async (values, form) => {
      const { staff, password } = await add.mutateAsync(values);
      notify('success', `Added ${staff.username}`);
      if (password) onPassword({ username: staff.username, password });
      form.reset();
    },
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Add a staff member"
      className="ad:grid ad:gap-4 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:sm:grid-cols-3"
    >
      <FormField label="Username" autoComplete="off" error={errors.username?.message} {...register('username')} />
      <FormField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <SelectField label="Role" error={errors.role?.message} {...register('role')}>
        <Options of={ROLE_OPTIONS} />
      </SelectField>
      <div className="ad:sm:col-span-3">
        <SubmitButton busy={isSubmitting} label="Add staff member" busyLabel="Adding..." />
      </div>
    </form>
  );
}

function StaffRow({
  member,
  onPassword,
  onDelete,
}: {
  member: StaffMember;
  onPassword: (shown: { username: string; password: string }) => void;
  onDelete: () => void;
}) {
  const update = useUpdateStaff();
  const endSessions = useEndStaffSessions();
  const change = async (changes: UpdateStaffInput, done: string) => {
    let password: string | undefined;
    const ok = await withToasts(async () => ({ password } = await update.mutateAsync({ id: member.id, changes })), done, `Could not change ${member.username}`);
    if (ok && password) onPassword({ username: member.username, password });
  };
  return (
    <article
      aria-label={member.username}
      className="ad:flex ad:flex-wrap ad:items-end ad:justify-between ad:gap-3 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4"
    >
      <div className="ad:min-w-0">
        <h3 className="ad:font-semibold ad:break-words ad:text-slate-900">
          {member.username} {member.disabled && <span className="ad:text-sm ad:font-normal ad:text-red-700">(disabled)</span>}{' '}
          {member.twoFactor && <span className="ad:text-sm ad:font-normal ad:text-green-800">(two-factor on)</span>}
        </h3>
        <p className="ad:text-sm ad:break-all ad:text-slate-700">{member.email}</p>
      </div>
      <SelectField
        label={`Role of ${member.username}`}
        value={member.role}
        disabled={update.isPending}
        onChange={(e) => void change({ role: e.target.value as StaffRole }, `${member.username} is now ${e.target.value}`)}
      >
        <Options of={ROLE_OPTIONS} />
      </SelectField>
      <div className="ad:flex ad:flex-wrap ad:gap-2">
        <button
          type="button"
          className={`${secondaryButton} ad:py-1.5`}
          onClick={() => void change({ disabled: !member.disabled }, member.disabled ? `Enabled ${member.username}` : `Disabled ${member.username}`)}
        >
          {member.disabled ? 'Enable' : 'Disable'}
        </button>
        <button
          type="button"
          className={`${secondaryButton} ad:py-1.5`}
          onClick={() => void change({ resetPassword: true }, `New password for ${member.username}`)}
        >
          Reset password
        </button>
        {member.twoFactor && (
          <button
            type="button"
            className={`${secondaryButton} ad:py-1.5`}
            onClick={() => void change({ resetTwoFactor: true }, `Two-factor sign-in is off for ${member.username}`)}
          >
            Reset two-factor
          </button>
        )}
        <button
          type="button"
          className={`${secondaryButton} ad:py-1.5`}
          disabled={endSessions.isPending}
          onClick={() =>
            void withToasts(
              () => endSessions.mutateAsync(member.id),
              `Signed ${member.username} out everywhere`,
              `Could not end the sessions of ${member.username}`,
            )
          }
        >
          End sessions
        </button>
        <button type="button" className={`${secondaryButton} ad:py-1.5 ad:text-red-700`} onClick={onDelete}>
          Delete
        </button>
      </div>
    </article>
  );
}

/** The owner's switch: every account must use two-factor sign-in (one without it may only set it up). */
function RequireTwoFactor({ on }: { on: boolean }) {
  const update = useUpdateStaffSettings();
  const id = useId();
  return (
    <div className="ad:flex ad:items-center ad:gap-2">
      <input
        id={id}
        type="checkbox"
        className="ad:size-4 ad:accent-brand-700"
        checked={on}
        disabled={update.isPending}
        onChange={() =>
          void withToasts(
            () => update.mutateAsync({ requireTwoFactor: !on }),
            on ? 'Two-factor sign-in is optional' : 'Two-factor sign-in is required',
            'Could not change the setting',
          )
        }
      />
      <label htmlFor={id} className="ad:text-sm ad:font-medium ad:text-slate-800">
        Require two-factor sign-in for every staff account (set up yours first)
      </label>
    </div>
  );
}

const LIMITS = StaffSettings.omit({ requireTwoFactor: true });
type Limits = z.infer<typeof LIMITS>;
const LIMIT_FIELDS = ['sessionIdleMinutes', 'sessionMaxHours', 'auditRetentionDays'] as const;

/** The owner's session limits and audit log retention. */
function LimitsForm({ settings }: { settings: Limits }) {
  const update = useUpdateStaffSettings();
  const { register, errors, isSubmitting, onSubmit } = useAdminForm<Limits>({
    schema: LIMITS,
    values: settings,
    fields: LIMIT_FIELDS,
    failed: 'Could not save the settings',
    save: async (values) => {
      await update.mutateAsync(values);
      notify('success', 'Saved the session and audit log settings');
    },
  });
  const number = { type: 'number', inputMode: 'numeric', min: 1 } as const;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Sessions and audit log"
      className="ad:grid ad:gap-4 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:sm:grid-cols-3"
    >
      <FormField
        label="Sign out after idle (minutes)"
        {...number}
        error={errors.sessionIdleMinutes?.message}
        {...register('sessionIdleMinutes', { valueAsNumber: true })}
      />
      <FormField
        label="Longest session (hours)"
        {...number}
        error={errors.sessionMaxHours?.message}
        {...register('sessionMaxHours', { valueAsNumber: true })}
      />
      <FormField
        label="Keep the audit log (days, at least 90)"
        {...number}
        error={errors.auditRetentionDays?.message}
        {...register('auditRetentionDays', { valueAsNumber: true })}
      />
      <div className="ad:sm:col-span-3">
        <SubmitButton busy={isSubmitting} label="Save settings" busyLabel="Saving..." />
      </div>
    </form>
  );
}

function Policy() {
  const settings = useStaffSettings();
  if (!settings.data) return null;
  return (
    <>
      <RequireTwoFactor on={settings.data.requireTwoFactor} />
      <LimitsForm settings={settings.data} />
    </>
  );
}

/** Staff (owner only): the policy; add, change the role, disable, reset the password or two-factor, end sessions, delete. */
export function StaffSection() {
  const staff = useStaff();
  const remove = useConfirmedDelete({
    useDelete: useDeleteStaff,
    idOf: (member: StaffMember) => member.id,
    describe: (member) => ({ title: `Delete ${member.username}?`, message: 'The account and its sessions end now. This cannot be undone.' }),
    toasts: ({ username }) => ({ done: `Deleted ${username}`, failed: `Could not delete ${username}` }),
  });
  const [shown, setShown] = useState<{ username: string; password: string } | null>(null);

  return (
    <AdminSection title="Staff">
      <Policy />
      <AddStaffForm onPassword={setShown} />
      {shown && <NewPassword {...shown} />}
      <QueryBody query={staff} loadingLabel="Loading staff" errorText="Could not load the staff accounts">
        {(members) => (
          <ul aria-label="Staff accounts" className="ad:flex ad:flex-col ad:gap-3">
            {members.map((m) => (
              <li key={m.id}>
                <StaffRow member={m} onPassword={setShown} onDelete={() => remove.request(m)} />
              </li>
            ))}
          </ul>
        )}
      </QueryBody>
      {remove.dialog}
    </AdminSection>
  );
}
