import { useMemo, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { accountMessages } from '@shared/account-messages';
import { localPhone, PHONE_PREFIX, type Me } from '@shared/account.schemas';
import { secondaryButton } from '@/components/ui/button-styles';
import { type FieldSpec, FormError, FormFields, phoneInput, SubmitButton } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useUpdateProfile } from '../api/update-profile';
import { isInvalidPassword, serverMessage } from '../lib/auth-errors';
import { profileSavedMessages } from '../lib/profile-messages';
import { editProfileForm, sameEmail, type EditProfileForm as EditProfileValues } from '../lib/form-schemas';

function formValues(user: Me): EditProfileValues {
  return {
    name: user.name,
    username: user.username,
    phone: localPhone(user.phone),
    address: user.address,
    city: user.city,
    state: user.state,
    zipCode: user.zipCode,
    email: user.email,
    newPassword: '',
    currentPassword: '',
  };
}

const PROFILE_FIELDS = ['name', 'username', 'phone', 'address', 'city', 'state', 'zipCode'] as const;

const FIELDS: FieldSpec<EditProfileValues>[] = [
  { name: 'name', label: 'Full name', autoComplete: 'name' },
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'phone', label: 'Phone', ...phoneInput, prefix: PHONE_PREFIX },
  { name: 'address', label: 'Address', autoComplete: 'street-address', className: 'sm:col-span-2' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'zipCode', label: 'Zip Code', inputMode: 'numeric', autoComplete: 'postal-code' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'newPassword', label: 'New Password', type: 'password', autoComplete: 'new-password', placeholder: 'leave blank if unchanged' },
  {
    name: 'currentPassword',
    label: 'Current Password',
    type: 'password',
    autoComplete: 'current-password',
    placeholder: 'required for email/password changes',
  },
];

/**
 * Edit Profile (SPEC.md §2, §5, §8): saves the profile, then the email change
 * (confirmed from a link mailed to the new address) and the new password,
 * both checked against the current password by the server.
 */
export function EditProfileForm({ user }: { user: Me }) {
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile();
  const changeEmail = useChangeEmail();
  const changePassword = useChangePassword();
  const [successes, setSuccesses] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => editProfileForm(user.email), [user.email]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: formValues(user) });
  const {
    handleSubmit,
    reset,
    setError: setFieldError,
    setFocus,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(
    async (values) => {
      setSuccesses([]);
      setError(null);
      const emailChanged = !sameEmail(values.email, user.email);
      const passwordChanged = values.newPassword !== '';
      try {
        const me = await updateProfile.mutateAsync({
          name: values.name,
          username: values.username,
          phone: values.phone,
          address: values.address,
          city: values.city,
          state: values.state,
          zipCode: values.zipCode,
        });
        if (emailChanged) await changeEmail.mutateAsync({ newEmail: values.email, currentPassword: values.currentPassword });
        if (passwordChanged) {
          await changePassword.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
        }
        // The email shown stays the current one until the new address is confirmed.
        reset(formValues(me));
        setSuccesses(profileSavedMessages(emailChanged, passwordChanged));
      } catch (e) {
        const message = serverMessage(e);
        setError(message);
        if (isInvalidPassword(e)) {
          // The red message above the button already says it when the server uses the same words.
          if (message === accountMessages.wrongCurrentPassword) setFocus('currentPassword');
          else setFieldError('currentPassword', { message: accountMessages.wrongCurrentPassword }, { shouldFocus: true });
        } else if (e instanceof ApiError && e.fields) {
          for (const [name, message] of Object.entries(e.fields)) {
            if ((PROFILE_FIELDS as readonly string[]).includes(name)) setFieldError(name as Path<EditProfileValues>, { message });
          }
        }
      }
    },
    () => {
      // A later attempt that fails the form's own checks must not leave an earlier "saved" message up.
      setSuccesses([]);
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="edit-profile-heading" className="flex flex-col gap-4">
      <h1 id="edit-profile-heading" className="text-2xl font-bold text-slate-900">
        Edit Profile
      </h1>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormFields fields={FIELDS} form={form} />
      </div>
      {successes.length > 0 && (
        <div role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-700">
          {successes.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      <FormError>{error}</FormError>
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton busy={isSubmitting} label="Update Profile" busyLabel="Updating..." />
        <button type="button" onClick={() => void navigate('/')} className={secondaryButton}>
          Cancel
        </button>
      </div>
    </form>
  );
}
