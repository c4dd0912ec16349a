import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '../lib/admin-fetch';

export type OverviewDay = { date: string; revenue: number; orders: number };
type TopProduct = { title: string; quantity: number; revenue: number };
type LowStockProduct = { id: number; title: string; stock: number };
/** cash-on-delivery orders whose cash is not recorded yet: not in revenue until it is (decision 044) */
type CodToCollect = { orders: number; amount: number };
export type Overview = { days: OverviewDay[]; topProducts: TopProduct[]; lowStock: LowStockProduct[]; codToCollect: CodToCollect };

/** GET /api/admin/overview: revenue and orders per day for the last 30 days, and the top products. */
function getOverview(signal?: AbortSignal): Promise<Overview> {
  return adminGet<Overview>('/api/admin/overview', signal);
}

export function useOverview() {
  return useQuery(queryOptions({ queryKey: ['admin', 'overview'], queryFn: ({ signal }) => getOverview(signal), staleTime: 0 }));
}
