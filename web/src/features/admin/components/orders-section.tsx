import { useEffect, useId, useState } from 'react';
import { adminMessages, withReason } from '@shared/admin-messages';
import { LEGACY_NO_ITEMS } from '@shared/admin-orders.schemas';
import { formatRupees } from '@shared/money';
import { codMessages } from '@shared/cod';
import { CodCollectionForm } from './cod-collection-form';
import { secondaryButton } from '@/components/ui/button-styles';
import { notify } from '@/lib/notify';
import type { AdminOrder } from '@shared/admin-orders.schemas';
import { downloadOrdersCsv, useAdminOrders, useSaveDispatchDetails, useUpdateOrderStatus, type StatusChange } from '../api/orders';
import { downloadPackingSlips } from '../api/order-money';
import { fieldErrorsOf, reasonOf } from '../lib/admin-fetch';
import { useDebounced } from '../hooks/use-debounced';
import {
  changeFilters,
  initialOrderFilters,
  PERIOD_FILTERS,
  STATUS_FILTERS,
  type OrderFilters,
  type PeriodFilter,
  type StatusFilter,
} from '../lib/order-filters';
import { AdminCard, AdminSection, PagedList, type ListWords } from './admin-section';
import { controlClass, labelClass } from './field-styles';
import { Options, SelectField } from './form-controls';
import { ExportCsvButton } from './export-csv-button';
import { ConfirmDialog } from './modal';
import { DispatchDialog, type DispatchDetails } from './dispatch-dialog';
import { OrderMoneyPanel } from './order-money-panel';
import { StatusBadge } from './status-badge';

/** 'dispatched' → 'Dispatched'. */
function statusLabel(status: string): string {
  if (status === 'returned') return codMessages.returned;
  return status.charAt(0).toUpperCase() + status.slice(1).replace('_', ' ');
}

type PendingChange = StatusChange;

function OrderStatusSelect({ order, onChoose, busy }: { order: AdminOrder; onChoose: (status: string) => void; busy: boolean }) {
  const id = useId();
  const final = order.nextStatuses.length === 0;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Change status
      </label>
      <select
        id={id}
        value=""
        disabled={final || busy}
        onChange={(e) => {
          if (e.target.value) onChoose(e.target.value);
        }}
        className={`${controlClass} ad:disabled:cursor-not-allowed ad:disabled:bg-slate-100`}
        aria-describedby={`${id}-now`}
      >
        <option value="" disabled>
          {final ? 'No further changes' : 'Choose the next status'}
        </option>
        {order.nextStatuses.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </select>
      <span id={`${id}-now`} className="ad:sr-only">
        Order {order.orderId} is {order.status}
      </span>
    </div>
  );
}

/** Payments and refunds, loaded when the admin opens them. */
function MoneyDetails({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="ad:border-t ad:border-slate-200 ad:px-4 ad:py-3 ad:text-sm ad:text-slate-800" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="ad:cursor-pointer ad:font-medium ad:text-blue-800">Payments and refunds</summary>
      {open && (
        <div className="ad:mt-3">
          <OrderMoneyPanel orderId={order.orderId} />
        </div>
      )}
    </details>
  );
}

type OrderCardProps = {
  order: AdminOrder;
  onChoose: (status: string) => void;
  onTracking: () => void;
  busy: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
};

