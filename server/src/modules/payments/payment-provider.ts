/**
 * A payment provider as the shop uses it (DESIGN.md §3). Razorpay's live or
 * test API, or the built-in simulation; the server's verification code path is
 * the same for both.
 */
interface ProviderOrder {
  id: string;
  amount: number;
  currency: 'INR';
}

export interface ProviderPayment {
  id: string;
  /** created, authorized, captured, refunded, failed */
  status: string;
  amount: number;
}

export interface ProviderRefund {
  id: string;
  status: 'pending' | 'processed' | 'failed';
  amount: number;
  /** our refund's idempotency key, carried in the refund's notes */
  refundKey: string | null;
}

export interface PaymentProvider {
  readonly name: 'razorpay' | 'simulated';
  /** the public key the browser's checkout opens with */
  readonly keyId: string;
  createOrder(amountPaise: number, receipt: string, notes: Record<string, string>): Promise<ProviderOrder>;
  verifyPayment(orderId: string, paymentId: string, signature: string): boolean;
  /** false when no webhook secret is configured */
  verifyWebhook(rawBody: string, signature: string): boolean;
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /**
   * Refunds part or all of a captured payment. `refundKey` is our refund's
   * idempotency key: it travels in the refund's notes, so that a refund whose
   * answer was lost can be found again with `fetchRefunds`.
   */
  refund(paymentId: string, amountPaise: number, refundKey: string): Promise<ProviderRefund>;
  /** Every refund of a payment, as the provider knows it now. */
  fetchRefunds(paymentId: string): Promise<ProviderRefund[]>;
}
