import { useCart } from '../api/get-cart';

/** Number of lines in the shopper's cart, shown on the header badge; 0 for a visitor. */
export function useCartCount(): number {
  return useCart().data?.items.length ?? 0;
}
