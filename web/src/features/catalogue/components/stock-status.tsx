import { availabilityOf } from '@shared/product-availability';

const toneClass = {
  ok: 'font-semibold text-emerald-800',
  low: 'font-semibold text-amber-800',
  out: 'text-lg font-semibold text-red-700',
} as const;

/** The product page's word on its stock: "In stock", "Only N left" (5 or fewer) or "Out of stock". */
export function StockStatus({ stock }: { stock: number | null }) {
  const { label, tone } = availabilityOf(stock);
  return <p className={toneClass[tone]}>{label}</p>;
}
