import { useQuery } from '@tanstack/react-query';
import type { NotifySignup } from '@shared/notify.schemas';
import { adminFetch } from '../lib/admin-fetch';
import { saveBlob } from '../lib/save-blob';
import { listPageQuery } from './list-page';

/** GET /api/admin/notify?page=: the Notify Me addresses, newest first, as an array; the total in X-Total-Count. */
async function getNotifyList(page: number, signal?: AbortSignal): Promise<{ signups: NotifySignup[]; total: number }> {
  const res = await adminFetch(`/api/admin/notify?page=${page}`, { signal });
  const signups = (await res.json()) as NotifySignup[];
  return { signups, total: Number(res.headers.get('X-Total-Count') ?? signups.length) };
}

export function useNotifyList(page: number) {
  return useQuery(listPageQuery(['admin', 'notify', page], (signal) => getNotifyList(page, signal)));
}

/** GET /api/admin/notify.csv, saved as a file (a link cannot carry the token). */
export async function downloadNotifyCsv(): Promise<void> {
  const res = await adminFetch('/api/admin/notify.csv', { headers: { Accept: 'text/csv' } });
  saveBlob(await res.blob(), `notify-me-${new Date().toISOString().slice(0, 10)}.csv`);
}
