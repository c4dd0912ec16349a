import type { Cart } from '@shared/orders.schemas';
import { apiGet } from '@/lib/api-client';
import { useShopperQuery } from '@/features/auth/hooks/use-shopper-query';

/** Every cart query starts with this key; invalidate it after anything that changes the cart. */
export const cartQueryKey = ['cart'] as const;

/** GET /api/cart: the shopper's cart, priced from the catalogue as it is now; shipping to `pincode` when delivering elsewhere. */
function getCart(pincode: string | undefined, signal?: AbortSignal): Promise<Cart> {
  return apiGet<Cart>(pincode ? `/api/cart?pincode=${encodeURIComponent(pincode)}` : '/api/cart', signal);
}

/**
 * The signed-in shopper's cart, re-read when shown again (prices and products change on the server); idle (no data) for a visitor.
 * With `pincode`, shipping is quoted for delivery to another address.
 */
export const useCart = (pincode?: string) => useShopperQuery(pincode ? [...cartQueryKey, pincode] : cartQueryKey, (signal) => getCart(pincode, signal));
