import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { PHONE_PREFIX } from '@shared/account.schemas';
import { FreeClaimInput } from '@shared/services.schemas';
import { primaryButton } from '@/components/ui/button-styles';
import { FormError, FormFields, phoneInput, type FieldSpec } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useCreateClaim } from '../api/create-claim';
import { claimMessages } from '../lib/claim-messages';

/** The form's fields: the claim the server validates, without the product (the page supplies it). */
const ClaimForm = FreeClaimInput.omit({ productId: true });
type ClaimFormInput = z.input<typeof ClaimForm>;

const FORM_FIELDS: FieldSpec<ClaimFormInput>[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'mobile', label: 'Mobile', ...phoneInput, prefix: PHONE_PREFIX },
  { name: 'school', label: 'School', autoComplete: 'organization' },
  { name: 'classna', label: 'Class' },
  { name: 'division', label: 'Division' },
  { name: 'rollNo', label: 'Roll number' },
];

const emptyForm: ClaimFormInput = { name: '', email: '', mobile: '', school: '', classna: '', division: '', rollNo: '' };

/**
 * Free claim (SPEC.md §2, §4, §5, §8): a school claims a product priced 0 or
 * less. Submit reads 'Submitting...' while sending, then 'Claimed successfully'
 * (and stays disabled), or returns to Submit with the error toast and the
 * server's own message under the form.
 */
export function FreeClaimForm({ productId }: { productId: number }) {
  const claim = useCreateClaim();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ClaimForm), defaultValues: emptyForm });
  const { handleSubmit, setError } = form;

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    claim.mutate(
      { ...values, productId },
      {
        onSuccess: ({ message }) => notify('success', message),
        onError: (error) => {
          notify('error', claimMessages.error);
          if (!(error instanceof ApiError)) return;
          setServerError(error.message);
          for (const [name, message] of Object.entries(error.fields ?? {})) {
            if (FORM_FIELDS.some((f) => f.name === name)) setError(name as Path<ClaimFormInput>, { message });
          }
        },
      },
    );
  });

  const claimed = claim.isSuccess;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="free-claim" className="flex flex-col gap-4">
      <div>
        <h2 id="free-claim" className="text-lg font-semibold text-emerald-900">
          Claim this product for free
        </h2>
        <p className="mt-1 text-sm text-emerald-900">Fill in the school details; we will get in touch to arrange delivery.</p>
      </div>
      <fieldset disabled={claimed || claim.isPending} className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">School details</legend>
        <FormFields fields={FORM_FIELDS} form={form} />
      </fieldset>
      {claim.data && (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-700">
          {claim.data.message}
        </p>
      )}
      <FormError>{serverError}</FormError>
      <div>
        <button type="submit" disabled={claimed || claim.isPending} className={primaryButton}>
          {claimed ? claimMessages.claimed : claim.isPending ? claimMessages.submitting : claimMessages.submit}
        </button>
      </div>
    </form>
  );
}
