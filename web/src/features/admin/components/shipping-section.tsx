import { useState, type FormEvent } from 'react';
import { shippingMessages } from '@shared/delivery';
import { ShippingSettings, type PincodeUploadSummary, type ShippingAdminView } from '@shared/shipping';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { FormError, FormField, SubmitButton } from '@/components/ui/form-field';
import { notify } from '@/lib/notify';
import { useClearPincodes, useSaveShipping, useShipping, useUploadPincodes } from '../api/shipping';
import { useChosenFile } from '../hooks/use-chosen-file';
import { reasonOf, withToasts } from '../lib/admin-fetch';
import { cardClass, CardForm, SettingsSection } from './card-form';
import { FileField, UploadProgress } from './form-controls';
import { ConfirmDialog } from './modal';

/** The settings form as typed: amounts and weights are text until saved. */
type SlabRow = { key: number; zone: string; upToGrams: string; rate: string };
type CodValues = { codEnabled: boolean; codMin: string; codMax: string; codFee: string; codMaxOpen: string; codMaxReturns: string };
type FormValues = { flatRate: string; freeAbove: string; defaultZone: string; defaultDays: string; slabs: SlabRow[] } & CodValues;
type TextName = keyof Omit<FormValues, 'slabs' | 'codEnabled'>;

/** A text field of the form: its value, the path the schema reports its error at, its label and keypad. */
type TextFieldSpec = { name: TextName; path: string; label: string; inputMode?: 'decimal' | 'numeric' };

const CHARGE_FIELDS: TextFieldSpec[] = [
  { name: 'flatRate', path: 'flatRate', label: 'Flat rate (₹; empty: free)', inputMode: 'decimal' },
  { name: 'freeAbove', path: 'freeAbove', label: 'Free shipping from order value (₹; empty: never)', inputMode: 'decimal' },
  { name: 'defaultZone', path: 'defaultZone', label: 'Default zone (while the pincode list is empty)' },
  { name: 'defaultDays', path: 'defaultDays', label: 'Default delivery days (e.g. 3-5; optional)' },
];
const COD_FIELDS: TextFieldSpec[] = [
  { name: 'codMin', path: 'cod.min', label: 'COD minimum order value (₹; optional)', inputMode: 'decimal' },
  { name: 'codMax', path: 'cod.max', label: 'COD maximum order value (₹; optional)', inputMode: 'decimal' },
  { name: 'codFee', path: 'cod.fee', label: 'COD fee (₹; optional)', inputMode: 'decimal' },
  { name: 'codMaxOpen', path: 'cod.maxOpen', label: 'Open COD orders per shopper (optional)', inputMode: 'numeric' },
  { name: 'codMaxReturns', path: 'cod.maxReturns', label: 'No COD after this many returned parcels (optional)', inputMode: 'numeric' },
];
/** A weight slab's fields (errors at `slabs.<i>.<name>`); the zone's label says which slab it is. */
const SLAB_FIELDS: { name: keyof Omit<SlabRow, 'key'>; label: (slab: number) => string; inputMode?: 'decimal' | 'numeric' }[] = [
  { name: 'zone', label: (slab) => `Zone (slab ${slab})` },
  { name: 'upToGrams', label: () => 'Up to (grams)', inputMode: 'numeric' },
  { name: 'rate', label: () => 'Rate (₹)', inputMode: 'decimal' },
];

let nextKey = 0;
const text = (v: number | null) => (v === null ? '' : String(v));
/** Empty: not set; a number when it reads as one; else the text itself, for the schema to refuse with its message. */
const amount = (v: string) => (v.trim() === '' ? null : Number.isFinite(Number(v)) ? Number(v) : v);

function toForm(s: ShippingSettings): FormValues {
  return {
    flatRate: text(s.flatRate),
    freeAbove: text(s.freeAbove),
    defaultZone: s.defaultZone,
    defaultDays: s.defaultDays ?? '',
    slabs: s.slabs.map((x) => ({ key: nextKey++, zone: x.zone, upToGrams: String(x.upToGrams), rate: String(x.rate) })),
    codEnabled: s.cod.enabled,
    codMin: text(s.cod.min),
    codMax: text(s.cod.max),
    codFee: text(s.cod.fee),
    codMaxOpen: text(s.cod.maxOpen),
    codMaxReturns: text(s.cod.maxReturns),
  };
}

/** Shipping: the owner's rules (free by default) and the courier's pincode list. */
export function ShippingSection() {
  const shipping = useShipping();
  return (
    <SettingsSection title="Shipping" what="the shipping settings" query={shipping}>
      {(data) => (
        <>
          <RulesForm key={JSON.stringify(data.settings)} view={data} />
          <PincodeList view={data} />
        </>
      )}
    </SettingsSection>
  );
}

