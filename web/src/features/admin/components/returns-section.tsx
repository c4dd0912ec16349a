import { useId, useState } from 'react';
import { formatRupees } from '@shared/money';
import { ADMIN_RETURNS_PAGE, RETURN_STATUS_LABELS, RETURN_STATUSES, type AdminReturn, type ReturnStatus } from '@shared/returns';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { notify } from '@/lib/notify';
import { downloadReturnPhoto, useAdminReturns, useDecideReturn, useRefundReturn } from '../api/returns';
import { reasonOf } from '../lib/admin-fetch';
import { AdminCard, AdminSection, listWords, PagedList } from './admin-section';
import { controlClass, labelClass } from './field-styles';
import { Options, SelectField } from './form-controls';

function ReturnActions({ item }: { item: AdminReturn }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [restock, setRestock] = useState(true);
  const [amount, setAmount] = useState(String(item.value));
  const [reference, setReference] = useState('');
  // A cash-on-delivery order's refund is a transfer the shop makes by hand: its reference is required.
  const byHand = item.paymentMethod === 'cod';
  const decide = useDecideReturn();
  const refund = useRefundReturn();
  const busy = decide.isPending || refund.isPending;
  const act = (status: 'approved' | 'rejected' | 'received') =>
    decide.mutate(
      { id: item.id, status, ...(message.trim() ? { message: message.trim() } : {}), ...(status === 'received' ? { restock } : {}) },
      {
        onSuccess: () => notify('success', `Return #${item.id}: ${RETURN_STATUS_LABELS[status]}`),
        onError: (e) => notify('error', reasonOf(e) ?? 'Could not update the return'),
      },
    );
  const pay = () => {
    const rupees = Number(amount);
    refund.mutate(
      { id: item.id, ...(rupees && rupees !== item.value ? { amount: rupees } : {}), ...(byHand ? { reference: reference.trim() } : {}) },
      { onSuccess: () => notify('success', `Return #${item.id} refunded`), onError: (e) => notify('error', reasonOf(e) ?? 'Could not refund the return') },
    );
  };
  if (item.status === 'rejected' || item.status === 'refunded') return null;
  return (
    <div className="ad:flex ad:flex-col ad:gap-3 ad:border-t ad:border-slate-200 ad:px-4 ad:py-3">
      {(item.status === 'requested' || item.status === 'approved') && (
        <div>
          <label htmlFor={`${id}-message`} className={labelClass}>
            Message to the shopper (optional)
          </label>
          <textarea id={`${id}-message`} rows={2} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} className={controlClass} />
        </div>
      )}
      {item.status === 'approved' && (
        <label className="ad:flex ad:items-center ad:gap-2 ad:text-sm">
          <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
          Resellable: put the units back on sale
        </label>
      )}
      {item.status === 'received' && (
        <div>
          <label htmlFor={`${id}-amount`} className={labelClass}>
            Refund amount in rupees (at most {formatRupees(item.value)})
          </label>
          <input
            id={`${id}-amount`}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            max={item.value}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className={controlClass}
          />
          {byHand && (
            <>
              <label htmlFor={`${id}-reference`} className={labelClass}>
                Bank transfer or UPI reference (cash on delivery: refunded by hand)
              </label>
              <input id={`${id}-reference`} maxLength={100} value={reference} onChange={(e) => setReference(e.target.value)} className={controlClass} />
            </>
          )}
        </div>
      )}
      <div className="ad:flex ad:flex-wrap ad:gap-2">
        {item.status === 'requested' && (
          <button type="button" className={primaryButton} disabled={busy} onClick={() => act('approved')}>
            Approve
          </button>
        )}
        {item.status === 'approved' && (
          <button type="button" className={primaryButton} disabled={busy} onClick={() => act('received')}>
            Mark received
          </button>
        )}
        {(item.status === 'requested' || item.status === 'approved') && (
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => act('rejected')}>
            Reject
          </button>
        )}
        {item.status === 'received' && (
          <button type="button" className={primaryButton} disabled={busy || (byHand && reference.trim() === '')} onClick={pay}>
            Refund
          </button>
        )}
      </div>
    </div>
  );
}

function ReturnCard({ item }: { item: AdminReturn }) {
  const headingId = `return-${item.id}`;
  return (
    <AdminCard
      headingId={headingId}
      heading={`Return #${item.id}: order ${item.orderId}`}
      headingBreak="ad:break-words"
      createdAt={item.createdAt}
      badges={
        <span className="ad:rounded-full ad:bg-slate-100 ad:px-3 ad:py-1 ad:text-sm ad:font-semibold ad:text-slate-800">
          {RETURN_STATUS_LABELS[item.status]}
        </span>
      }
      footer={<ReturnActions item={item} />}
    >
      <dl className="ad:grid ad:grid-cols-[auto_1fr] ad:gap-x-3 ad:gap-y-1">
        <dt className="ad:font-medium">Customer</dt>
        <dd className="ad:break-all">
          {item.customerName} ({item.customerEmail})
        </dd>
        <dt className="ad:font-medium">Items</dt>
        <dd>{item.lines.map((l) => `${l.quantity} × ${l.title}`).join(', ')}</dd>
        <dt className="ad:font-medium">Value</dt>
        <dd>{formatRupees(item.value)}</dd>
        {item.refund && (
          <>
            <dt className="ad:font-medium">Refund</dt>
            <dd>
              {formatRupees(item.refund.amount)} ({item.refund.status})
            </dd>
          </>
        )}
        {item.restocked && (
          <>
            <dt className="ad:font-medium">Stock</dt>
            <dd>Units back on sale</dd>
          </>
        )}
      </dl>
      <div className="ad:flex ad:flex-col ad:gap-2">
        <p className="ad:break-words">
          <span className="ad:font-medium">Reason:</span> {item.reason}
        </p>
        {item.message && (
          <p className="ad:break-words">
            <span className="ad:font-medium">Message sent:</span> {item.message}
          </p>
        )}
        {item.photos.length > 0 && (
          <div className="ad:flex ad:flex-wrap ad:gap-2">
            {item.photos.map((photo, i) => (
              <button
                key={photo}
                type="button"
                className={secondaryButton}
                onClick={() => void downloadReturnPhoto(item.id, photo).catch((e: unknown) => notify('error', reasonOf(e) ?? 'Could not download the photo'))}
              >
                Photo {i + 1}
              </button>
            ))}
          </div>
        )}
      </div>
    </AdminCard>
  );
}

const words = listWords(['return', 'returns']);

/** Shoppers' return requests (issue 27): approve or reject with a message, mark received (restock), refund whole or part. */
export function ReturnsSection() {
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const [page, setPage] = useState(1);
  const list = useAdminReturns(status, page);
  return (
    <AdminSection title="Returns">
      <SelectField
        label="Status"
        className="ad:max-w-xs"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as ReturnStatus | '');
          setPage(1);
        }}
      >
        <option value="">All</option>
        <Options of={RETURN_STATUSES.map((s) => ({ value: s, label: RETURN_STATUS_LABELS[s] }))} />
      </SelectField>
      <PagedList
        query={list}
        items={list.data?.returns}
        itemKey={(r) => r.id}
        renderItem={(r) => <ReturnCard item={r} />}
        words={words}
        showReason
        page={page}
        pageSize={ADMIN_RETURNS_PAGE}
        onPage={setPage}
      />
    </AdminSection>
  );
}
