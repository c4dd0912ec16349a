import { useEffect, useId, useRef, useState } from 'react';
import { formatPaise } from '@shared/money';
import { CloseIcon, ShopMark } from '@/components/ui/icons';
import { failSimulated, paySimulated } from '../api/simulated-payments';
import type { SimulatedSession } from '../lib/simulated-checkout';

type Props = { session: SimulatedSession; onClosed: () => void };

/** The two ways a simulated payment can go: their buttons, and what is said while the server answers. */
const OUTCOMES = [
  {
    outcome: 'fail',
    label: 'Fail',
    pending: 'Declining payment…',
    className: 'rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60',
  },
  {
    outcome: 'pay',
    label: 'Pay',
    pending: 'Processing payment…',
    className: 'rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60',
  },
] as const;
type Outcome = (typeof OUTCOMES)[number]['outcome'];

/**
 * The simulated provider's checkout, in the style of Razorpay Checkout: the
 * shop, the amount and the order, with Pay, Fail and Close. Pay and Fail ask
 * the server, which signs the result exactly as Razorpay would.
 */
export function SimulatedCheckoutDialog({ session, onClosed }: Props) {
  const { order, shopName, prefill, events } = session;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState<Outcome | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    // showModal() keeps Tab inside the dialog; on closing, the focus goes back to what opened it
    // ("Checkout All"), once the page has re-enabled it.
    // The button may have lost the focus already (it is disabled while the order is created).
    const active = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const opener = active ?? document.querySelector<HTMLElement>('[data-checkout-button]');
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      let tries = 0;
      const restore = () => {
        // The cart re-renders its button while the checkout settles: find it again if it was replaced.
        const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>('[data-checkout-button]');
        if (!target) return;
        if ((target as HTMLButtonElement).disabled && tries++ < 40) setTimeout(restore, 50);
        else target.focus();
      };
      setTimeout(restore, 0);
    };
  }, []);

  const finish = (outcome: () => void) => {
    ref.current?.close();
    onClosed();
    outcome();
  };

  const dismiss = () => {
    if (busy) return;
    finish(events.onDismiss);
  };

  const pay = async () => {
    setBusy('pay');
    try {
      const response = await paySimulated(order.id);
      finish(() => events.onPaid(response));
    } catch {
      finish(events.onFailed);
    }
  };

  const fail = async () => {
    setBusy('fail');
    try {
      await failSimulated(order.id);
    } catch {
      // Declined either way: the payment did not go through.
    }
    finish(events.onFailed);
  };

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      // Escape closes the checkout like its Close button.
      onCancel={(e) => {
        e.preventDefault();
        dismiss();
      }}
      // Tab and Shift+Tab cycle through the dialog's controls (a modal dialog would otherwise let the focus leave for the browser's own bar).
      onKeyDown={(e) => {
        if (e.key !== 'Tab') return;
        const controls = [...(ref.current?.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input:not([disabled])') ?? [])];
        const first = controls[0];
        const last = controls[controls.length - 1];
        if (!first || !last) return;
        if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        } else if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        }
      }}
      className="m-auto w-[calc(100%-1.5rem)] max-w-sm overflow-hidden rounded-xl p-0 shadow-2xl backdrop:bg-slate-950/60"
    >
      <div className="bg-brand-800 px-5 pt-4 pb-5 text-white">
        <div className="flex items-start justify-between gap-3">
          <div className="flex items-center gap-3">
            <ShopMark className="size-10 rounded-md bg-white p-1" />
            <div>
              <h2 id={titleId} className="text-lg leading-tight font-semibold">
                {shopName}
              </h2>
              <p className="text-sm text-brand-100">Order {order.orderId}</p>
            </div>
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={dismiss}
            disabled={busy !== null}
            className="-mt-1 -mr-2 inline-flex size-10 items-center justify-center rounded-full text-white hover:bg-white/15 disabled:opacity-50"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <p className="mt-4 text-3xl font-bold">{formatPaise(order.amount)}</p>
      </div>
      <div className="space-y-4 px-5 pt-5 pb-3 text-slate-800">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Payment for</dt>
          <dd className="truncate font-medium">{prefill.email}</dd>
          <dt className="text-slate-600">Reference</dt>
          <dd className="truncate font-mono text-xs leading-5">{order.id}</dd>
        </dl>
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">Test mode: this simulated checkout moves no money.</p>
        <div className="grid grid-cols-2 gap-3">
          {OUTCOMES.map((o) => (
            <button key={o.outcome} type="button" onClick={() => void (o.outcome === 'pay' ? pay() : fail())} disabled={busy !== null} className={o.className}>
              {o.label}
            </button>
          ))}
        </div>
        <p aria-live="polite" className="min-h-5 text-center text-sm text-slate-600">
          {OUTCOMES.find((o) => o.outcome === busy)?.pending ?? ''}
        </p>
      </div>
    </dialog>
  );
}
