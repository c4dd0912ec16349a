import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Cart } from '@shared/orders.schemas';
import { ApiError, apiSend } from '@/lib/api-client';
import { useShopperKey } from '@/features/auth/hooks/use-shopper-query';
import { cartQueryKey } from './get-cart';
import { withQuantity, withoutLine } from '../lib/cart-summary';

/** Cart changes run one after another, in the order the shopper made them. */
const cartScope = { id: 'cart' };
/** Every cart change carries this key: pages wait for them to settle before pricing or checking out. */
export const cartMutationKey = ['cart', 'change'] as const;

/** A cart line: a product, and the variant chosen when it has variants. */
type LineRef = { productId: number; variantId?: number | null };

const variantQuery = (variantId?: number | null) => (variantId != null ? `?variantId=${variantId}` : '');

/** POST /api/cart: adds a product (a variant of it) once (409 already_in_cart when it is there). */
function addToCart({ productId, variantId }: LineRef, quantity = 1): Promise<Cart> {
  return apiSend<Cart>('POST', '/api/cart', { productId, ...(variantId != null ? { variantId } : {}), quantity });
}

/** PATCH /api/cart/{productId}?variantId=: sets a line's quantity (1-99). */
function setCartQuantity({ productId, variantId }: LineRef, quantity: number): Promise<Cart> {
  return apiSend<Cart>('PATCH', `/api/cart/${productId}${variantQuery(variantId)}`, { quantity });
}

/** DELETE /api/cart/{productId}?variantId=: removes a line. */
function removeFromCart({ productId, variantId }: LineRef): Promise<Cart> {
  return apiSend<Cart>('DELETE', `/api/cart/${productId}${variantQuery(variantId)}`);
}

const useCartKey = () => useShopperKey(cartQueryKey);

/** Stores the server's cart unless a later change is still on its way (its answer will be newer). */
function settle(queryClient: QueryClient, key: readonly unknown[], cart: Cart) {
  if (queryClient.isMutating({ mutationKey: cartMutationKey }) <= 1) queryClient.setQueryData(key, cart);
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  const key = useCartKey();
  return useMutation({
    mutationKey: cartMutationKey,
    scope: cartScope,
    mutationFn: (line: number | LineRef) => addToCart(typeof line === 'number' ? { productId: line } : line),
    onSuccess: (cart) => settle(queryClient, key, cart),
    onError: (error) => {
      // Already there (another tab, say): show the cart as the server has it.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    },
  });
}

type Snapshot = { previous: Cart | undefined };

/** Quantity and removal change the screen at once and roll back if the server refuses. */
function useOptimisticCartChange<V>(send: (vars: V) => Promise<Cart>, apply: (cart: Cart, vars: V) => Cart) {
  const queryClient = useQueryClient();
  const key = useCartKey();
  return useMutation<Cart, Error, V, Snapshot>({
    mutationKey: cartMutationKey,
    scope: cartScope,
    mutationFn: send,
    onMutate: async (vars) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Cart>(key);
      if (previous) queryClient.setQueryData(key, apply(previous, vars));
      return { previous };
    },
    onSuccess: (cart) => settle(queryClient, key, cart),
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    },
  });
}

export function useSetCartQuantity() {
  return useOptimisticCartChange(
    ({ quantity, ...line }: LineRef & { quantity: number }) => setCartQuantity(line, quantity),
    (cart, { productId, variantId, quantity }) => withQuantity(cart, productId, quantity, variantId),
  );
}

export function useRemoveFromCart() {
  return useOptimisticCartChange(
    (line: number | LineRef) => removeFromCart(typeof line === 'number' ? { productId: line } : line),
    (cart, line) => (typeof line === 'number' ? withoutLine(cart, line) : withoutLine(cart, line.productId, line.variantId)),
  );
}
