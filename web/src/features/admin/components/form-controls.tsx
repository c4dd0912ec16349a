import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { controlClass, fileClass, labelClass } from './field-styles';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="ad:mt-1 ad:text-sm ad:text-red-700">
      {error}
    </p>
  );
}

type Common = { label: string; error?: string; hint?: string; className?: string };

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  const ids = [...(hint ? [`${id}-hint`] : []), ...(error ? [`${id}-error`] : [])];
  return ids.length > 0 ? ids.join(' ') : undefined;
}

type ControlProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/** A label bound to its control, the hint and the error below it; `control` puts the id and ARIA attributes on the control. */
function Field({ label, error, hint, className = '', control }: Common & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, error, hint) })}
      {hint && (
        <p id={`${id}-hint`} className="ad:mt-1 ad:text-sm ad:text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's own props, and the rest for its control. */
function split<P extends Common>({ label, error, hint, className, ...control }: P) {
  return [{ label, error, hint, className }, control] as const;
}

export function TextAreaField(props: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const [field, textarea] = split(props);
  return <Field {...field} control={(a11y) => <textarea {...a11y} rows={4} className={controlClass} {...textarea} />} />;
}

export function SelectField(props: Common & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement>; children: ReactNode }) {
  const [field, select] = split(props);
  return <Field {...field} control={(a11y) => <select {...a11y} className={controlClass} {...select} />} />;
}

export function FileField(props: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const [field, input] = split(props);
  return <Field {...field} control={(a11y) => <input {...a11y} type="file" className={fileClass} {...input} />} />;
}

/** A select's options from a list of values and their labels. */
export function Options({ of }: { of: readonly { value: string; label: string }[] }) {
  return of.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}

/** Upload progress as a labelled progress bar. */
export function UploadProgress({ fraction, label = 'Upload progress' }: { fraction: number; label?: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="ad:flex ad:items-center ad:gap-3">
      <progress
        aria-label={label}
        max={100}
        value={percent}
        className="ad:h-2 ad:w-full ad:overflow-hidden ad:rounded-full ad:[&::-webkit-progress-bar]:bg-slate-200 ad:[&::-webkit-progress-value]:bg-brand-700"
      />
      <span className="ad:w-12 ad:text-right ad:text-sm ad:tabular-nums ad:text-slate-700">{percent}%</span>
    </div>
  );
}

/** The save button of an editor inside a larger form (variants, kit parts): a plain button, not a submit. */
export function SaveButton({ busy, label, onSave }: { busy: boolean; label: string; onSave: () => Promise<unknown> | void }) {
  return (
    <button
      type="button"
      className="ad:rounded-md ad:bg-brand-700 ad:px-4 ad:py-2 ad:font-semibold ad:text-white"
      onClick={() => void onSave()}
      disabled={busy}
    >
      {busy ? 'Saving...' : label}
    </button>
  );
}
