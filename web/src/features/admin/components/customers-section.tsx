import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { withReason } from '@shared/admin-messages';
import { customerMessages, type CustomerDetail, type CustomerRow } from '@shared/customers.schemas';
import { formatRupees } from '@shared/money';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { notify } from '@/lib/notify';
import { formatOrderDate } from '@/features/orders/lib/order-format';
import { useBlockCustomer, useCustomer, useSaveCustomerNote } from '../api/customer';
import { downloadCustomersCsv, useCustomers } from '../api/customers';
import { useDebounced } from '../hooks/use-debounced';
import { reasonOf, withToasts } from '../lib/admin-fetch';
import { AdminSection, ListEnd, QueryBody } from './admin-section';
import { ExportCsvButton } from './export-csv-button';
import { controlClass, labelClass } from './field-styles';

const badge = 'ad:rounded ad:px-1.5 ad:py-0.5 ad:text-xs ad:font-medium';
const BlockedBadge = () => <span className={`${badge} ad:bg-red-100 ad:text-red-900`}>Blocked</span>;

/** "3 orders · ₹4,500.00 · last 12 Nov 2026" */
function Bought({ c }: { c: Pick<CustomerRow, 'orders' | 'totalSpent' | 'lastOrderAt'> }) {
  return (
    <>
      {c.orders} {c.orders === 1 ? 'order' : 'orders'} · {formatRupees(c.totalSpent)} spent
      {c.lastOrderAt && (
        <>
          {' '}
          · last <time dateTime={c.lastOrderAt}>{formatOrderDate(c.lastOrderAt)}</time>
        </>
      )}
    </>
  );
}

/** Customers (decision 047): search by the start of a name, email or phone, 25 a page; open one for their page. */
export function CustomersSection() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const q = useDebounced(search, 300);
  const customers = useCustomers(q, page);
  const searchId = useId();
  const listTop = useRef<HTMLInputElement>(null);

  if (openId) {
    return (
      <CustomerPage
        id={openId}
        onBack={() => {
          setOpenId(null);
          window.setTimeout(() => listTop.current?.focus(), 0);
        }}
      />
    );
  }

  return (
    <AdminSection
      title="Customers"
      actions={
        <ExportCsvButton
          download={() => downloadCustomersCsv(q)}
          done="Customers exported"
          failed={(reason) => withReason('Could not export the customers', reason)}
        />
      }
    >
      <div role="search" aria-label="Customer search" className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm">
        <label htmlFor={searchId} className={labelClass}>
          Search customers
        </label>
        <input
          ref={listTop}
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          aria-describedby={`${searchId}-hint`}
          className={controlClass}
          autoComplete="off"
        />
        <p id={`${searchId}-hint`} className="ad:mt-1 ad:text-xs ad:text-slate-600">
          {customerMessages.searchHint}
        </p>
      </div>
      <QueryBody query={customers} loadingLabel="Loading customers" errorText={reasonOf(customers.error) ?? 'Could not load the customers.'} keepData>
        {(data) => (
          <>
            <p className="ad:text-sm ad:text-slate-700" aria-live="polite">
              {data.capped ? `${data.total.toLocaleString('en-IN')} or more customers` : `${data.total} ${data.total === 1 ? 'customer' : 'customers'}`}
            </p>
            <ul aria-label="Customers" className={`ad:flex ad:flex-col ad:gap-2 ${customers.isFetching ? 'ad:opacity-70' : ''}`}>
              {data.customers.map((c) => (
                <li key={c.id} className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:px-4 ad:py-3 ad:shadow-sm">
                  <div className="ad:flex ad:flex-wrap ad:items-center ad:gap-2">
                    <button
                      type="button"
                      className="ad:text-left ad:font-semibold ad:break-words ad:text-blue-800 ad:underline"
                      onClick={() => setOpenId(c.id)}
                    >
                      {c.name || c.email}
                    </button>
                    {c.blocked && <BlockedBadge />}
                  </div>
                  <p className="ad:mt-1 ad:text-sm ad:break-all ad:text-slate-700">
                    {c.email}
                    {c.phone && ` · ${c.phone}`}
                  </p>
                  <p className="ad:text-sm ad:text-slate-700">
                    <Bought c={c} />
                  </p>
                </li>
              ))}
            </ul>
            <ListEnd
              shown={data.customers.length}
              total={data.total}
              pageSize={data.pageSize}
              emptyText="No customers match."
              page={page}
              onPage={setPage}
              pagerLabel="Customer pages"
            />
          </>
        )}
      </QueryBody>
    </AdminSection>
  );
}

