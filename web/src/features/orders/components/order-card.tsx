import { codMessages } from '@shared/cod';
import { formatRupees } from '@shared/money';
import { orderMessages } from '@shared/order-messages';
import type { UserOrder } from '@shared/orders.schemas';
import { ProductImage } from '@/features/catalogue/components/product-image';
import { formatOrderDate, statusTone, type StatusTone } from '../lib/order-format';
import { OrderActions } from './order-actions';

const TONES: Record<StatusTone, string> = {
  grey: 'bg-slate-100 text-slate-800 ring-slate-300',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
};

function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold capitalize ring-1 ${TONES[statusTone(status)]}`}>
      <span className="sr-only">Status: </span>
      {status}
    </span>
  );
}

/** One order of 'Your Orders' (SPEC.md §2): id, date, status, items, address, phone, total. */
export function OrderCard({ order }: { order: UserOrder }) {
  const headingId = `order-${order.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
        <div>
          <h2 id={headingId} className="font-semibold text-slate-900">
            Order ID: {order.order_id}
          </h2>
          <p className="text-sm text-slate-700">
            {orderMessages.orderedOn}: <time dateTime={order.created_at}>{formatOrderDate(order.created_at)}</time>
          </p>
        </div>
        <StatusBadge status={order.status} />
      </header>
      <ul className="divide-y divide-slate-100 px-4 sm:px-5">
        {order.items.map((item, i) => (
          <li key={`${item.title}-${i}`} className="flex items-center gap-3 py-3">
            <ProductImage
              path={item.image_url ?? undefined}
              alt={item.title}
              sizes="64px"
              width={64}
              height={64}
              className="size-16 shrink-0 rounded-md object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{item.title}</p>
              <p className="text-sm text-slate-700">
                Quantity: {item.quantity} · {formatRupees(item.price)} each
              </p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="grid gap-x-6 gap-y-1 border-t border-slate-200 px-4 py-3 text-sm sm:grid-cols-[auto_1fr] sm:px-5">
        <dt className="font-medium text-slate-600">Shipping address</dt>
        <dd className="text-slate-900">{order.address}</dd>
        <dt className="font-medium text-slate-600">Phone</dt>
        <dd className="text-slate-900">{order.phone}</dd>
        {order.courier && (
          <>
            <dt className="font-medium text-slate-600">Shipped with</dt>
            <dd className="text-slate-900">
              {order.courier}, tracking number {order.trackingNumber}
              {order.trackingUrl && (
                <>
                  {' · '}
                  <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
                    Track your parcel
                  </a>
                </>
              )}
            </dd>
          </>
        )}
        {order.discount > 0 && (
          <>
            <dt className="font-medium text-slate-600">Coupon discount</dt>
            <dd className="text-slate-900">
              −{formatRupees(order.discount)}
              {order.coupon_code ? ` (${order.coupon_code})` : ''}
            </dd>
          </>
        )}
        {order.shipping > 0 && (
          <>
            <dt className="font-medium text-slate-600">Shipping</dt>
            <dd className="text-slate-900">{formatRupees(order.shipping)}</dd>
          </>
        )}
        {order.codFee > 0 && (
          <>
            <dt className="font-medium text-slate-600">Cash on delivery fee</dt>
            <dd className="text-slate-900">{formatRupees(order.codFee)}</dd>
          </>
        )}
        {order.invoice ? (
          <>
            <dt className="font-medium text-slate-600">Tax invoice</dt>
            <dd className="text-slate-900">
              <a href={`/api/orders/${encodeURIComponent(order.order_id)}/invoice.pdf`} download className="font-medium text-brand-700 underline">
                {order.invoice} (PDF)
              </a>
            </dd>
          </>
        ) : null}
        {order.creditNotes.length > 0 && (
          <>
            <dt className="font-medium text-slate-600">{order.creditNotes.length === 1 ? 'Credit note' : 'Credit notes'}</dt>
            <dd className="flex flex-wrap gap-x-3 text-slate-900">
              {order.creditNotes.map((note) => (
                <a
                  key={note.id}
                  href={`/api/orders/${encodeURIComponent(order.order_id)}/credit-notes/${note.id}.pdf`}
                  download
                  className="font-medium text-brand-700 underline"
                >
                  {note.number} (PDF)
                </a>
              ))}
            </dd>
          </>
        )}
        <dt className="font-medium text-slate-600">Total</dt>
        <dd className="text-base font-bold text-slate-900">{formatRupees(order.total_amount)}</dd>
        {order.paymentMethod === 'cod' && (
          <>
            <dt className="font-medium text-slate-600">Payment</dt>
            <dd className={order.codToCollect > 0 ? 'font-semibold text-yellow-900' : 'text-slate-900'}>
              {order.codToCollect > 0
                ? codMessages.payOnDelivery(formatRupees(order.codToCollect))
                : order.returnedAt
                  ? `Cash on delivery · ${codMessages.returned}`
                  : order.codCollectedAt
                    ? 'Paid in cash on delivery'
                    : 'Cash on delivery'}
            </dd>
          </>
        )}
        {order.refunded > 0 && (
          <>
            <dt className="font-medium text-slate-600">Refund</dt>
            <dd className="font-semibold text-green-800">Refunded {formatRupees(order.refunded)}</dd>
          </>
        )}
        {order.refund_pending > 0 && (
          <>
            <dt className="font-medium text-slate-600">Refund in progress</dt>
            <dd className="text-slate-900">{formatRupees(order.refund_pending)} is on its way back to your original payment method</dd>
          </>
        )}
      </dl>
      <OrderActions order={order} />
    </article>
  );
}
