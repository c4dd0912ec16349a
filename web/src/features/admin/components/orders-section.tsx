import { useEffect, useId, useState } from 'react';
import { adminMessages, withReason } from '../../../../../shared/src/admin-messages';
import { formatRupees } from '../../../../../shared/src/money';
import { secondaryButton } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { formatOrderDate } from '../../orders/lib/order-format';
import { downloadOrdersCsv, useAdminOrders, useUpdateOrderStatus, type AdminOrder } from '../api/orders';
import { reasonOf } from '../lib/admin-fetch';
import { useDebounced } from '../hooks/use-debounced';
import {
  changeFilters,
  initialOrderFilters,
  pageCount,
  PERIOD_FILTERS,
  STATUS_FILTERS,
  type OrderFilters,
  type PeriodFilter,
  type StatusFilter,
} from '../lib/order-filters';
import { AdminSection, Pager } from './admin-section';
import { controlClass, labelClass } from './field-styles';
import { SelectField } from './form-controls';
import { ConfirmDialog } from './modal';
import { StatusBadge } from './status-badge';

/** 'dispatched' → 'Dispatched'. */
function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1).replace('_', ' ');
}

type PendingChange = { orderId: string; status: string };

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

function OrderCard({ order, onChoose, busy }: { order: AdminOrder; onChoose: (status: string) => void; busy: boolean }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:shadow-sm">
      <header className="ad:flex ad:flex-wrap ad:items-start ad:justify-between ad:gap-3 ad:border-b ad:border-slate-200 ad:px-4 ad:py-3">
        <div className="ad:min-w-0">
          <h3 id={headingId} className="ad:font-semibold ad:break-all ad:text-slate-900">
            Order {order.orderId}
          </h3>
          <p className="ad:text-sm ad:text-slate-700">
            <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </p>
        </div>
        <StatusBadge status={order.status} />
      </header>
      <div className="ad:grid ad:gap-4 ad:px-4 ad:py-3 ad:text-sm ad:text-slate-800 ad:sm:grid-cols-2">
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
        </dl>
        <div className="ad:flex ad:flex-col ad:gap-3">
          <div>
            <h4 className="ad:font-medium ad:text-slate-600">Products</h4>
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
          <OrderStatusSelect order={order} onChoose={onChoose} busy={busy} />
        </div>
      </div>
    </article>
  );
}

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
  const [exporting, setExporting] = useState(false);
  const searchId = useId();

  useEffect(() => {
    if (orders.error) notify('error', withReason(adminMessages.errorFetchingOrders, reasonOf(orders.error)));
  }, [orders.error]);

  const set = (change: Partial<OrderFilters>) => setFilters(changeFilters(effective, change));

  const apply = async ({ orderId, status }: PendingChange) => {
    try {
      await update.mutateAsync({ orderId, status });
      notify('success', adminMessages.statusUpdated);
    } catch (error) {
      notify('error', withReason(adminMessages.failedToUpdateStatus, reasonOf(error)));
    }
  };

  const choose = (orderId: string, status: string) => {
    if (status === 'delivered') setConfirming({ orderId, status });
    else void apply({ orderId, status });
  };

  const refresh = async () => {
    const result = await orders.refetch();
    if (result.isSuccess) notify('success', adminMessages.ordersFetched);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv(effective);
    } catch (error) {
      notify('error', withReason('Could not export the orders', reasonOf(error)));
    } finally {
      setExporting(false);
    }
  };

  const data = orders.data;
  const pages = pageCount(data?.total ?? 0, data?.pageSize ?? 25);

  return (
    <AdminSection
      title="Orders"
      actions={
        <>
          <button type="button" className={secondaryButton} onClick={() => void refresh()} disabled={orders.isFetching}>
            Refresh
          </button>
          <button type="button" className={secondaryButton} onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </button>
        </>
      }
    >
      <div role="search" aria-label="Filter orders" className="ad:grid ad:gap-3 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm ad:sm:grid-cols-3">
        <SelectField label="Status" value={effective.status} onChange={(e) => set({ status: e.target.value as StatusFilter })}>
          {STATUS_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Date" value={effective.period} onChange={(e) => set({ period: e.target.value as PeriodFilter })}>
          {PERIOD_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
        <div>
          <label htmlFor={searchId} className={labelClass}>
            Search by order id or email
          </label>
          <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} className={controlClass} />
        </div>
      </div>
      {orders.isPending ? (
        <Spinner label="Loading orders" />
      ) : orders.isError && !data ? (
        <p role="alert" className="ad:text-red-700">
          {adminMessages.failedToFetchOrders}
        </p>
      ) : (
        <>
          <p className="ad:text-sm ad:text-slate-700" aria-live="polite">
            {data?.total ?? 0} {data?.total === 1 ? 'order' : 'orders'}
          </p>
          <ul aria-label="Orders" className={`ad:flex ad:flex-col ad:gap-4 ${orders.isFetching ? 'ad:opacity-70' : ''}`}>
            {data?.orders.map((order) => (
              <li key={order.orderId}>
                <OrderCard
                  order={order}
                  busy={update.isPending && update.variables?.orderId === order.orderId}
                  onChoose={(status) => choose(order.orderId, status)}
                />
              </li>
            ))}
          </ul>
          {data && data.orders.length === 0 && <p className="ad:text-slate-700">No orders match these filters.</p>}
          <Pager page={effective.page} pages={pages} onPage={(page) => set({ page })} label="Order pages" />
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title="Mark as delivered?"
          message={adminMessages.confirmDelivered}
          confirmLabel="Set to Delivered"
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
