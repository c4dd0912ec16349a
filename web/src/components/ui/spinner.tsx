const SIZES = {
  sm: { Box: 'span', box: 'inline-flex items-center px-3 py-2', ring: 'size-5 border-2' },
  lg: { Box: 'div', box: 'flex justify-center py-16', ring: 'size-10 border-4' },
} as const;

/** A spinning ring announced to assistive technology as a status with the given label. */
export function Spinner({ label = 'Loading', size = 'lg' }: { label?: string; size?: 'sm' | 'lg' }) {
  const { Box, box, ring } = SIZES[size];
  return (
    <Box role="status" className={box}>
      <span aria-hidden="true" className={`${ring} animate-spin rounded-full border-slate-200 border-t-brand-700 motion-reduce:animate-none`} />
      <span className="sr-only">{label}</span>
    </Box>
  );
}
