/** A spinning ring announced to assistive technology as a status with the given label. */
export function Spinner({ label = 'Loading', size = 'lg' }: { label?: string; size?: 'sm' | 'lg' }) {
  if (size === 'sm') {
    return (
      <span role="status" className="inline-flex items-center px-3 py-2">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-slate-200 border-t-brand-700 motion-reduce:animate-none"
        />
        <span className="sr-only">{label}</span>
      </span>
    );
  }
  return (
    <div role="status" className="flex justify-center py-16">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-700 motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