const smallButton = 'ad:rounded-md ad:border ad:border-slate-300 ad:bg-white ad:px-3 ad:py-1.5 ad:font-medium ad:text-slate-800 ad:hover:bg-slate-50';

function RulesForm({ view }: { view: ShippingAdminView }) {
  const save = useSaveShipping();
  const [values, setValues] = useState<FormValues>(() => toForm(view.settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const setSlab = (key: number, field: keyof Omit<SlabRow, 'key'>, value: string) =>
    setValues((v) => ({ ...v, slabs: v.slabs.map((s) => (s.key === key ? { ...s, [field]: value } : s)) }));
  const textFields = (specs: TextFieldSpec[]) =>
    specs.map(({ name, path, ...input }) => (
      <FormField
        key={name}
        {...input}
        autoComplete="off"
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        error={errors[path]}
      />
    ));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ShippingSettings.safeParse({
      flatRate: amount(values.flatRate),
      freeAbove: amount(values.freeAbove),
      defaultZone: values.defaultZone,
      defaultDays: values.defaultDays.trim() === '' ? null : values.defaultDays,
      slabs: values.slabs.map((s) => ({ zone: s.zone, upToGrams: amount(s.upToGrams), rate: amount(s.rate) })),
      cod: {
        enabled: values.codEnabled,
        min: amount(values.codMin),
        max: amount(values.codMax),
        fee: amount(values.codFee),
        maxOpen: amount(values.codMaxOpen),
        maxReturns: amount(values.codMaxReturns),
      },
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      setFormError('Please correct the fields marked below.');
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      await save.mutateAsync(parsed.data);
      notify('success', shippingMessages.settingsSaved);
    } catch (e) {
      const message = reasonOf(e) ?? 'Could not save the shipping settings.';
      setFormError(message);
      notify('error', message);
    }
  };

  return (
    <CardForm
      title="Shipping charges"
      intro="Nothing set: shipping is free. Orders whose goods come to the free-shipping value or more ship free; otherwise the weight slab of the delivery pincode's zone applies, else the flat rate. Coupons never take off shipping unless they are free-shipping coupons."
      onSubmit={(e) => void submit(e)}
    >
      <div className="ad:grid ad:grid-cols-1 ad:gap-4 ad:sm:grid-cols-2">{textFields(CHARGE_FIELDS)}</div>
      <fieldset className="ad:flex ad:flex-col ad:gap-3">
        <legend className="ad:font-semibold ad:text-slate-900">Weight slabs per zone</legend>
        {values.slabs.length === 0 && <p className="ad:text-sm ad:text-slate-700">No slabs: every zone pays the flat rate.</p>}
        <ul aria-label="Weight slabs" className="ad:flex ad:flex-col ad:gap-3">
          {values.slabs.map((s, i) => (
            <li
              key={s.key}
              className="ad:grid ad:grid-cols-1 ad:items-start ad:gap-2 ad:rounded-md ad:border ad:border-slate-200 ad:p-3 ad:sm:grid-cols-[1fr_1fr_1fr_auto]"
            >
              {SLAB_FIELDS.map(({ name, label, inputMode }) => (
                <FormField
                  key={name}
                  label={label(i + 1)}
                  inputMode={inputMode}
                  autoComplete="off"
                  value={s[name]}
                  onChange={(e) => setSlab(s.key, name, e.target.value)}
                  error={errors[`slabs.${i}.${name}`]}
                />
              ))}
              <button
                type="button"
                className={`${smallButton} ad:sm:mt-7`}
                onClick={() => setValues((v) => ({ ...v, slabs: v.slabs.filter((x) => x.key !== s.key) }))}
              >
                Remove slab {i + 1}
              </button>
            </li>
          ))}
        </ul>
        {errors.slabs && (
          <p role="alert" className="ad:text-sm ad:text-red-700">
            {errors.slabs}
          </p>
        )}
        <div>
          <button
            type="button"
            className={smallButton}
            onClick={() => setValues((v) => ({ ...v, slabs: [...v.slabs, { key: nextKey++, zone: '', upToGrams: '', rate: '' }] }))}
          >
            Add slab
          </button>
        </div>
      </fieldset>
      <fieldset className="ad:flex ad:flex-col ad:gap-3">
        <legend className="ad:font-semibold ad:text-slate-900">Cash on delivery</legend>
        <label className="ad:flex ad:items-center ad:gap-2 ad:text-sm ad:text-slate-800">
          <input type="checkbox" checked={values.codEnabled} onChange={(e) => setValues((v) => ({ ...v, codEnabled: e.target.checked }))} />
          Offer cash on delivery (to pincodes whose list row allows it; to every pincode while the list is empty)
        </label>
        <div className="ad:grid ad:grid-cols-1 ad:gap-4 ad:sm:grid-cols-2">{textFields(COD_FIELDS)}</div>
      </fieldset>
      <FormError>{formError}</FormError>
      <div>
        <SubmitButton busy={save.isPending} label="Save shipping settings" busyLabel="Saving..." />
      </div>
    </CardForm>
  );
}

function PincodeList({ view }: { view: ShippingAdminView }) {
  const upload = useUploadPincodes();
  const clear = useClearPincodes();
  const { input, error, setError, take, clear: clearFile } = useChosenFile('Choose a CSV file first.');
  const [progress, setProgress] = useState<number | null>(null);
  const [summary, setSummary] = useState<PincodeUploadSummary | null>(null);
  const [confirming, setConfirming] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = take();
    if (!file) return;
    setSummary(null);
    setProgress(0);
    try {
      const result = await upload.mutateAsync({ file, onProgress: setProgress });
      setSummary(result);
      notify('success', `Pincode list replaced: ${rows(result.accepted)} accepted`);
      clearFile();
    } catch (e) {
      const message = reasonOf(e) ?? 'Could not upload the pincode list.';
      setError(message);
      notify('error', message);
    } finally {
      setProgress(null);
    }
  };

  const empty = async () => {
    setConfirming(false);
    setSummary(null);
    await withToasts(() => clear.mutateAsync(undefined), 'Pincode list emptied', 'Could not empty the pincode list');
  };

  const { count, zones } = view.pincodes;
  return (
    <section aria-labelledby="pincode-heading" className={cardClass}>
      <div>
        <h3 id="pincode-heading" className="ad:text-lg ad:font-semibold ad:text-slate-900">
          Pincodes we deliver to
        </h3>
        <p className="ad:text-sm ad:text-slate-700" aria-live="polite">
          {count === 0
            ? `No list loaded: every valid pincode is served at the default zone (${view.settings.defaultZone}).`
            : `${count.toLocaleString('en-IN')} pincodes: ${zones.map((z) => `${z.zone} ${z.count.toLocaleString('en-IN')}`).join(', ')}.`}
        </p>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="ad:flex ad:flex-col ad:gap-3">
        <FileField
          {...input}
          label="Pincode list (CSV)"
          accept=".csv,text/csv"
          hint="The courier's list with the header pincode,zone,cod,days (e.g. 411001,local,yes,1-2). It replaces the current list; bad rows are listed after the upload."
        />
        {progress !== null && <UploadProgress fraction={progress} label="Pincode list upload" />}
        <FormError>{error}</FormError>
        <div className="ad:flex ad:flex-wrap ad:gap-3">
          <button type="submit" className={primaryButton} disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload pincode list'}
          </button>
          {count > 0 && (
            <button type="button" className={secondaryButton} onClick={() => setConfirming(true)} disabled={clear.isPending}>
              Empty the list
            </button>
          )}
        </div>
      </form>
      {summary && <UploadSummary summary={summary} />}
      {confirming && (
        <ConfirmDialog
          title="Empty the pincode list?"
          message="Every valid pincode will then be served at the default zone."
          confirmLabel="Empty the list"
          danger
          onConfirm={() => void empty()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}

const rows = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'row' : 'rows'}`;

function UploadSummary({ summary }: { summary: PincodeUploadSummary }) {
  return (
    <div role="status" className="ad:flex ad:flex-col ad:gap-2 ad:rounded-md ad:border ad:border-slate-200 ad:bg-slate-50 ad:p-3 ad:text-sm ad:text-slate-800">
      <p className="ad:font-semibold">
        {rows(summary.accepted)} accepted, {summary.rejected === 0 ? 'no bad rows' : `${rows(summary.rejected)} bad`}
      </p>
      {summary.errors.length > 0 && (
        <ul aria-label="Bad rows" className="ad:max-h-60 ad:overflow-auto ad:list-disc ad:pl-5">
          {summary.errors.map((e) => (
            <li key={e.line}>
              Line {e.line}: {e.reason}
            </li>
          ))}
        </ul>
      )}
      {summary.rejected > summary.errors.length && <p>The first {summary.errors.length} bad rows are shown.</p>}
    </div>
  );
}
