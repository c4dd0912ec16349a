import { useEffect, useState } from 'react';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { accountMessages } from '@shared/account-messages';
import { PHONE_PREFIX, SignUpStep1, SignUpStep2, SignUpStep3 } from '@shared/account.schemas';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { FormError, FormFields, phoneInput, type FieldSpec } from '@/components/ui/form-field';
import { notify } from '@/lib/notify';
import { useSignUp } from '../api/sign-up';
import { signUpFailure, type SignUpFailure } from '../lib/auth-errors';
import { linkButton } from './link-button';

type Values = {
  name: string;
  email: string;
  username: string;
  phone: string;
  password: string;
  confirmPassword: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
};
type Step = 1 | 2 | 3;

const EMPTY: Values = {
  name: '',
  email: '',
  username: '',
  phone: '',
  password: '',
  confirmPassword: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
};

const STEP_OF_FIELD: Record<string, Step> = {
  email: 1,
  username: 1,
  name: 1,
  phone: 1,
  password: 2,
  confirmPassword: 2,
  address: 3,
  city: 3,
  state: 3,
  zipCode: 3,
};

type StepFormProps<V extends FieldValues> = {
  schema: z.ZodType<V, V>;
  fields: FieldSpec<V>[];
  values: Values;
  /** An error the server reported for one of this step's fields. */
  serverFailure: SignUpFailure | null;
  submitLabel: string;
  busyLabel?: string;
  onBack?: (values: Partial<Values>) => void;
  onNext: (values: V) => void | Promise<void>;
};

/** One step of the sign-up form: its own fields and checks; Back keeps what was typed without checking it. */
function StepForm<V extends FieldValues>({ schema, fields, values, serverFailure, submitLabel, busyLabel, onBack, onNext }: StepFormProps<V>) {
  const defaults = Object.fromEntries(fields.map((f) => [f.name, values[f.name as keyof Values]])) as V;
  const form = useForm<V, unknown, V>({ resolver: zodResolver(schema), defaultValues: defaults as never });
  const {
    handleSubmit,
    setFocus,
    setError,
    getValues,
    formState: { isSubmitting },
  } = form;

  const first = fields[0]?.name;
  useEffect(() => {
    const field = serverFailure?.field;
    if (field && fields.some((f) => f.name === field.name)) {
      setError(field.name as Path<V>, { message: field.message }, { shouldFocus: true });
    } else if (first) {
      setFocus(first);
    }
    // Runs when the step appears or the server answers for it.
  }, [serverFailure, setError, setFocus, first, fields]);

  return (
    <form onSubmit={handleSubmit(onNext)} noValidate className="flex flex-col gap-4">
      <FormFields fields={fields} form={form} />
      <FormError>{serverFailure?.message}</FormError>
      <div className="flex gap-3">
        {onBack && (
          <button type="button" className={`${secondaryButton} flex-1`} onClick={() => onBack(getValues() as Partial<Values>)}>
            Back
          </button>
        )}
        <button type="submit" disabled={isSubmitting} className={`${primaryButton} flex-1`}>
          {isSubmitting && busyLabel ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}

type StepSpec = {
  title: string;
  schema: z.ZodType<FieldValues, FieldValues>;
  fields: FieldSpec<FieldValues>[];
  submitLabel: string;
  busyLabel?: string;
};

const accountFields: FieldSpec<FieldValues>[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'phone', label: 'Mobile number', ...phoneInput, prefix: PHONE_PREFIX },
];
const passwordFields: FieldSpec<FieldValues>[] = [
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];
const addressFields: FieldSpec<FieldValues>[] = [
  { name: 'address', label: 'Address', type: 'text', autoComplete: 'street-address' },
  { name: 'city', label: 'City', type: 'text', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', type: 'text', autoComplete: 'address-level1' },
  { name: 'zipCode', label: 'Zip code', type: 'text', autoComplete: 'postal-code', inputMode: 'numeric' },
];

const STEPS: Record<Step, StepSpec> = {
  1: { title: 'Your account', schema: SignUpStep1, fields: accountFields, submitLabel: 'Next' },
  2: { title: 'Choose a password', schema: SignUpStep2, fields: passwordFields, submitLabel: 'Next' },
  3: { title: 'Delivery address', schema: SignUpStep3, fields: addressFields, submitLabel: 'Sign up', busyLabel: 'Signing up...' },
};

type SignUpFormProps = {
  defaultEmail: string;
  onSignedUp: (email: string) => void;
  onLogin: (email: string) => void;
};

/** Sign-up in three steps (SPEC.md §4): account, password, address; free to move back and forth. */
export function SignUpForm({ defaultEmail, onSignedUp, onLogin }: SignUpFormProps) {
  const signUp = useSignUp();
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState<Values>({ ...EMPTY, email: defaultEmail });
  const [failure, setFailure] = useState<{ step: Step; failure: SignUpFailure } | null>(null);

  const go = (to: Step, typed: Partial<Values>) => {
    setValues((v) => ({ ...v, ...typed }));
    setFailure(null);
    setStep(to);
  };

  const submit = async (last: z.infer<typeof SignUpStep3>) => {
    const all = { ...values, ...last };
    setValues(all);
    setFailure(null);
    try {
      await signUp.mutateAsync(all);
      notify('success', accountMessages.verificationSent);
      onSignedUp(all.email);
    } catch (e) {
      const f = signUpFailure(e);
      const at = f.field ? (STEP_OF_FIELD[f.field.name] ?? 3) : 3;
      setFailure({ step: at, failure: f });
      setStep(at);
    }
  };

  const serverFailure = failure?.step === step ? failure.failure : null;

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Sign up</h1>
        <p className="mt-1 text-sm text-slate-700" aria-live="polite">
          Step {step} of 3: {STEPS[step].title}
        </p>
        <ol className="mt-3 flex gap-2" aria-hidden="true">
          {([1, 2, 3] as const).map((s) => (
            <li key={s} className={`h-1.5 flex-1 rounded-full ${s <= step ? 'bg-brand-700' : 'bg-slate-200'}`} />
          ))}
        </ol>
      </div>
      <StepForm
        key={`step-${step}`}
        {...STEPS[step]}
        values={values}
        serverFailure={serverFailure}
        onBack={step > 1 ? (v) => go((step - 1) as Step, v) : undefined}
        onNext={step < 3 ? (v) => go((step + 1) as Step, v) : (v) => submit(v as z.infer<typeof SignUpStep3>)}
      />
      <button type="button" className={`${linkButton} self-start text-sm`} onClick={() => onLogin(values.email)}>
        Already have an account? Login
      </button>
    </div>
  );
}
