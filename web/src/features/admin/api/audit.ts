import { useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditQuery } from '@shared/audit.schemas';
import { adminFetch } from '../lib/admin-fetch';
import { saveBlob } from '../lib/save-blob';
import { listPageQuery } from './list-page';

export type AuditFilters = Omit<AuditQuery, 'page'>;

function auditQuery(filters: AuditFilters, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** GET /api/admin/audit: one page of the filtered log, newest first; the total in X-Total-Count. */
async function getAudit(filters: AuditFilters, page: number, signal?: AbortSignal): Promise<{ entries: AuditEntry[]; total: number }> {
  const res = await adminFetch(`/api/admin/audit${auditQuery(filters, page)}`, { signal });
  const entries = (await res.json()) as AuditEntry[];
  return { entries, total: Number(res.headers.get('X-Total-Count') ?? entries.length) };
}

export function useAudit(filters: AuditFilters, page: number) {
  return useQuery(listPageQuery(['admin', 'audit', filters, page], (signal) => getAudit(filters, page, signal)));
}

/** GET /api/admin/audit.csv with the same filters, saved as a file (a link cannot carry the token). */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const res = await adminFetch(`/api/admin/audit.csv${auditQuery(filters)}`, { headers: { Accept: 'text/csv' } });
  saveBlob(await res.blob(), `audit-${new Date().toISOString().slice(0, 10)}.csv`);
}
