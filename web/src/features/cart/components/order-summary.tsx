import { formatRupees } from '@shared/money';
import type { CartSummary } from '../lib/cart-summary';

/** Subtotal, shipping (free unless the owner set rules: decision 040), coupon discount, the COD fee when COD is chosen (decision 044) and total = subtotal + shipping − discount + COD fee. */
export function OrderSummary({ summary, couponCode }: { summary: CartSummary; couponCode: string | null }) {
  return (
    <dl className="space-y-2 text-slate-800">
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd>{formatRupees(summary.subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Shipping</dt>
        <dd>{formatRupees(summary.shipping)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="min-w-0">
          Coupon discount
          {couponCode && <span className="block text-sm break-all text-slate-600">{couponCode}</span>}
        </dt>
        <dd className={`whitespace-nowrap ${summary.discount > 0 ? 'text-green-700' : ''}`}>
          {summary.discount > 0 ? `−${formatRupees(summary.discount)}` : formatRupees(0)}
        </dd>
      </div>
      {summary.codFee !== null && (
        <div className="flex justify-between gap-4">
          <dt>Cash on delivery fee</dt>
          <dd>{formatRupees(summary.codFee)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
        <dt>Total</dt>
        <dd>{formatRupees(summary.total)}</dd>
      </div>
    </dl>
  );
}