function OrderCard({ order, onChoose, onTracking, busy, selected, onSelect }: OrderCardProps) {
  const headingId = useId();
  return (
    <AdminCard
      headingId={headingId}
      heading={`Order ${order.orderId}`}
      headingBreak="ad:break-all"
      createdAt={order.createdAt}
      badges={
        <div className="ad:flex ad:flex-wrap ad:gap-2">
          {order.flag === 'late_payment' && <StatusBadge status="late payment refunded" tone="red" />}
          {order.flag === LEGACY_NO_ITEMS && <StatusBadge status="items not recorded" tone="yellow" />}
          {order.returnedAt && <StatusBadge status={codMessages.returned} tone="red" />}
          <StatusBadge status={order.status} />
        </div>
      }
      footer={<MoneyDetails order={order} />}
    >
      <dl className="ad:grid ad:grid-cols-[auto_1fr] ad:gap-x-3 ad:gap-y-1">
        <dt className="ad:font-medium ad:text-slate-600">Email</dt>
        <dd className="ad:break-all">{order.customerEmail}</dd>
        <dt className="ad:font-medium ad:text-slate-600">Phone</dt>
        <dd>{order.customerPhone}</dd>
        <dt className="ad:font-medium ad:text-slate-600">Address</dt>
        <dd className="ad:whitespace-pre-line">{order.shippingAddress}</dd>
        <dt className="ad:font-medium ad:text-slate-600">Payment order</dt>
        <dd className="ad:break-all">{order.razorpayOrderId ?? '—'}</dd>
        <dt className="ad:font-medium ad:text-slate-600">Payment id</dt>
        <dd className="ad:break-all">{order.razorpayPaymentId ?? '—'}</dd>
        {(order.courier || order.status === 'dispatched') && (
          <>
            <dt className="ad:font-medium ad:text-slate-600">Shipped with</dt>
            <dd className="ad:break-all">{order.courier ? `${order.courier}, ${order.trackingNumber}` : 'No tracking yet'}</dd>
          </>
        )}
      </dl>
      <div className="ad:flex ad:flex-col ad:gap-3">
        <div>
          <h4 className="ad:font-medium ad:text-slate-600">Products</h4>
          {order.flag === LEGACY_NO_ITEMS && (
            <p className="ad:mt-1 ad:text-yellow-900">
              Imported from the original shop, which recorded no items for this order
              {order.razorpayPaymentId ? ': see the payment in Razorpay for what was bought.' : '.'}
            </p>
          )}
          <ul className="ad:mt-1 ad:list-disc ad:pl-5">
            {order.products.map((p, i) => (
              <li key={`${p.name}-${i}`}>
                {p.name} × {p.quantity}
              </li>
            ))}
          </ul>
        </div>
        <p>
          <span className="ad:font-medium ad:text-slate-600">Total: </span>
          <span className="ad:font-semibold ad:text-slate-900">{formatRupees(order.totalAmount)}</span>
        </p>
        {order.paymentMethod === 'cod' && (
          <p className={order.codToCollect > 0 ? 'ad:font-semibold ad:text-yellow-900' : ''}>
            {order.codToCollect > 0
              ? codMessages.toCollect(formatRupees(order.codToCollect))
              : order.codCollectedAt
                ? codMessages.collected(formatRupees(order.totalAmount))
                : 'COD — nothing to collect'}
            {order.codFee > 0 && ` (COD fee ${formatRupees(order.codFee)})`}
          </p>
        )}
        {order.codToCollect > 0 && (order.status === 'dispatched' || order.status === 'delivered') && (
          <CodCollectionForm orderId={order.orderId} toCollect={order.codToCollect} />
        )}
        {(order.refunded > 0 || order.refundPending > 0) && (
          <p>
            {order.refunded > 0 && <span className="ad:font-semibold ad:text-green-800">Refunded {formatRupees(order.refunded)}</span>}
            {order.refunded > 0 && order.refundPending > 0 && ' · '}
            {order.refundPending > 0 && <span>Refund of {formatRupees(order.refundPending)} in progress</span>}
          </p>
        )}
        <OrderStatusSelect order={order} onChoose={onChoose} busy={busy} />
        {order.status === 'dispatched' && (
          <button type="button" className={`${secondaryButton} ad:self-start`} onClick={onTracking} disabled={busy}>
            {order.courier ? 'Change tracking' : 'Add tracking'}
          </button>
        )}
        <div className="ad:flex ad:flex-wrap ad:items-center ad:gap-3">
          <button type="button" className={secondaryButton} onClick={() => void printSlips([order.orderId])}>
            Packing slip (PDF)
          </button>
          <label className="ad:flex ad:items-center ad:gap-2">
            <input
              type="checkbox"
              aria-label={`Select order ${order.orderId} for packing slips`}
              checked={selected}
              onChange={(e) => onSelect(e.target.checked)}
            />
            Select for packing slips
          </label>
        </div>
      </div>
    </AdminCard>
  );
}

async function printSlips(orderIds: string[]) {
  try {
    await downloadPackingSlips(orderIds);
  } catch (error) {
    notify('error', withReason('Could not print the packing slips', reasonOf(error)));
  }
}

const words: ListWords = {
  loadingLabel: 'Loading orders',
  errorText: adminMessages.failedToFetchOrders,
  count: ['order', 'orders'],
  listLabel: 'Orders',
  emptyText: 'No orders match these filters.',
  pagerLabel: 'Order pages',
};

