// The cart's public file: what other features may use (docs/decisions/056).
export { cartQueryKey } from './api/get-cart';
export { useCartCount } from './hooks/use-cart-count';
