import { useQuery } from '@tanstack/react-query';
import type { OutboxMail, OutboxPage } from '@shared/outbox.schemas';
import { adminGet, adminSend } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';
import { listPageQuery } from './list-page';

/** GET /api/admin/outbox?page=: the shop's mails with their delivery state, newest first. */
function getOutbox(page: number, signal?: AbortSignal): Promise<OutboxPage> {
  return adminGet<OutboxPage>(`/api/admin/outbox?page=${page}`, signal);
}

export function useOutbox(page: number) {
  return useQuery(listPageQuery(['admin', 'outbox', page], (signal) => getOutbox(page, signal)));
}

/** POST /api/admin/outbox/{id}/resend: the mail is queued to be sent again at once. */
export const useResendMail = () =>
  useInvalidatingMutation(
    (id: number) => adminSend<{ message: string; mail: OutboxMail }>('POST', `/api/admin/outbox/${id}/resend`, {}),
    [['admin', 'outbox']],
    'settled',
  );
