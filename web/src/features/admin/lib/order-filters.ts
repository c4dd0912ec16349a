import { ADMIN_ORDERS_PAGE_SIZE } from '@shared/admin-orders.schemas';
import { queryString } from '@/lib/api-client';

export const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'placed', label: 'Placed' },
  { value: 'dispatched', label: 'Dispatched' },
  { value: 'delivered', label: 'Delivered' },
] as const;
export const PERIOD_FILTERS = [
  { value: 'all', label: 'All time' },
  { value: '1y', label: 'Past 1 year' },
  { value: '6m', label: 'Past 6 months' },
  { value: '1m', label: 'Past 1 month' },
] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];
export type PeriodFilter = (typeof PERIOD_FILTERS)[number]['value'];

/** The admin order list's combined filters (SPEC.md §4) and page. */
export type OrderFilters = { status: StatusFilter; period: PeriodFilter; q: string; page: number };

export const initialOrderFilters: OrderFilters = { status: 'all', period: 'all', q: '', page: 1 };

/** Changing the status, date or search returns to page 1; changing only the page keeps the filters. */
export function changeFilters(current: OrderFilters, change: Partial<OrderFilters>): OrderFilters {
  const next = { ...current, ...change };
  const filterChanged = next.status !== current.status || next.period !== current.period || next.q.trim() !== current.q.trim();
  return filterChanged ? { ...next, page: 1 } : next;
}

/** '?status=placed&period=1m&q=abc&page=2', leaving out defaults so the same list has one address. */
export function ordersQuery(filters: OrderFilters, withPage = true): string {
  const q = filters.q.trim();
  return queryString({
    status: filters.status === 'all' ? undefined : filters.status,
    period: filters.period === 'all' ? undefined : filters.period,
    q: q || undefined,
    page: withPage ? filters.page : undefined,
    pageSize: withPage ? ADMIN_ORDERS_PAGE_SIZE : undefined,
  });
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
