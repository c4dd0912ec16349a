import { useEffect, useId, useState } from 'react';
import { withReason } from '@shared/admin-messages';
import { secondaryButton } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { formatOrderDate } from '../../orders/lib/order-format';
import { useAdminClaims, useUpdateClaimStatus, type AdminClaim } from '../api/claims';
import { reasonOf } from '../lib/admin-fetch';
import { pageCount } from '../lib/order-filters';
import { changeServiceFilters, initialServiceFilters, type ServiceFilters, type ServiceStatus } from '../lib/service-requests';
import { AdminSection, Pager } from './admin-section';
import { MarkStatusButton, ServiceStatusBadge, ServiceStatusFilterBox } from './service-controls';

function ClaimCard({ claim, busy, onMark }: { claim: AdminClaim; busy: boolean; onMark: (status: ServiceStatus) => void }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:shadow-sm">
      <header className="ad:flex ad:flex-wrap ad:items-start ad:justify-between ad:gap-3 ad:border-b ad:border-slate-200 ad:px-4 ad:py-3">
        <div className="ad:min-w-0">
          <h3 id={headingId} className="ad:font-semibold ad:break-words ad:text-slate-900">
            Claim {claim.id}: {claim.productTitle}
          </h3>
          <p className="ad:text-sm ad:text-slate-700">
            <time dateTime={claim.createdAt}>{formatOrderDate(claim.createdAt)}</time>
          </p>
        </div>
        <ServiceStatusBadge status={claim.status} />
      </header>
      <div className="ad:grid ad:gap-4 ad:px-4 ad:py-3 ad:text-sm ad:text-slate-800 ad:sm:grid-cols-2">
        <dl className="ad:grid ad:grid-cols-[auto_1fr] ad:content-start ad:gap-x-3 ad:gap-y-1">
          <dt className="ad:font-medium ad:text-slate-600">Name</dt>
          <dd className="ad:break-words">{claim.name}</dd>
          <dt className="ad:font-medium ad:text-slate-600">Email</dt>
          <dd className="ad:break-all">
            <a href={`mailto:${claim.email}`} className="ad:text-brand-700 ad:underline">
              {claim.email}
            </a>
          </dd>
          <dt className="ad:font-medium ad:text-slate-600">Mobile</dt>
          <dd>
            <a href={`tel:${claim.mobile}`} className="ad:text-brand-700 ad:underline">
              {claim.mobile}
            </a>
          </dd>
          <dt className="ad:font-medium ad:text-slate-600">Product</dt>
          <dd className="ad:break-words">
            {claim.productTitle} <span className="ad:text-slate-600">(id {claim.productId})</span>
          </dd>
        </dl>
        <div className="ad:flex ad:flex-col ad:gap-3">
          <dl className="ad:grid ad:grid-cols-[auto_1fr] ad:content-start ad:gap-x-3 ad:gap-y-1">
            <dt className="ad:font-medium ad:text-slate-600">School</dt>
            <dd className="ad:break-words">{claim.school}</dd>
            <dt className="ad:font-medium ad:text-slate-600">Class</dt>
            <dd className="ad:break-words">{claim.classna}</dd>
            <dt className="ad:font-medium ad:text-slate-600">Division</dt>
            <dd className="ad:break-words">{claim.division}</dd>
            <dt className="ad:font-medium ad:text-slate-600">Roll number</dt>
            <dd className="ad:break-words">{claim.rollNo}</dd>
          </dl>
          <div>
            <MarkStatusButton status={claim.status} busy={busy} onMark={onMark} describedBy={headingId} />
          </div>
        </div>
      </div>
    </article>
  );
}

/** Free kit claims (issue 6): newest first, filtered by status, 25 per page (server-side), marked handled or new. */
export function ClaimsSection() {
  const [filters, setFilters] = useState<ServiceFilters>(initialServiceFilters);
  const claims = useAdminClaims(filters);
  const update = useUpdateClaimStatus();

  useEffect(() => {
    if (claims.error) notify('error', withReason('Could not load the claims', reasonOf(claims.error)));
  }, [claims.error]);

  const set = (change: Partial<ServiceFilters>) => setFilters(changeServiceFilters(filters, change));

  const mark = async (id: number, status: ServiceStatus) => {
    try {
      await update.mutateAsync({ id, status });
      notify('success', status === 'handled' ? `Claim ${id} marked handled` : `Claim ${id} marked new`);
    } catch (error) {
      notify('error', withReason('Could not update the claim', reasonOf(error)));
    }
  };

  const data = claims.data;
  return (
    <AdminSection
      title="Free Claims"
      actions={
        <button type="button" className={secondaryButton} onClick={() => void claims.refetch()} disabled={claims.isFetching}>
          Refresh
        </button>
      }
    >
      <ServiceStatusFilterBox label="Filter claims" value={filters.status} onChange={(status) => set({ status })} />
      {claims.isPending ? (
        <Spinner label="Loading claims" />
      ) : claims.isError && !data ? (
        <p role="alert" className="ad:text-red-700">
          {reasonOf(claims.error) ?? 'Could not load the claims.'}
        </p>
      ) : (
        <>
          <p className="ad:text-sm ad:text-slate-700" aria-live="polite">
            {data?.total ?? 0} {data?.total === 1 ? 'claim' : 'claims'}
          </p>
          <ul aria-label="Claims" className={`ad:flex ad:flex-col ad:gap-4 ${claims.isFetching ? 'ad:opacity-70' : ''}`}>
            {data?.claims.map((claim) => (
              <li key={claim.id}>
                <ClaimCard
                  claim={claim}
                  busy={update.isPending && update.variables?.id === claim.id}
                  onMark={(status) => void mark(claim.id, status)}
                />
              </li>
            ))}
          </ul>
          {data && data.claims.length === 0 && <p className="ad:text-slate-700">No claims match this filter.</p>}
          <Pager page={filters.page} pages={pageCount(data?.total ?? 0, data?.pageSize ?? 25)} onPage={(page) => set({ page })} label="Claim pages" />
        </>
      )}
    </AdminSection>
  );
}
