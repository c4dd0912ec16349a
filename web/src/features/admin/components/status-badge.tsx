import { statusTone, type StatusTone } from '@/features/orders/lib/order-format';

const TONES: Record<StatusTone, string> = {
  grey: 'ad:bg-slate-100 ad:text-slate-800 ad:ring-slate-300',
  yellow: 'ad:bg-yellow-100 ad:text-yellow-900 ad:ring-yellow-300',
  green: 'ad:bg-green-100 ad:text-green-900 ad:ring-green-300',
  red: 'ad:bg-red-100 ad:text-red-900 ad:ring-red-300',
};

/** SPEC.md §4: grey placed, yellow dispatched, green delivered, red anything else; `tone` overrides it for other lists. */
export function StatusBadge({ status, tone }: { status: string; tone?: StatusTone }) {
  return (
    <span className={`ad:inline-flex ad:rounded-full ad:px-3 ad:py-1 ad:text-sm ad:font-semibold ad:capitalize ad:ring-1 ${TONES[tone ?? statusTone(status)]}`}>
      <span className="ad:sr-only">Status: </span>
      {status.replace('_', ' ')}
    </span>
  );
}
