import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { GST_STATES } from '@shared/gst';
import type { AdminPolicy } from '@shared/policies.schemas';
import { POLICY_TITLES, policyPath } from '@shared/policy-pages';
import { ShopSettingsInput, shopSettingsMessages, type ShopSettingsView } from '@shared/shop-settings.schemas';
import { secondaryButton } from '@/components/ui/button-styles';
import { FormError, FormField, SubmitButton } from '@/components/ui/form-field';
import { notify } from '@/lib/notify';
import { usePolicies, useRemoveLogo, useSavePolicy, useSaveShopSettings, useShopSettings, useUploadLogo } from '../api/shop-settings';
import { useChosenFile } from '../hooks/use-chosen-file';
import { reasonOf, reportSaveFailure, withToasts } from '../lib/admin-fetch';
import { cardClass, CardForm, SettingsSection } from './card-form';
import { FileField, SelectField, TextAreaField } from './form-controls';

const FIELDS = ['legalName', 'address', 'state', 'gstin', 'invoicePrefix', 'contactPhone', 'contactEmail', 'returnWindowDays'] as const;

/** Shop settings (owner only): the seller on new invoices, contact details, return window, logo; and the policy pages' texts. */
export function ShopSettingsSection() {
  const settings = useShopSettings();
  return (
    <SettingsSection title="Shop settings" what="the shop settings" query={settings}>
      {(data) => (
        <>
          <SettingsForm key={JSON.stringify({ ...data, logo: null })} view={data} />
          <LogoForm view={data} />
        </>
      )}
    </SettingsSection>
  );
}

function SettingsForm({ view }: { view: ShopSettingsView }) {
  const save = useSaveShopSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const { logo: _logo, saved: _saved, ...values } = view;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ShopSettingsInput), defaultValues: values });

  const onSubmit = handleSubmit(
    async (input) => {
      setFormError(null);
      try {
        await save.mutateAsync(input);
        notify('success', shopSettingsMessages.saved);
      } catch (error) {
        setFormError(reasonOf(error) ?? 'Could not save the shop settings.');
        reportSaveFailure(error, 'Could not save the shop settings', FIELDS, setError);
      }
    },
    () => setFormError('Please correct the fields marked below.'),
  );

  return (
    <CardForm
      title="Business details"
      intro={
        <>
          The seller on new invoices and credit notes, and the details the policy pages show. Invoices already issued keep the details they were issued with.
          {!view.saved && ' Not saved yet: these are the defaults from the server’s environment.'}
        </>
      }
      onSubmit={(e) => void onSubmit(e)}
    >
      <div className="ad:grid ad:grid-cols-1 ad:gap-4 ad:sm:grid-cols-2">
        <FormField label="Legal name" autoComplete="organization" error={errors.legalName?.message} {...register('legalName')} />
        <SelectField label="State" error={errors.state?.message} {...register('state')}>
          {GST_STATES.map((s) => (
            <option key={s.code} value={s.name}>
              {s.name} ({s.code})
            </option>
          ))}
        </SelectField>
        <TextAreaField label="Address" className="ad:sm:col-span-2" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
        <FormField
          label="GSTIN (leave empty if not registered under GST)"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          error={errors.gstin?.message}
          {...register('gstin')}
        />
        <FormField
          label="Invoice prefix (1-3 letters or digits)"
          autoComplete="off"
          maxLength={3}
          error={errors.invoicePrefix?.message}
          {...register('invoicePrefix')}
        />
        <FormField label="Contact phone" type="tel" inputMode="tel" autoComplete="tel" error={errors.contactPhone?.message} {...register('contactPhone')} />
        <FormField label="Contact e-mail" type="email" autoComplete="email" error={errors.contactEmail?.message} {...register('contactEmail')} />
        <FormField
          label="Return window (days after delivery; 0: no returns)"
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          error={errors.returnWindowDays?.message}
          {...register('returnWindowDays', { valueAsNumber: true })}
        />
      </div>
      <p className="ad:text-sm ad:text-slate-700">
        Without a GSTIN, orders get plain invoices with no GST charged or shown; with one, tax invoices with CGST and SGST within your state and IGST to other
        states.
      </p>
      <FormError>{formError}</FormError>
      <div>
        <SubmitButton busy={isSubmitting} label="Save shop settings" busyLabel="Saving..." />
      </div>
    </CardForm>
  );
}

