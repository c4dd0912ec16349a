import { formatPaise } from '@shared/money';
import { linesRefundPaise, refundMessages } from '@shared/refunds';

/**
 * The amounts of refunds (issue 30 item 5), from the rows the service reads: what is left of a
 * payment, what whole lines give back, the totals order lists show.
 */

/** What can still be refunded of a payment: what was paid less what refunds have set aside. */
export function leftToRefundPaise(payment: { amount_paise: number; refunded_paise: number }): number {
  return payment.amount_paise - payment.refunded_paise;
}

/** The 409's message when a refund is larger than what is left of its payment. */
export function tooLargeMessage(leftPaise: number): string {
  return leftPaise > 0 ? refundMessages.tooLarge(formatPaise(leftPaise)) : refundMessages.nothingLeft;
}

/** What was paid for the goods: the order's total without shipping and the COD fee, which are no line's. */
export function goodsPaidPaise(order: { total_paise: number; shipping_paise: number; cod_fee_paise: number }): number {
  return order.total_paise - order.shipping_paise - order.cod_fee_paise;
}

/**
 * What a refund of whole lines gives back: their price less their share of the coupon's discount,
 * rounded down (shipping and the COD fee are returned only by a full refund or an amount).
 */
export function linesRefundOf(
  order: { subtotal_paise: number; total_paise: number; shipping_paise: number; cod_fee_paise: number },
  lines: readonly { unit_price_paise: number; quantity: number }[],
): number {
  return linesRefundPaise(
    { subtotalPaise: order.subtotal_paise, totalPaise: goodsPaidPaise(order) },
    lines.map((l) => ({ unitPaise: l.unit_price_paise, quantity: l.quantity })),
  );
}

/** Processed and pending refund totals per order (paise), for order lists; failed refunds count for nothing. */
export function refundTotalsOf(
  refunds: readonly { order_id: number; status: string; amount_paise: number }[],
): Map<number, { processed: number; pending: number }> {
  const totals = new Map<number, { processed: number; pending: number }>();
  for (const r of refunds) {
    const t = totals.get(r.order_id) ?? { processed: 0, pending: 0 };
    if (r.status === 'processed') t.processed += r.amount_paise;
    if (r.status === 'pending') t.pending += r.amount_paise;
    totals.set(r.order_id, t);
  }
  return totals;
}
