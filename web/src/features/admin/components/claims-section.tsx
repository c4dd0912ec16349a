import type { AdminClaim } from '@shared/services.schemas';
import { useAdminClaims, useUpdateClaimStatus } from '../api/claims';
import { ContactLink, DetailList, ServiceCard, ServiceRequestsSection, serviceWords, type ServiceCardProps } from './service-requests-section';

function ClaimCard(card: ServiceCardProps<AdminClaim>) {
  const claim = card.item;
  const product = (
    <>
      {claim.productTitle} <span className="ad:text-slate-600">(id {claim.productId})</span>
    </>
  );
  const contact = [
    { term: 'Name', value: claim.name, className: 'ad:break-words' },
    { term: 'Email', value: <ContactLink href={`mailto:${claim.email}`}>{claim.email}</ContactLink>, className: 'ad:break-all' },
    { term: 'Mobile', value: <ContactLink href={`tel:${claim.mobile}`}>{claim.mobile}</ContactLink> },
    { term: 'Product', value: product, className: 'ad:break-words' },
  ];
  const school = Object.entries({ School: claim.school, Class: claim.classna, Division: claim.division, 'Roll number': claim.rollNo });
  return (
    <ServiceCard
      {...card}
      heading={`Claim ${claim.id}: ${claim.productTitle}`}
      details={<DetailList rows={contact} />}
      aside={<DetailList rows={school.map(([term, value]) => ({ term, value, className: 'ad:break-words' }))} />}
    />
  );
}

const words = serviceWords('Free Claims', ['claim', 'claims']);

/** Free kit claims (issue 6): newest first, filtered by status, 25 per page (server-side), marked handled or new. */
export function ClaimsSection() {
  return <ServiceRequestsSection words={words} useList={useAdminClaims} itemsOf={(page) => page.claims} useUpdate={useUpdateClaimStatus} Card={ClaimCard} />;
}
