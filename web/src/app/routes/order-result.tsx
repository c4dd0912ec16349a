import { Link } from 'react-router';
import { orderMessages } from '../../../../shared/src/order-messages';
import { primaryButton } from '../../components/ui/button-styles';
import { PageMeta } from '../../components/ui/page-meta';

/** /orderSucess (SPEC.md §2; the path's spelling is part of the public contract). */
export function OrderSuccessRoute() {
  return (
    <div className="py-16 text-center">
      <PageMeta title={orderMessages.paymentSuccessful} />
      <div aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700">
        ✓
      </div>
      <h1 className="mt-4 text-2xl font-bold text-green-800 sm:text-3xl">{orderMessages.paymentSuccessful}</h1>
      <p className="mt-3 text-slate-700">{orderMessages.thankYou}</p>
      <Link to="/Orders" className={`${primaryButton} mt-6`}>
        {orderMessages.viewMyOrders}
      </Link>
    </div>
  );
}

/** /orderFail (SPEC.md §2). */
export function OrderFailRoute() {
  return (
    <div className="py-16 text-center">
      <PageMeta title={orderMessages.paymentFailed} />
      <div aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-red-100 text-3xl text-red-700">
        ✕
      </div>
      <h1 className="mt-4 text-2xl font-bold text-red-800 sm:text-3xl">{orderMessages.paymentFailed}</h1>
      <p className="mt-3 text-slate-700">{orderMessages.paymentFailedText}</p>
      <Link to="/" className={`${primaryButton} mt-6`}>
        {orderMessages.goHome}
      </Link>
    </div>
  );
}