function LogoForm({ view }: { view: ShopSettingsView }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const { input, error, take, clear } = useChosenFile('Choose an image first.');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = take();
    if (!file) return;
    const ok = await withToasts(() => upload.mutateAsync(file), 'Logo saved: new invoices show it', 'Could not save the logo');
    if (ok) clear();
  };

  return (
    <CardForm title="Logo on invoices" onSubmit={(e) => void submit(e)}>
      {view.logo ? (
        <img src={view.logo} alt="The shop's current logo" className="ad:max-h-20 ad:max-w-60 ad:object-contain" />
      ) : (
        <p className="ad:text-sm ad:text-slate-700">No logo: invoices show the legal name only.</p>
      )}
      <FileField {...input} label="Logo image (PNG, JPEG or WebP, at most 2 MB)" accept="image/png,image/jpeg,image/webp" error={error ?? undefined} />
      <div className="ad:flex ad:flex-wrap ad:gap-3">
        <SubmitButton busy={upload.isPending} label="Upload logo" busyLabel="Uploading..." />
        {view.logo && (
          <button
            type="button"
            className={secondaryButton}
            disabled={remove.isPending}
            onClick={() => void withToasts(() => remove.mutateAsync(undefined), 'Logo removed', 'Could not remove the logo')}
          >
            Remove logo
          </button>
        )}
      </div>
    </CardForm>
  );
}

const POLICIES_INTRO =
  'Shown at /policies/… and linked in the footer. Write in Markdown: # headings, - lists, **bold**, *italic*, [links](https://…). HTML is shown as text. Empty a page and save to go back to its default text.';

/** Policy pages (owner only): each page's Markdown, the default text made from the shop settings until the owner writes one. */
export function PoliciesSection() {
  const policies = usePolicies();
  return (
    <SettingsSection title="Policy pages" intro={POLICIES_INTRO} what="the policy pages" query={policies}>
      {(list) => list.map((p) => <PolicyForm key={`${p.slug}:${p.updatedAt ?? ''}:${p.markdown.length}`} policy={p} />)}
    </SettingsSection>
  );
}

function PolicyForm({ policy }: { policy: AdminPolicy }) {
  const save = useSavePolicy();
  const [markdown, setMarkdown] = useState(policy.markdown);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const saved = await save.mutateAsync({ slug: policy.slug, markdown });
      notify('success', saved.custom ? `${policy.title} saved` : `${policy.title} is back to its default text`);
    } catch (e) {
      const message = reasonOf(e) ?? `Could not save ${policy.title}`;
      setError(message);
      notify('error', message);
    }
  };
  const headingId = `policy-${policy.slug}-heading`;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={cardClass} aria-labelledby={headingId}>
      <div className="ad:flex ad:flex-wrap ad:items-baseline ad:justify-between ad:gap-2">
        <h3 id={headingId} className="ad:text-lg ad:font-semibold ad:text-slate-900">
          {POLICY_TITLES[policy.slug]}
        </h3>
        <a href={policyPath(policy.slug)} target="_blank" rel="noopener noreferrer" className="ad:text-sm ad:text-brand-700 ad:underline">
          View the page<span className="ad:sr-only"> {policy.title} (opens in a new tab)</span>
        </a>
      </div>
      <p className="ad:text-sm ad:text-slate-700">{policy.custom ? 'Your own text.' : 'The default text, made from the shop settings.'}</p>
      <TextAreaField label={`${policy.title} (Markdown)`} rows={12} value={markdown} onChange={(e) => setMarkdown(e.target.value)} error={error ?? undefined} />
      <div className="ad:flex ad:flex-wrap ad:gap-3">
        <SubmitButton busy={save.isPending} label={`Save ${policy.title}`} busyLabel="Saving..." />
        {policy.custom && (
          <button type="button" className={secondaryButton} onClick={() => setMarkdown('')}>
            Clear (back to the default on save)
          </button>
        )}
      </div>
    </form>
  );
}
