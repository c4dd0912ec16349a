import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 in hex, as Razorpay signs payments and webhooks. */
export function hmacHex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex signatures. */
function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Razorpay Checkout's payment signature: HMAC(key secret, "order_id|payment_id"). */
export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

export function verifyPaymentSignature(keySecret: string, orderId: string, paymentId: string, signature: string): boolean {
  return sameSignature(paymentSignature(keySecret, orderId, paymentId), signature);
}

/** Razorpay webhooks: HMAC(webhook secret, raw request body), never a re-serialised body. */
export function verifyWebhookSignature(webhookSecret: string, rawBody: string, signature: string): boolean {
  return sameSignature(hmacHex(webhookSecret, rawBody), signature);
}
