import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@shared/orders.schemas';
import { apiGet } from '../../../lib/api-client';
import { useSession } from '../../auth/hooks/use-session';

/** Every cart query starts with this key; invalidate it after anything that changes the cart. */
export const cartQueryKey = ['cart'] as const;

/** GET /api/cart: the shopper's cart, priced from the catalogue as it is now. */
function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiGet<Cart>('/api/cart', signal);
}

/** Keyed by the shopper, so one shopper's cart never shows for the next one on the same browser. */
function cartQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...cartQueryKey, userId],
    queryFn: ({ signal }) => getCart(signal),
    // Prices and products change on the server: a cart shown again is re-read.
    staleTime: 0,
  });
}

/** The signed-in shopper's cart; idle (no data) for a visitor. */
export function useCart() {
  const { user } = useSession();
  return useQuery({ ...cartQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}
