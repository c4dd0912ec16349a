import { z } from 'zod';
import { Instant, OrderCode } from './fields.schemas';
import { MAX_ID } from './catalogue.schemas';
import { PaymentAmount } from './money.schemas';

export const refundMessages = {
  refundStarted: 'Refund started',
  tooLarge: (left: string) => `At most ${left} can still be refunded for this order.`,
  nothingLeft: 'Nothing is left to refund for this order.',
  notPaid: 'Only a paid order can be refunded.',
  notFailed: 'Only a failed refund can be tried again.',
  lineNotRefundable: 'A chosen line is not part of this order or was refunded already.',
  lineInReturn: 'A chosen line has units in a return: refund them from the return, or refund an amount.',
  amountOrLines: 'Give an amount or choose whole lines to refund, not both.',
  keyUsedElsewhere: 'This idempotencyKey was already used for a refund of another order. Send a new key for this refund.',
  keyReserved: 'idempotencyKey may not start with "cancel:", "late:" or "return:": the shop names its own refunds that way',
  /** processOrder's answer for a payment that came after the order stopped awaiting one */
  latePayment: (amount: string) =>
    `This order was no longer awaiting payment when your payment arrived, so it was not placed. Your payment of ${amount} is being refunded to your original payment method.`,
} as const;

/** Largest amount a refund request may name, in rupees (more than any order can total). */
export const MAX_REFUND_RUPEES = 10_000_000;

/** A cash-on-delivery order's refund is made by hand: the bank transfer or UPI reference (required there, decision 044). */
export const ManualRefundReference = z.string().trim().min(1, 'Give the bank transfer or UPI reference').max(100, 'The reference has at most 100 characters');

/** POST /api/admin/orders/{orderId}/refunds: an amount in rupees, or whole order lines; never both. */
export const RefundInput = z
  .object({
    amount: PaymentAmount(MAX_REFUND_RUPEES).optional(),
    lines: z.array(z.number().int().min(1).max(MAX_ID)).min(1).max(100).optional(),
    reason: z.string().trim().max(500).default(''),
    reference: ManualRefundReference.optional(),
    /** the same key for a retried request (double click, network retry): one refund */
    /** one refund per key across the shop: a key already used on another order is refused (409) */
    idempotencyKey: z
      .string()
      .trim()
      .min(8, 'idempotencyKey must have 8 to 100 characters')
      .max(100)
      .refine((k) => !/^(cancel|late|return):/i.test(k), refundMessages.keyReserved),
  })
  .refine((r) => (r.amount === undefined) !== (r.lines === undefined), { message: refundMessages.amountOrLines, path: ['amount'] });
export type RefundInput = z.infer<typeof RefundInput>;

export const RefundView = z.object({
  id: z.number().int(),
  amount: z.number(),
  status: z.enum(['pending', 'processed', 'failed']),
  kind: z.string(),
  reason: z.string(),
  failureReason: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  createdBy: z.string(),
  createdAt: Instant,
  processedAt: Instant.nullable(),
});
export type RefundView = z.infer<typeof RefundView>;

/** A GST credit note of a processed refund: its number, and its id for the PDF's address. */
export const CreditNoteRef = z.object({ id: z.number().int(), number: z.string() });

export const OrderMoney = z.object({
  orderId: OrderCode,
  status: z.string(),
  flag: z.string().nullable(),
  payments: z.array(z.object({ paymentId: z.string(), amount: z.number(), refunded: z.number(), late: z.boolean(), createdAt: Instant })),
  refunds: z.array(RefundView),
  lines: z.array(z.object({ id: z.number().int(), title: z.string(), quantity: z.number().int(), unitPrice: z.number(), refundable: z.boolean() })),
  /** what can still be refunded of the payment that placed the order, in rupees */
  refundable: z.number(),
  /** GST credit notes of the processed refunds (PDF at /api/admin/orders/{orderId}/credit-notes/{id}.pdf) */
  creditNotes: z.array(CreditNoteRef),
});
export type OrderMoney = z.infer<typeof OrderMoney>;

/**
 * What whole lines account for of what was paid: their price less their share
 * of the order's discount, rounded down to the paisa (so refunding every line
 * never returns more than the order's total). totalPaise: what was paid for the
 * goods (the order's total without its shipping).
 */
export function linesRefundPaise(order: { subtotalPaise: number; totalPaise: number }, lines: { unitPaise: number; quantity: number }[]): number {
  if (order.subtotalPaise <= 0) return 0;
  const gross = lines.reduce((sum, l) => sum + l.unitPaise * l.quantity, 0);
  return Math.floor((gross * order.totalPaise) / order.subtotalPaise);
}
