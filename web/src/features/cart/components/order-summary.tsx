import type { ReactNode } from 'react';
import { formatRupees } from '@shared/money';
import type { CartSummary } from '../lib/cart-summary';

/** One line of the summary: what it is, and its amount on the right. */
function Line({
  term,
  amount,
  termClass,
  amountClass,
  total = false,
}: {
  term: ReactNode;
  amount: string;
  termClass?: string;
  amountClass?: string;
  total?: boolean;
}) {
  return (
    <div className={total ? 'flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900' : 'flex justify-between gap-4'}>
      <dt className={termClass}>{term}</dt>
      <dd className={amountClass}>{amount}</dd>
    </div>
  );
}

/** Subtotal, shipping (free unless the owner set rules: decision 040), coupon discount, the COD fee when COD is chosen (decision 044) and total = subtotal + shipping − discount + COD fee. */
export function OrderSummary({ summary, couponCode }: { summary: CartSummary; couponCode: string | null }) {
  return (
    <dl className="space-y-2 text-slate-800">
      <Line term="Subtotal" amount={formatRupees(summary.subtotal)} />
      <Line term="Shipping" amount={formatRupees(summary.shipping)} />
      <Line
        term={
          <>
            Coupon discount
            {couponCode && <span className="block text-sm break-all text-slate-600">{couponCode}</span>}
          </>
        }
        termClass="min-w-0"
        amount={summary.discount > 0 ? `−${formatRupees(summary.discount)}` : formatRupees(0)}
        amountClass={`whitespace-nowrap ${summary.discount > 0 ? 'text-green-700' : ''}`}
      />
      {summary.codFee !== null && <Line term="Cash on delivery fee" amount={formatRupees(summary.codFee)} />}
      <Line term="Total" amount={formatRupees(summary.total)} total />
    </dl>
  );
}
