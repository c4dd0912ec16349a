import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The query of one page of an admin list (orders, customers, returns, mails…): read afresh each
 * time it is shown, since staff act on the latest state, and the page before it kept on screen
 * while the next one loads.
 */
export function listPageQuery<T>(queryKey: QueryKey, fetchPage: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => fetchPage(signal), placeholderData: keepPreviousData, staleTime: 0 });
}
