import { useId, useState } from 'react';
import { formatRupees } from '@shared/money';
import type { RefundView } from '@shared/refunds';
import { secondaryButton } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { downloadCreditNote, downloadInvoice, useOrderMoney, useRefund, useRetryRefund } from '../api/order-money';
import { reasonOf } from '../lib/admin-fetch';
import { controlClass, labelClass } from './field-styles';
import { StatusBadge } from './status-badge';

const newKey = () => crypto.randomUUID();

function RefundRow({ refund, orderId }: { refund: RefundView; orderId: string }) {
  const retry = useRetryRefund(orderId);
  return (
    <li className="ad:flex ad:flex-wrap ad:items-center ad:gap-2 ad:py-2">
      <span className="ad:font-semibold ad:tabular-nums">{formatRupees(refund.amount)}</span>
      <StatusBadge status={`refund ${refund.status}`} tone={refund.status === 'processed' ? 'green' : refund.status === 'failed' ? 'red' : 'yellow'} />
      <span className="ad:text-slate-700">
        {refund.kind === 'late_payment' ? 'late payment returned' : refund.kind === 'cancel' ? 'order canceled' : 'partial refund'}
        {refund.reason && refund.kind === 'partial' ? `: ${refund.reason}` : ''} · {refund.createdBy}
      </span>
      {refund.status === 'failed' && (
        <>
          <span role="note" className="ad:w-full ad:text-red-800">
            Failed: {refund.failureReason}
          </span>
          <button
            type="button"
            className={secondaryButton}
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(refund.id, {
                onSuccess: () => notify('success', 'Refund sent again'),
                onError: (error) => notify('error', reasonOf(error) ?? 'Could not retry the refund'),
              })
            }
          >
            Retry refund
          </button>
        </>
      )}
    </li>
  );
}

/** An order's payments and refunds, and a partial refund by amount or by whole lines (the admin order view). */
export function OrderMoneyPanel({ orderId }: { orderId: string }) {
  const money = useOrderMoney(orderId);
  const refund = useRefund(orderId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [lines, setLines] = useState<number[]>([]);
  // One key per intended refund: a double click or a retried request sends the same key, so refunds once.
  const [key, setKey] = useState(newKey);
  const amountId = useId();
  const reasonId = useId();

  if (money.isPending) return <Spinner label="Loading payments and refunds" />;
  if (money.isError)
    return (
      <p role="alert" className="ad:text-red-700">
        {reasonOf(money.error) ?? 'Could not load the payments.'}
      </p>
    );
  const m = money.data;

  const submit = (body: { amount?: number; lines?: number[] }) =>
    refund.mutate(
      { ...body, reason, idempotencyKey: key },
      {
        onSuccess: (r) => {
          notify(
            r.status === 'failed' ? 'error' : 'success',
            r.status === 'failed' ? `Refund failed: ${r.failureReason ?? ''}` : `Refund of ${formatRupees(r.amount)} started`,
          );
          setKey(newKey());
          setAmount('');
          setReason('');
          setLines([]);
        },
        onError: (error) => notify('error', reasonOf(error) ?? 'Could not refund'),
      },
    );

  return (
    <div className="ad:flex ad:flex-col ad:gap-3">
      {m.payments.some((p) => !p.late) && (
        <div>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void downloadInvoice(orderId).catch((error: unknown) => notify('error', reasonOf(error) ?? 'Could not download the invoice'))}
          >
            Download tax invoice (PDF)
          </button>
          {m.creditNotes.map((note) => (
            <button
              key={note.id}
              type="button"
              className={`${secondaryButton} ad:ml-2`}
              onClick={() =>
                void downloadCreditNote(orderId, note).catch((error: unknown) => notify('error', reasonOf(error) ?? 'Could not download the credit note'))
              }
            >
              Credit note {note.number} (PDF)
            </button>
          ))}
        </div>
      )}
      <div>
        <h4 className="ad:font-medium ad:text-slate-600">Payments</h4>
        {m.payments.length === 0 ? (
          <p>No payment was captured.</p>
        ) : (
          <ul className="ad:divide-y ad:divide-slate-100">
            {m.payments.map((p) => (
              <li key={p.paymentId} className="ad:flex ad:flex-wrap ad:gap-2 ad:py-1">
                <span className="ad:break-all">{p.paymentId}</span>
                <span className="ad:tabular-nums">{formatRupees(p.amount)}</span>
                {p.refunded > 0 && <span className="ad:text-slate-700">({formatRupees(p.refunded)} refunded or being refunded)</span>}
                {p.late && <StatusBadge status="late payment" tone="red" />}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h4 className="ad:font-medium ad:text-slate-600">Refunds</h4>
        {m.refunds.length === 0 ? (
          <p>No refunds.</p>
        ) : (
          <ul aria-label={`Refunds of order ${orderId}`} className="ad:divide-y ad:divide-slate-100">
            {m.refunds.map((r) => (
              <RefundRow key={r.id} refund={r} orderId={orderId} />
            ))}
          </ul>
        )}
      </div>
      {m.refundable > 0 && (
        <form
          className="ad:flex ad:flex-col ad:gap-2 ad:rounded-md ad:border ad:border-slate-200 ad:p-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (lines.length > 0) submit({ lines });
            else submit({ amount: Number(amount) });
          }}
        >
          <p className="ad:text-slate-700">Up to {formatRupees(m.refundable)} can still be refunded.</p>
          <fieldset disabled={lines.length > 0}>
            <label htmlFor={amountId} className={labelClass}>
              Refund amount (₹)
            </label>
            <input id={amountId} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} className={controlClass} />
          </fieldset>
          <fieldset>
            <legend className={labelClass}>Or refund whole lines</legend>
            {m.lines.map((l) => (
              <label key={l.id} className="ad:flex ad:items-center ad:gap-2">
                <input
                  type="checkbox"
                  disabled={!l.refundable}
                  checked={lines.includes(l.id)}
                  onChange={(e) => setLines(e.target.checked ? [...lines, l.id] : lines.filter((id) => id !== l.id))}
                />
                {l.title} × {l.quantity} ({formatRupees(l.unitPrice)} each){l.refundable ? '' : ' · refunded'}
              </label>
            ))}
          </fieldset>
          <label htmlFor={reasonId} className={labelClass}>
            Reason (optional)
          </label>
          <input id={reasonId} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} className={controlClass} />
          <div>
            <button type="submit" className={secondaryButton} disabled={refund.isPending || (lines.length === 0 && !(Number(amount) > 0))}>
              {refund.isPending ? 'Refunding...' : 'Refund'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