function Part({ title, children, empty }: { title: string; children: ReactNode[]; empty: string }) {
  return (
    <section className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm">
      <h4 className="ad:font-semibold ad:text-slate-900">{title}</h4>
      {children.length > 0 ? (
        <ul className="ad:mt-2 ad:flex ad:flex-col ad:gap-1 ad:text-sm ad:break-words ad:text-slate-800">{children}</ul>
      ) : (
        <p className="ad:mt-2 ad:text-sm ad:text-slate-600">{empty}</p>
      )}
    </section>
  );
}

const when = (iso: string) => <time dateTime={iso}>{formatOrderDate(iso)}</time>;

/** A customer's page: profile, what they bought, the shop's note, block / unblock, and their orders, refunds, claims and 3D requests. */
function CustomerPage({ id, onBack }: { id: string; onBack: () => void }) {
  const customer = useCustomer(id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <AdminSection
      title="Customers"
      actions={
        <button type="button" className={secondaryButton} onClick={onBack}>
          Back to customers
        </button>
      }
    >
      <QueryBody query={customer} loadingLabel="Loading the customer" errorText={reasonOf(customer.error) ?? 'Could not load the customer.'} keepData>
        {(d) => (
          <div className="ad:flex ad:flex-col ad:gap-4">
            <div className="ad:flex ad:flex-wrap ad:items-center ad:gap-2">
              <h3 ref={heading} tabIndex={-1} className="ad:text-lg ad:font-bold ad:break-words ad:text-slate-900 ad:outline-none">
                {d.profile.name || d.profile.email}
              </h3>
              {d.profile.blocked && <BlockedBadge />}
            </div>
            <dl className="ad:grid ad:gap-x-4 ad:gap-y-1 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:text-sm ad:shadow-sm ad:sm:grid-cols-[auto_1fr]">
              <dt className="ad:font-medium ad:text-slate-700">Email</dt>
              <dd className="ad:break-all">
                {d.profile.email} {d.profile.emailVerified ? '(verified)' : '(not verified)'}
              </dd>
              <dt className="ad:font-medium ad:text-slate-700">Phone</dt>
              <dd>{d.profile.phone || '—'}</dd>
              <dt className="ad:font-medium ad:text-slate-700">Username</dt>
              <dd className="ad:break-all">{d.profile.username || '—'}</dd>
              <dt className="ad:font-medium ad:text-slate-700">Signed up</dt>
              <dd>{when(d.profile.createdAt)}</dd>
              <dt className="ad:font-medium ad:text-slate-700">Bought</dt>
              <dd>
                <Bought c={d.profile} />
              </dd>
              {d.profile.blocked && d.profile.blockReason && (
                <>
                  <dt className="ad:font-medium ad:text-slate-700">Blocked because</dt>
                  <dd className="ad:break-words">{d.profile.blockReason}</dd>
                </>
              )}
            </dl>
            <NoteForm id={id} note={d.note} />
            <BlockControl id={id} blocked={d.profile.blocked} />
            <Part title="Addresses" empty="No address given.">
              {d.addresses.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </Part>
            <Part title={`Orders (${d.profile.orders})`} empty="No paid orders.">
              {d.orders.map((o) => (
                <li key={o.orderId}>
                  <span className="ad:font-medium ad:break-all">{o.orderId}</span> · {when(o.paidAt)} · {o.items} {o.items === 1 ? 'item' : 'items'} ·{' '}
                  {formatRupees(o.total)} · {o.status}
                </li>
              ))}
            </Part>
            <Part title="Refunds" empty="No refunds.">
              {d.refunds.map((r, i) => (
                <li key={i}>
                  {r.orderId} · {formatRupees(r.amount)} · {r.status} · {when(r.createdAt)}
                  {r.reason && ` · ${r.reason}`}
                </li>
              ))}
            </Part>
            <Part title="Free claims" empty="No free claims.">
              {d.claims.map((c) => (
                <li key={c.id}>
                  {c.productTitle} · {c.status} · {when(c.createdAt)}
                </li>
              ))}
            </Part>
            <Part title="3D printing requests" empty="No 3D printing requests.">
              {d.printRequests.map((p) => (
                <li key={p.id}>
                  #{p.id} {p.reason} · {formatRupees(p.price)} · {p.status} · {when(p.createdAt)}
                </li>
              ))}
            </Part>
          </div>
        )}
      </QueryBody>
    </AdminSection>
  );
}

/** The shop's private note on the customer (never shown to them). */
function NoteForm({ id, note }: { id: string; note: CustomerDetail['note'] }) {
  const [text, setText] = useState(note?.text ?? '');
  const save = useSaveCustomerNote();
  const noteId = useId();
  return (
    <form
      className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void withToasts(() => save.mutateAsync({ id, note: text }), customerMessages.noteSaved, 'Could not save the note');
      }}
    >
      <label htmlFor={noteId} className={labelClass}>
        Private note (only staff see it)
      </label>
      <textarea
        id={noteId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        maxLength={2000}
        className={controlClass}
        aria-describedby={`${noteId}-by`}
      />
      <p id={`${noteId}-by`} className="ad:mt-1 ad:text-xs ad:text-slate-600">
        {note ? (
          <>
            Last saved by {note.updatedBy.replace(/^admin:/, '')}, {when(note.updatedAt)}
          </>
        ) : (
          'No note yet.'
        )}
      </p>
      <button type="submit" className={`${primaryButton} ad:mt-2`} disabled={save.isPending}>
        Save note
      </button>
    </form>
  );
}

