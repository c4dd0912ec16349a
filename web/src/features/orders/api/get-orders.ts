import type { UserOrder } from '@shared/orders.schemas';
import { apiGet } from '@/lib/api-client';
import { useShopperQuery } from '@/features/auth/hooks/use-shopper-query';

export const ordersQueryKey = ['orders'] as const;

/** GET /api/UserOrders: the signed-in shopper's orders (from the session), newest first. */
async function getUserOrders(signal?: AbortSignal): Promise<UserOrder[]> {
  try {
    const { orders } = await apiGet<{ orders: UserOrder[] }>('/api/UserOrders', signal);
    return orders;
  } catch (error) {
    // SPEC.md §8: a failed fetch is only logged; the list stays empty.
    if (!signal?.aborted) console.error('Could not load your orders', error);
    throw error;
  }
}

/** A status the shop changed shows the next time the list is opened. */
export const useUserOrders = () => useShopperQuery(ordersQueryKey, getUserOrders);
