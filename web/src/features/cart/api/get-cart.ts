import type { Cart } from '@shared/orders.schemas';
import { apiGet } from '../../../lib/api-client';
import { useShopperQuery } from '../../auth/hooks/use-shopper-query';

/** Every cart query starts with this key; invalidate it after anything that changes the cart. */
export const cartQueryKey = ['cart'] as const;

/** GET /api/cart: the shopper's cart, priced from the catalogue as it is now. */
function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiGet<Cart>('/api/cart', signal);
}

/** The signed-in shopper's cart, re-read when shown again (prices and products change on the server); idle (no data) for a visitor. */
export const useCart = () => useShopperQuery(cartQueryKey, getCart);