/** Block (they are signed out and cannot sign in or order; their orders stay) or unblock. */
function BlockControl({ id, blocked }: { id: string; blocked: boolean }) {
  const [reason, setReason] = useState('');
  const block = useBlockCustomer();
  const reasonId = useId();
  const act = async () => {
    const done = await withToasts(
      () => block.mutateAsync({ id, block: !blocked, reason }),
      blocked ? customerMessages.unblocked : customerMessages.blockedDone,
      blocked ? 'Could not unblock' : 'Could not block',
    );
    if (done) setReason('');
  };
  return (
    <div className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm">
      {!blocked && (
        <>
          <label htmlFor={reasonId} className={labelClass}>
            Reason for blocking (for the shop; optional)
          </label>
          <input id={reasonId} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} className={controlClass} />
        </>
      )}
      <p className="ad:mt-1 ad:text-sm ad:text-slate-700">
        {blocked
          ? 'This customer cannot sign in or order. Their orders are unaffected.'
          : 'A blocked customer is signed out at once and cannot sign in or order; their orders are unaffected.'}
      </p>
      <button
        type="button"
        className={`${blocked ? secondaryButton : 'ad:rounded-md ad:bg-red-700 ad:px-4 ad:py-2 ad:font-medium ad:text-white ad:hover:bg-red-800 ad:disabled:opacity-50'} ad:mt-2`}
        disabled={block.isPending}
        onClick={() => void act().catch(() => notify('error', 'Could not change the block'))}
      >
        {blocked ? 'Unblock customer' : 'Block customer'}
      </button>
    </div>
  );
}
