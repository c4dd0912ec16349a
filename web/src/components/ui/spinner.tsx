/** A spinning ring announced to assistive technology as a status with the given label. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
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
