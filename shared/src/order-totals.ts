/**
 * The totals of an order, in paise (issue 30 item 5): what checkout charges and what the cart shows.
 * The server prices every order with these from the catalogue and the owner's rules; nothing the
 * browser sends is trusted.
 */

/** Razorpay takes no payment under ₹1. */
export const MIN_ORDER_PAISE = 100;

/** The subtotal of the lines that can be bought (a line whose product is gone is shown, not charged). */
export function goodsSubtotalPaise(lines: readonly { unitPaise: number; quantity: number; available: boolean }[]): number {
  return lines.reduce((sum, l) => (l.available ? sum + l.unitPaise * l.quantity : sum), 0);
}

/**
 * The shipping charged and the order's value: the goods less the coupon's discount plus shipping, the
 * amount the COD minimum and maximum are judged on (decision 044). A free-shipping coupon takes the
 * quoted charge off.
 */
export function orderValue(o: { subtotalPaise: number; discountPaise: number; quotedShippingPaise: number; freeShipping: boolean }): {
  shippingPaise: number;
  valuePaise: number;
} {
  const shippingPaise = o.freeShipping ? 0 : o.quotedShippingPaise;
  return { shippingPaise, valuePaise: o.subtotalPaise - o.discountPaise + shippingPaise };
}

/** What the shopper pays: the order's value plus the COD fee (0 for an online payment), its own line on the invoice. */
export function orderTotalPaise(valuePaise: number, codFeePaise: number): number {
  return valuePaise + codFeePaise;
}

/** Whether a total is too small to be paid (under ₹1). */
export function belowMinimumOrder(totalPaise: number): boolean {
  return totalPaise < MIN_ORDER_PAISE;
}
