import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PolicyPage, PolicySlug } from '@shared/policies.schemas';
import { apiGet } from '@/lib/api-client';

function getPolicy(slug: string, signal?: AbortSignal): Promise<PolicyPage> {
  return apiGet<PolicyPage>(`/api/policies/${encodeURIComponent(slug)}`, signal);
}

export function policyQueryOptions(slug: PolicySlug | string) {
  return queryOptions({ queryKey: ['policies', slug], queryFn: ({ signal }) => getPolicy(slug, signal) });
}

/** The policy page `slug`; not asked for when `enabled` is false (an unknown page). */
export function usePolicy(slug: string, enabled = true) {
  return useQuery({ ...policyQueryOptions(slug), enabled });
}
