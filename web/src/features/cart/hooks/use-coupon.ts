import { useEffect, useState } from 'react';
import { keepPreviousData, useIsMutating, useQuery } from '@tanstack/react-query';
import { orderMessages } from '@shared/order-messages';
import type { Cart } from '@shared/orders.schemas';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { cartMutationKey } from '../api/cart-mutations';
import type { VerifyCouponResult } from '@shared/orders.schemas';
import { couponRecheckOptions, useVerifyCoupon } from '../api/verify-coupon';

/** freeShipping: the coupon takes the shipping off (no other coupon touches it). */
export type AppliedCoupon = { code: string; discount: number; freeShipping: boolean };

/** Identifies the cart a discount was priced for: which lines, in what quantities. */
function cartSignature(cart: Cart | undefined): string {
  return cart ? cart.items.map((l) => `${l.id}x${l.quantity}${l.available ? '' : '!'}@${l.price}`).join(',') : '';
}

const pricing = (code: string, result: VerifyCouponResult): AppliedCoupon => ({ code, discount: result.discount, freeShipping: result.freeShipping ?? false });

/**
 * The coupon of SPEC.md §4: none → applied (code and discount held) → removed
 * (discount back to 0). The code is kept here and sent at checkout, where the
 * server prices it again. When the cart changes, the discount is asked for
 * again (a query keyed by the code and the cart's lines, once the cart's
 * changes have reached the server); a coupon the changed cart no longer
 * qualifies for is dropped with the server's reason.
 */
export function useCoupon(cart: Cart | undefined) {
  /** The coupon as applied, priced for the cart of `signature`. */
  const [applied, setApplied] = useState<(AppliedCoupon & { signature: string }) | null>(null);
  const verify = useVerifyCoupon();
  const signature = cartSignature(cart);
  const cartSettled = useIsMutating({ mutationKey: cartMutationKey }) === 0;
  const changed = applied !== null && applied.signature !== signature;

  const recheck = useQuery({
    ...couponRecheckOptions(applied?.code ?? '', signature, cart?.subtotal ?? 0),
    // An emptied cart (just paid for, or cleared) shows no summary to re-price.
    enabled: changed && cartSettled && (cart?.items.length ?? 0) > 0,
    // While the next answer is on its way, the last one stands.
    placeholderData: keepPreviousData,
  });
  const refused = changed && recheck.data?.success === false && !recheck.isPlaceholderData ? recheck.data : null;
  /** The last coupon dropped, with the server's reason (a new object each time, so each is told). */
  const [dropped, setDropped] = useState<{ reason: string } | null>(null);
  if (refused) {
    // Set while rendering (React's way to adjust state to new data): the coupon is gone at once,
    // and stays gone whatever the cart does next.
    setApplied(null);
    setDropped({ reason: refused.message });
  }
  useEffect(() => {
    if (dropped) notify('error', dropped.reason);
  }, [dropped]);

  const apply = (code: string) => {
    const trimmed = code.trim();
    if (!trimmed || !cart) return;
    verify.mutate(
      { code: trimmed, totalAmount: cart.subtotal },
      {
        onSuccess: (result) => {
          if (result.success) {
            setApplied({ ...pricing(result.code ?? trimmed, result), signature });
            notify('success', result.message);
          } else {
            notify('error', result.message);
          }
        },
        onError: (error) => notify('error', error instanceof ApiError ? error.message : orderMessages.couponNetworkError),
      },
    );
  };

  const remove = () => {
    setApplied(null);
    notify('info', orderMessages.couponRemoved);
  };

  let current: AppliedCoupon | null = null;
  if (applied) {
    // Offline for a moment: the coupon stays as applied; checkout prices it on the server anyway.
    current =
      changed && recheck.data?.success
        ? pricing(applied.code, recheck.data)
        : { code: applied.code, discount: applied.discount, freeShipping: applied.freeShipping };
  }

  return { applied: current, apply, remove, isApplying: verify.isPending };
}
