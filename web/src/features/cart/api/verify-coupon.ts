import { useMutation } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';

/** SPEC.md's answer; `code` is the code as the shop stores it. */
export type CouponResult = { success: boolean; discount: number; message: string; code?: string; freeShipping?: boolean };

/**
 * POST /api/verifyCoupon with SPEC.md's body. The server prices the coupon
 * against the shopper's cart and ignores totalAmount and productId, so
 * productId is not sent (SPEC.md's fixed 18 is a defect, DESIGN.md §6 item 4).
 */
export function verifyCoupon(code: string, totalAmount: number): Promise<CouponResult> {
  return apiSend<CouponResult>('POST', '/api/verifyCoupon', { code, totalAmount });
}

export function useVerifyCoupon() {
  return useMutation({
    mutationFn: ({ code, totalAmount }: { code: string; totalAmount: number }) => verifyCoupon(code, totalAmount),
  });
}
