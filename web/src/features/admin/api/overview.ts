import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '../lib/admin-fetch';

export type OverviewDay = { date: string; revenue: number; orders: number };
type TopProduct = { title: string; quantity: number; revenue: number };
type LowStockProduct = { id: number; title: string; stock: number };
export type Overview = { days: OverviewDay[]; topProducts: TopProduct[]; lowStock: LowStockProduct[] };

/** GET /api/admin/overview: revenue and orders per day for the last 30 days, and the top products. */
function getOverview(signal?: AbortSignal): Promise<Overview> {
  return adminGet<Overview>('/api/admin/overview', signal);
}

export function useOverview() {
  return useQuery(queryOptions({ queryKey: ['admin', 'overview'], queryFn: ({ signal }) => getOverview(signal), staleTime: 0 }));
}
