import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { primaryButton } from './button-styles';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';

type FormFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  label: string;
  /** The field's error, announced and tied to the input. */
  error?: string;
  /** Fixed text shown before the input, e.g. '+91'. */
  prefix?: string;
  ref?: Ref<HTMLInputElement>;
};

const inputClass = 'block w-full min-w-0 px-3 py-2 text-slate-900 placeholder:text-slate-500 outline-none';

/** A labelled input with its error message below; spread react-hook-form's register() into it. */
export function FormField({ label, error, prefix, id, ref, className = '', ...input }: FormFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const prefixId = `${inputId}-prefix`;
  const describedBy = [prefix ? prefixId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const border = error ? 'border-red-600' : 'border-slate-300';
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className={`mt-1 flex overflow-hidden rounded-md border bg-white focus-within:ring-3 focus-within:ring-brand-600 ${border}`}>
        {prefix && (
          <span id={prefixId} className="flex items-center border-r border-slate-300 bg-slate-100 px-3 text-slate-700">
            {prefix}
          </span>
        )}
        <input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...input} />
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** One field of a form: its name in the form's values and how its input looks. */
export type FieldSpec<T extends FieldValues> = Omit<FormFieldProps, 'error' | 'name' | 'ref'> & { name: Path<T> };

/** What a phone number field shares across the forms: the phone keypad and the national number (after the prefix). */
export const phoneInput = { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' } as const;

/** A form's fields from their specs, each registered with react-hook-form and showing its error. */
export function FormFields<T extends FieldValues>({
  fields,
  form: { register, formState },
}: {
  fields: readonly FieldSpec<T>[];
  form: { register: UseFormRegister<T>; formState: { errors: FieldErrors<T> } };
}) {
  return fields.map(({ name, ...input }) => (
    <FormField key={name} {...input} error={(get(formState.errors, name) as { message?: string } | undefined)?.message} {...register(name)} />
  ));
}

/** A form's submit button: disabled, and saying so, while the form is being sent. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={busy} className={primaryButton}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** A form-level error, e.g. the server's answer, in red. */
export function FormError({ children }: { children: string | null | undefined }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

const noticeTones = {
  done: 'border-green-200 bg-green-50 text-green-800',
  warning: 'border-amber-200 bg-amber-50 font-medium text-amber-900',
};

/**
 * A form-level note, announced without interrupting: what has just been done (a link sent, an
 * account made) or, as a `warning`, why the form is shown (a session that ended). Nothing when empty.
 */
export function FormNotice({ tone = 'done', children }: { tone?: keyof typeof noticeTones; children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className={`rounded-md border px-3 py-2 text-sm ${noticeTones[tone]}`}>
      {children}
    </p>
  );
}

/**
 * The fields, the submit button and the error of a form made with `useActionForm`: each field
 * registered and showing its error, the button busy while the form is being sent, then the
 * action's failure (`error`).
 */
export function FieldsAndSubmit<T extends FieldValues>({
  fields,
  form,
  label,
  busyLabel,
  error,
}: {
  fields: readonly FieldSpec<T>[];
  form: { register: UseFormRegister<T>; formState: { errors: FieldErrors<T>; isSubmitting: boolean } };
  label: string;
  busyLabel: string;
  error: string | null;
}) {
  return (
    <>
      <FormFields fields={fields} form={form} />
      <SubmitButton busy={form.formState.isSubmitting} label={label} busyLabel={busyLabel} />
      <FormError>{error}</FormError>
    </>
  );
}
