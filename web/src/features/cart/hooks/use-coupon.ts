import { useEffect, useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { orderMessages } from '@shared/order-messages';
import type { Cart } from '@shared/orders.schemas';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { cartMutationKey } from '../api/cart-mutations';
import { useVerifyCoupon, verifyCoupon } from '../api/verify-coupon';

/** freeShipping: the coupon takes the shipping off (no other coupon touches it). */
export type AppliedCoupon = { code: string; discount: number; freeShipping: boolean };

/** Identifies the cart a discount was priced for: which lines, in what quantities. */
function cartSignature(cart: Cart | undefined): string {
  return cart ? cart.items.map((l) => `${l.id}x${l.quantity}${l.available ? '' : '!'}@${l.price}`).join(',') : '';
}

/**
 * The coupon of SPEC.md §4: none → applied (code and discount held) → removed
 * (discount back to 0). The code is kept here and sent at checkout, where the
 * server prices it again. When the cart changes, the discount is asked for
 * again; a coupon the changed cart no longer qualifies for is dropped with the
 * server's reason.
 */
export function useCoupon(cart: Cart | undefined) {
  const [applied, setApplied] = useState<(AppliedCoupon & { signature: string }) | null>(null);
  const verify = useVerifyCoupon();
  const signature = cartSignature(cart);
  const cartSettled = useIsMutating({ mutationKey: cartMutationKey }) === 0;

  const apply = (code: string) => {
    const trimmed = code.trim();
    if (!trimmed || !cart) return;
    verify.mutate(
      { code: trimmed, totalAmount: cart.subtotal },
      {
        onSuccess: (result) => {
          if (result.success) {
            setApplied({ code: result.code ?? trimmed, discount: result.discount, freeShipping: result.freeShipping ?? false, signature });
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

  useEffect(() => {
    if (!applied || !cart || !cartSettled || applied.signature === signature) return;
    // An emptied cart (just paid for, or cleared) shows no summary to re-price.
    if (cart.items.length === 0) return;
    let current = true;
    verifyCoupon(applied.code, cart.subtotal)
      .then((result) => {
        if (!current) return;
        if (result.success) {
          setApplied({ code: applied.code, discount: result.discount, freeShipping: result.freeShipping ?? false, signature });
        } else {
          setApplied(null);
          notify('error', result.message);
        }
      })
      // Offline for a moment: keep the coupon; checkout prices it on the server anyway.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [applied, cart, cartSettled, signature]);

  return {
    applied: applied ? { code: applied.code, discount: applied.discount, freeShipping: applied.freeShipping } : null,
    apply,
    remove,
    isApplying: verify.isPending,
  };
}