/** Orders: the combined filters of SPEC.md §4, 25 per page (server-side), status changes, CSV export. */
export function OrdersSection() {
  const [filters, setFilters] = useState<OrderFilters>(initialOrderFilters);
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 300);
  // The debounced search joins status and date here, so every change of them goes through changeFilters.
  const effective = filters.q === q ? filters : changeFilters(filters, { q });
  const orders = useAdminOrders(effective);
  const update = useUpdateOrderStatus();
  const [confirming, setConfirming] = useState<PendingChange | null>(null);
  const saveTracking = useSaveDispatchDetails();
  const [dispatching, setDispatching] = useState<{ orderId: string; errors: Record<string, string>; later?: DispatchDetails } | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const searchId = useId();
  const select = (orderId: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(orderId);
      else next.delete(orderId);
      return next;
    });

  useEffect(() => {
    if (orders.error) notify('error', withReason(adminMessages.errorFetchingOrders, reasonOf(orders.error)));
  }, [orders.error]);

  const set = (change: Partial<OrderFilters>) => setFilters(changeFilters(effective, change));

  const apply = async (change: PendingChange) => {
    try {
      await update.mutateAsync(change);
      notify('success', adminMessages.statusUpdated);
      return true;
    } catch (error) {
      notify('error', withReason(adminMessages.failedToUpdateStatus, reasonOf(error)));
      // The server's per-field messages go back under the dispatch fields.
      if (change.status === 'dispatched') setDispatching({ orderId: change.orderId, errors: fieldErrorsOf(error) });
      return false;
    }
  };

  // Courier and tracking of an order dispatched without them (the original dashboard sends the status alone).
  const track = async (orderId: string, details: DispatchDetails) => {
    try {
      await saveTracking.mutateAsync({ orderId, ...details });
      notify('success', 'Tracking details saved');
    } catch (error) {
      notify('error', withReason('Could not save the tracking details', reasonOf(error)));
      setDispatching({ orderId, errors: fieldErrorsOf(error), later: details });
    }
  };

  const choose = (orderId: string, status: string) => {
    if (status === 'delivered' || status === 'canceled' || status === 'returned') setConfirming({ orderId, status });
    else if (status === 'dispatched') setDispatching({ orderId, errors: {} });
    else void apply({ orderId, status });
  };

  const refresh = async () => {
    const result = await orders.refetch();
    if (result.isSuccess) notify('success', adminMessages.ordersFetched);
  };

  const data = orders.data;

  return (
    <AdminSection
      title="Orders"
      actions={
        <>
          <button type="button" className={secondaryButton} onClick={() => void refresh()} disabled={orders.isFetching}>
            Refresh
          </button>
          <ExportCsvButton download={() => downloadOrdersCsv(effective)} failed={(reason) => withReason('Could not export the orders', reason)} />
          <button type="button" className={secondaryButton} onClick={() => void printSlips([...selected])} disabled={selected.size === 0}>
            Packing slips for selected ({selected.size})
          </button>
        </>
      }
    >
      <div
        role="search"
        aria-label="Filter orders"
        className="ad:grid ad:gap-3 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm ad:sm:grid-cols-3"
      >
        <SelectField label="Status" value={effective.status} onChange={(e) => set({ status: e.target.value as StatusFilter })}>
          <Options of={STATUS_FILTERS} />
        </SelectField>
        <SelectField label="Date" value={effective.period} onChange={(e) => set({ period: e.target.value as PeriodFilter })}>
          <Options of={PERIOD_FILTERS} />
        </SelectField>
        <div>
          <label htmlFor={searchId} className={labelClass}>
            Search by order id or email
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-describedby={`${searchId}-hint`}
            className={controlClass}
          />
          <p id={`${searchId}-hint`} className="ad:mt-1 ad:text-xs ad:text-slate-500">
            The whole order id, or the start of the email
          </p>
        </div>
      </div>
      <PagedList
        query={orders}
        items={data?.orders}
        itemKey={(order) => order.orderId}
        renderItem={(order) => (
          <OrderCard
            order={order}
            busy={
              (update.isPending && update.variables?.orderId === order.orderId) || (saveTracking.isPending && saveTracking.variables?.orderId === order.orderId)
            }
            onChoose={(status) => choose(order.orderId, status)}
            selected={selected.has(order.orderId)}
            onSelect={(on) => select(order.orderId, on)}
            onTracking={() =>
              setDispatching({
                orderId: order.orderId,
                errors: {},
                later: { courier: order.courier ?? '', trackingNumber: order.trackingNumber ?? '', trackingUrl: order.trackingUrl ?? '' },
              })
            }
          />
        )}
        words={words}
        page={effective.page}
        onPage={(page) => set({ page })}
      />
      {dispatching && (
        <DispatchDialog
          key={JSON.stringify(dispatching.errors)}
          orderId={dispatching.orderId}
          errors={dispatching.errors}
          later={dispatching.later !== undefined}
          initial={dispatching.later}
          onCancel={() => setDispatching(null)}
          onConfirm={(details) => {
            const { orderId, later } = dispatching;
            setDispatching(null);
            void (later ? track(orderId, details) : apply({ orderId, status: 'dispatched', ...details }));
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={
            confirming.status === 'canceled' ? 'Cancel this order?' : confirming.status === 'returned' ? 'Parcel returned to origin?' : 'Mark as delivered?'
          }
          message={
            confirming.status === 'canceled'
              ? adminMessages.confirmCanceled
              : confirming.status === 'returned'
                ? 'The buyer refused the parcel and it came back: the order is canceled, its units go back on sale, its coupon use is released and a credit note cancels its invoice.'
                : adminMessages.confirmDelivered
          }
          confirmLabel={confirming.status === 'canceled' ? 'Cancel order' : confirming.status === 'returned' ? 'Mark returned to origin' : 'Set to Delivered'}
          danger={confirming.status !== 'delivered'}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const change = confirming;
            setConfirming(null);
            void apply(change);
          }}
        />
      )}
    </AdminSection>
  );
}
