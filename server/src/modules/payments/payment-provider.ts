/**
 * A payment provider as the shop uses it (DESIGN.md §3). Razorpay's live or
 * test API, or the built-in simulation; the server's verification code path is
 * the same for both.
 */
export interface ProviderOrder {
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

export interface PaymentProvider {
  readonly name: 'razorpay' | 'simulated';
  /** the public key the browser's checkout opens with */
  readonly keyId: string;
  createOrder(amountPaise: number, receipt: string, notes: Record<string, string>): Promise<ProviderOrder>;
  verifyPayment(orderId: string, paymentId: string, signature: string): boolean;
  /** false when no webhook secret is configured */
  verifyWebhook(rawBody: string, signature: string): boolean;
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
}
