import type { PaymentResponse } from '../lib/payment-provider';
import { apiSend } from '@/lib/api-client';

/** SPEC.md's body. Only the three razorpay_* fields count: the server knows the rest from the pending order. */
export type ProcessOrderBody = PaymentResponse & {
  email: string;
  name: string;
  address: string;
  phone: string;
  items: { productId: number; quantity: number }[];
  couponCode: string;
  appliedDiscount: number;
};

/** POST /api/processOrder: the server checks the signature and places the order once (replays answer the same order). */
export function processOrder(body: ProcessOrderBody): Promise<{ success: boolean; orderId: string }> {
  return apiSend('POST', '/api/processOrder', body);
}
