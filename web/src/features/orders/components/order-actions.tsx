import { useState } from 'react';
import { formatRupees } from '@shared/money';
import type { UserOrder } from '@shared/orders.schemas';
import { RETURN_STATUS_LABELS } from '@shared/returns';
import { secondaryButton } from '@/components/ui/button-styles';
import { formatOrderDate } from '../lib/order-format';
import { CancelOrder } from './cancel-order';
import { ReturnForm } from './return-form';

/** What the shopper may still do with an order (cancel it, ask for a return) and where their returns stand. */
export function OrderActions({ order }: { order: UserOrder }) {
  const [returning, setReturning] = useState(false);
  const returns = order.returns ?? [];
  const canReturn = Boolean(order.returnUntil) && order.items.some((i) => (i.returnable ?? 0) > 0);
  if (!order.cancelable && !canReturn && returns.length === 0) return null;
  return (
    <section aria-label={`Cancel or return order ${order.order_id}`} className="space-y-3 border-t border-slate-200 px-4 py-3 sm:px-5">
      {returns.length > 0 && (
        <ul className="space-y-2" aria-label="Returns">
          {returns.map((r) => (
            <li key={r.id} className="rounded-md bg-slate-50 p-2 text-sm text-slate-900">
              <p className="font-semibold">
                Return #{r.id}: {RETURN_STATUS_LABELS[r.status]}
              </p>
              <p>{r.lines.map((l) => `${l.quantity} × ${l.title}`).join(', ')}</p>
              {r.message && <p>Shop&apos;s note: {r.message}</p>}
              {r.refund && (
                <p>
                  Refund {formatRupees(r.refund.amount)}:{' '}
                  {r.refund.status === 'processed' ? 'refunded' : r.refund.status === 'pending' ? 'on its way' : 'failed, the shop will try again'}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {order.cancelable && <CancelOrder order={order} />}
        {canReturn && !returning && (
          <button type="button" className={secondaryButton} onClick={() => setReturning(true)}>
            Request a return
          </button>
        )}
      </div>
      {canReturn && order.returnUntil && !returning && <p className="text-sm text-slate-700">Returns accepted until {formatOrderDate(order.returnUntil)}.</p>}
      {returning && <ReturnForm order={order} onDone={() => setReturning(false)} />}
    </section>
  );
}
