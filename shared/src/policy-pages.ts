/**
 * The policy pages (issue 27, decision 049): stable addresses /policies/<slug>, in the footer and the
 * sitemap. No zod here: the footer, on every page, imports this.
 */
export const POLICY_SLUGS = ['terms', 'privacy', 'refunds', 'shipping', 'contact'] as const;
type Slug = (typeof POLICY_SLUGS)[number];

export const POLICY_TITLES: Record<Slug, string> = {
  terms: 'Terms of service',
  privacy: 'Privacy policy',
  refunds: 'Refund and cancellation policy',
  shipping: 'Shipping and delivery policy',
  contact: 'Contact us',
};

export const policyPath = (slug: Slug) => `/policies/${slug}`;
