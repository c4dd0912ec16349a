import type { PaymentResponse } from '../lib/payment-provider';
import { apiSend } from '@/lib/api-client';

/** The simulated provider's Pay: answers what Razorpay Checkout hands its handler. */
export function paySimulated(providerOrderId: string): Promise<PaymentResponse> {
  return apiSend<PaymentResponse>('POST', `/api/payments/simulated/${encodeURIComponent(providerOrderId)}/pay`);
}

/** The simulated provider's Fail: a declined payment, like Razorpay's payment.failed. */
export function failSimulated(providerOrderId: string): Promise<unknown> {
  return apiSend('POST', `/api/payments/simulated/${encodeURIComponent(providerOrderId)}/fail`);
}
