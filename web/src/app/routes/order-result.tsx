import { Link, useLocation } from 'react-router';
import { orderMessages } from '@shared/order-messages';
import { primaryButton } from '@/components/ui/button-styles';
import { PageMeta } from '@/components/ui/page-meta';

const TONES = {
  success: { badge: 'bg-green-100 text-green-700', heading: 'text-green-800', mark: '✓' },
  failure: { badge: 'bg-red-100 text-red-700', heading: 'text-red-800', mark: '✕' },
} as const;

function PaymentResult(props: { tone: keyof typeof TONES; title: string; text: string; to: string; action: string; detail?: string | undefined }) {
  const tone = TONES[props.tone];
  return (
    <div className="py-16 text-center">
      <PageMeta title={props.title} />
      <div aria-hidden="true" className={`mx-auto flex size-16 items-center justify-center rounded-full text-3xl ${tone.badge}`}>
        {tone.mark}
      </div>
      <h1 className={`mt-4 text-2xl font-bold sm:text-3xl ${tone.heading}`}>{props.title}</h1>
      <p className="mt-3 text-slate-700">{props.text}</p>
      {props.detail && (
        <p role="status" className="mx-auto mt-3 max-w-xl rounded-md bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-300">
          {props.detail}
        </p>
      )}
      <Link to={props.to} className={`${primaryButton} mt-6`}>
        {props.action}
      </Link>
    </div>
  );
}

/** /orderSucess (SPEC.md §2; the path's spelling is part of the public contract). */
export function OrderSuccessRoute() {
  return (
    <PaymentResult tone="success" title={orderMessages.paymentSuccessful} text={orderMessages.thankYou} to="/Orders" action={orderMessages.viewMyOrders} />
  );
}

/** /orderFail (SPEC.md §2). */
export function OrderFailRoute() {
  // The checkout passes what the server said when the money is being returned (a late payment).
  const detail = (useLocation().state as { detail?: string } | null)?.detail;
  return (
    <PaymentResult
      tone="failure"
      title={orderMessages.paymentFailed}
      text={orderMessages.paymentFailedText}
      to="/"
      action={orderMessages.goHome}
      detail={detail}
    />
  );
}
