import { describe, expect, it } from 'vitest';
import { paymentSignature, verifyPaymentSignature, verifyWebhookSignature } from './signatures';

// Known vectors computed independently with `printf '%s' DATA | openssl dgst -sha256 -hmac SECRET`.
describe('Razorpay signatures', () => {
  const sig = '2d67c3fceac8e3487e54e2d6ea7815a350a8562ed56d521a80eb43a393e9ab52';

  it('signs "order_id|payment_id" with the key secret', () => {
    expect(paymentSignature('test_secret', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l')).toBe(sig);
    expect(verifyPaymentSignature('test_secret', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', sig)).toBe(true);
    expect(verifyPaymentSignature('test_secret', 'order_IEIaMR65cu6nz3', 'pay_other', sig)).toBe(false);
    expect(verifyPaymentSignature('other_secret', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', sig)).toBe(false);
    expect(verifyPaymentSignature('test_secret', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', 'short')).toBe(false);
  });

  it('signs webhooks over the raw body, byte for byte', () => {
    const body = '{"event":"payment.captured","payload":{}}';
    expect(verifyWebhookSignature('whsec', body, '0ea4289b01ce4325f4aba755d3c6e51fa0b88c286bebf7e8af6d5a4f3b3d3f7e')).toBe(true);
    // The same JSON with one more space is another body.
    expect(verifyWebhookSignature('whsec', `${body} `, '0ea4289b01ce4325f4aba755d3c6e51fa0b88c286bebf7e8af6d5a4f3b3d3f7e')).toBe(false);
    expect(verifyWebhookSignature('whsec', `${body} `, '595830942136d07f8b10ec56d851c2c8b9406e4632454c8bf57b059ffe377f71')).toBe(true);
  });
});
