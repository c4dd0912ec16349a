import { queryOptions, useMutation } from '@tanstack/react-query';
import type { VerifyCouponResult } from '@shared/orders.schemas';
import { apiSend } from '@/lib/api-client';

/**
 * POST /api/verifyCoupon with SPEC.md's body. The server prices the coupon
 * against the shopper's cart and ignores totalAmount and productId, so
 * productId is not sent (SPEC.md's fixed 18 is a defect, DESIGN.md §6 item 4).
 */
function verifyCoupon(code: string, totalAmount: number): Promise<VerifyCouponResult> {
  return apiSend<VerifyCouponResult>('POST', '/api/verifyCoupon', { code, totalAmount });
}

export function useVerifyCoupon() {
  return useMutation({
    mutationFn: ({ code, totalAmount }: { code: string; totalAmount: number }) => verifyCoupon(code, totalAmount),
  });
}

/**
 * The coupon priced again for the cart as it is now, keyed by the code and the cart's lines: each
 * change of the cart asks once. No answer is kept once no page shows it, so an old answer (or
 * another shopper's, on a shared browser) never prices a cart.
 */
export function couponRecheckOptions(code: string, signature: string, totalAmount: number) {
  return queryOptions({
    queryKey: ['coupon', code, signature],
    queryFn: () => verifyCoupon(code, totalAmount),
    gcTime: 0,
  });
}
