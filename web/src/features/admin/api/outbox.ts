import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '../lib/admin-fetch';

type OutboxMail = { id: number; to: string; subject: string; kind: string; createdAt: string; text: string };
export type OutboxPage = { mails: OutboxMail[]; total: number; page: number; pageSize: number };

/** GET /api/admin/outbox?page=: the mails the shop has sent (or kept, without SMTP), newest first. */
function getOutbox(page: number, signal?: AbortSignal): Promise<OutboxPage> {
  return adminGet<OutboxPage>(`/api/admin/outbox?page=${page}`, signal);
}

export function useOutbox(page: number) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'outbox', page],
      queryFn: ({ signal }) => getOutbox(page, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}
