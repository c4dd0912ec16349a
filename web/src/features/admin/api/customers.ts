import { useQuery } from '@tanstack/react-query';
import { CUSTOMERS_PAGE_SIZE, type CustomerRow } from '@shared/customers.schemas';
import { queryString } from '@/lib/api-client';
import { adminFetch } from '../lib/admin-fetch';
import { saveBlob } from '../lib/save-blob';
import { listPageQuery } from './list-page';

export const customersKey = ['admin', 'customers'] as const;

export type CustomerPage = { customers: CustomerRow[]; total: number; capped: boolean; pageSize: number };

/** GET /api/admin/customers?q=&page=: one page of customers (JSON array); the total in X-Total-Count, capped at 10,000. */
async function getCustomers(q: string, page: number, signal?: AbortSignal): Promise<CustomerPage> {
  const res = await adminFetch(`/api/admin/customers${queryString({ q: q.trim(), page })}`, { signal });
  const customers = (await res.json()) as CustomerRow[];
  const total = Number(res.headers.get('X-Total-Count') ?? customers.length);
  return {
    customers,
    total,
    capped: res.headers.get('X-Total-Count-Capped') === 'true',
    pageSize: Number(res.headers.get('X-Page-Size') ?? CUSTOMERS_PAGE_SIZE),
  };
}

export function useCustomers(q: string, page: number) {
  return useQuery(listPageQuery([...customersKey, 'list', { q, page }], (signal) => getCustomers(q, page, signal)));
}

/** GET /api/admin/customers.csv?q=: the searched customers as CSV, saved as a file (a link cannot carry the token). */
export async function downloadCustomersCsv(q: string): Promise<void> {
  const res = await adminFetch(`/api/admin/customers.csv${queryString({ q: q.trim() })}`, { headers: { Accept: 'text/csv' } });
  saveBlob(await res.blob(), `customers-${new Date().toISOString().slice(0, 10)}.csv`);
}
