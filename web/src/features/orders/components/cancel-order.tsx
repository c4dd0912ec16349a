import { useId, useState } from 'react';
import type { UserOrder } from '@shared/orders.schemas';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { notify } from '@/lib/notify';
import { useCancelOrder } from '../api/cancel-order';

/** "Cancel order" with a confirmation step, while the order is placed and not dispatched. */
export function CancelOrder({ order }: { order: UserOrder }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder();
  const questionId = useId();
  if (!asking) {
    return (
      <button type="button" className={secondaryButton} onClick={() => setAsking(true)}>
        Cancel order
      </button>
    );
  }
  const confirm = () =>
    cancel.mutate(order.order_id, {
      onSuccess: () => {
        setAsking(false);
        notify('success', 'Your order has been canceled. Your payment is being refunded.');
      },
      onError: (e) => notify('error', e.message),
    });
  return (
    <div role="group" aria-labelledby={questionId} className="w-full rounded-md border border-red-200 bg-red-50 p-3">
      <p id={questionId} className="text-sm text-slate-900">
        Cancel order {order.order_id}? What you paid goes back to your original payment method.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={`${primaryButton} bg-red-700 hover:bg-red-800`} onClick={confirm} disabled={cancel.isPending}>
          {cancel.isPending ? 'Canceling…' : 'Yes, cancel order'}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setAsking(false)} disabled={cancel.isPending}>
          Keep order
        </button>
      </div>
    </div>
  );
}
