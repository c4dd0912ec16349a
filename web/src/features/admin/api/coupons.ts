import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminCoupon } from '@shared/coupons.schemas';
import { adminGet, adminSend } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';
import type { Coupon, CouponInput } from '../lib/coupon-format';

const couponsKey = ['admin', 'coupons'] as const;
const CouponList = z.array(AdminCoupon);
type CouponAnswer = { message: string; coupon: Coupon };

/** GET /api/coupons → a JSON array (SPEC.md §7). */
function getCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  return adminGet('/api/coupons', signal, CouponList);
}

function couponsQueryOptions() {
  return queryOptions({ queryKey: couponsKey, queryFn: ({ signal }) => getCoupons(signal), staleTime: 0 });
}

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}

/** POST /api/coupons: 400 with fields for bad input, 409 for a code in use. */
function createCoupon(input: CouponInput): Promise<CouponAnswer> {
  return adminSend<CouponAnswer>('POST', '/api/coupons', input);
}

/** PUT /api/coupons/{id} with every field. */
function updateCoupon({ id, input }: { id: number; input: CouponInput }): Promise<CouponAnswer> {
  return adminSend<CouponAnswer>('PUT', `/api/coupons/${id}`, input);
}

/** DELETE /api/coupons/{id}. */
function deleteCoupon(id: number): Promise<{ message: string }> {
  return adminSend<{ message: string }>('DELETE', `/api/coupons/${id}`);
}

const useCouponMutation = <T, R>(mutationFn: (input: T) => Promise<R>) => useInvalidatingMutation(mutationFn, [couponsKey]);

export const useCreateCoupon = () => useCouponMutation(createCoupon);
export const useUpdateCoupon = () => useCouponMutation(updateCoupon);
export const useDeleteCoupon = () => useCouponMutation(deleteCoupon);
