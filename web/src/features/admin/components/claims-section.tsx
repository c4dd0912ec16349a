import { useId } from 'react';
import { useAdminClaims, useUpdateClaimStatus, type AdminClaim } from '../api/claims';
import type { ServiceStatus } from '../lib/service-requests';
import { MarkStatusButton } from './service-controls';
import { ContactLink, DetailList, ServiceCard, ServiceRequestsSection, type ServiceWords } from './service-requests-section';

function ClaimCard({ item: claim, busy, onMark }: { item: AdminClaim; busy: boolean; onMark: (status: ServiceStatus) => void }) {
  const headingId = useId();
  return (
    <ServiceCard headingId={headingId} heading={`Claim ${claim.id}: ${claim.productTitle}`} createdAt={claim.createdAt} status={claim.status}>
      <DetailList
        rows={[
          { term: 'Name', value: claim.name, className: 'ad:break-words' },
          { term: 'Email', value: <ContactLink href={`mailto:${claim.email}`}>{claim.email}</ContactLink>, className: 'ad:break-all' },
          { term: 'Mobile', value: <ContactLink href={`tel:${claim.mobile}`}>{claim.mobile}</ContactLink> },
          {
            term: 'Product',
            value: (
              <>
                {claim.productTitle} <span className="ad:text-slate-600">(id {claim.productId})</span>
              </>
            ),
            className: 'ad:break-words',
          },
        ]}
      />
      <div className="ad:flex ad:flex-col ad:gap-3">
        <DetailList
          rows={[
            { term: 'School', value: claim.school, className: 'ad:break-words' },
            { term: 'Class', value: claim.classna, className: 'ad:break-words' },
            { term: 'Division', value: claim.division, className: 'ad:break-words' },
            { term: 'Roll number', value: claim.rollNo, className: 'ad:break-words' },
          ]}
        />
        <div>
          <MarkStatusButton status={claim.status} busy={busy} onMark={onMark} describedBy={headingId} />
        </div>
      </div>
    </ServiceCard>
  );
}

const words: ServiceWords = { title: 'Free Claims', list: 'claims', listLabel: 'Claims', count: ['claim', 'claims'], item: 'Claim',
  emptyText: 'No claims match this filter.', pagerLabel: 'Claim pages' };

/** Free kit claims (issue 6): newest first, filtered by status, 25 per page (server-side), marked handled or new. */
export function ClaimsSection() {
  return <ServiceRequestsSection words={words} useList={useAdminClaims} itemsOf={(page) => page.claims} useUpdate={useUpdateClaimStatus} Card={ClaimCard} />;
}
