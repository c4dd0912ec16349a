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

export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  ref,
  ...props
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea ref={ref} id={id} rows={4} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={controlClass} {...props} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className = '',
  children,
  ref,
  ...props
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement>; children: ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={controlClass} {...props}>
        {children}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function FileField({
  label,
  error,
  hint,
  className = '',
  ref,
  ...props
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input ref={ref} id={id} type="file" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={fileClass} {...props} />
      {hint && (
        <p id={`${id}-hint`} className="ad:mt-1 ad:text-sm ad:text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** Upload progress as a labelled progress bar. */
export function UploadProgress({ fraction, label = 'Upload progress' }: { fraction: number; label?: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="ad:flex ad:items-center ad:gap-3">
      <progress aria-label={label} max={100} value={percent} className="ad:h-2 ad:w-full ad:overflow-hidden ad:rounded-full ad:[&::-webkit-progress-bar]:bg-slate-200 ad:[&::-webkit-progress-value]:bg-brand-700" />
      <span className="ad:w-12 ad:text-right ad:text-sm ad:tabular-nums ad:text-slate-700">{percent}%</span>
    </div>
  );
}
