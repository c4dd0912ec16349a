import { MAX_QUANTITY } from '@shared/cart-limits';
import type { Cart, CartLine } from '@shared/orders.schemas';
import { paiseToRupees, rupeesToPaise } from '@shared/money';
import { orderTotalPaise, orderValue } from '@shared/order-totals';

/** What the order summary shows, in rupees. The server prices the real order; this is for display. */
export type CartSummary = {
  /** Lines that can be bought (products that still exist). */
  available: CartLine[];
  /** Lines whose product is gone: shown, but left out of the totals. */
  unavailable: CartLine[];
  subtotal: number;
  shipping: number;
  discount: number;
  /** the cash-on-delivery fee when the shopper chose COD (as the server quoted it), else null */
  codFee: number | null;
  total: number;
};

function paise(rupees: number): number {
  // API amounts have at most two decimals; anything else is rounded to the paisa.
  return rupeesToPaise(rupees.toFixed(2)) ?? 0;
}

/**
 * Subtotal of the available lines, the coupon discount (never more than the
 * subtotal, never negative) and total = subtotal + shipping - discount (+ the
 * cash-on-delivery fee the server quoted, when the shopper chose COD),
 * added up in whole paise so the rupee figures never drift. Shipping is what the
 * server charges (free unless the owner set rules; a coupon never takes it off).
 */
export function summarizeCart(items: readonly CartLine[], discountRupees: number, shippingRupees = 0, codFeeRupees: number | null = null): CartSummary {
  const available = items.filter((l) => l.available);
  const unavailable = items.filter((l) => !l.available);
  const subtotalPaise = available.reduce((sum, l) => sum + paise(l.price) * l.quantity, 0);
  const shippingPaise = subtotalPaise > 0 ? paise(Math.max(shippingRupees, 0)) : 0;
  const discountPaise = Math.min(Math.max(paise(Math.max(discountRupees, 0)), 0), subtotalPaise);
  const codFeePaise = codFeeRupees !== null && subtotalPaise > 0 ? paise(Math.max(codFeeRupees, 0)) : null;
  // The server's own arithmetic: the figure shown is the figure charged.
  const { valuePaise } = orderValue({ subtotalPaise, discountPaise, quotedShippingPaise: shippingPaise, freeShipping: false });
  return {
    available,
    unavailable,
    subtotal: paiseToRupees(subtotalPaise),
    shipping: paiseToRupees(shippingPaise),
    discount: paiseToRupees(discountPaise),
    codFee: codFeePaise === null ? null : paiseToRupees(codFeePaise),
    total: paiseToRupees(orderTotalPaise(valuePaise, codFeePaise ?? 0)),
  };
}

/** A quantity the cart accepts: a whole number from 1 to 99. */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(Math.max(Math.trunc(quantity), 1), MAX_QUANTITY);
}

function withItems(cart: Cart, items: CartLine[]): Cart {
  const subtotalPaise = items.filter((l) => l.available).reduce((sum, l) => sum + paise(l.price) * l.quantity, 0);
  // Shipping stays as the server last priced it until its answer arrives.
  const shippingPaise = subtotalPaise > 0 ? paise(cart.shipping) : 0;
  return {
    ...cart,
    items,
    count: items.length,
    subtotal: paiseToRupees(subtotalPaise),
    shipping: paiseToRupees(shippingPaise),
    total: paiseToRupees(subtotalPaise + shippingPaise),
  };
}

/** Whether a cart line is this product's (this variant's, when one is named). */
function isLine(l: CartLine, productId: number, variantId?: number | null): boolean {
  return l.id === productId && (variantId == null || l.variantId === variantId);
}

/** A React key for a line: a product's variants are lines of their own. */
export function lineKey(l: CartLine): string {
  return `${l.id}:${l.variantId ?? 0}`;
}

/** The cart with one line's quantity changed (clamped to 1-99), as shown before the server answers. */
export function withQuantity(cart: Cart, productId: number, quantity: number, variantId?: number | null): Cart {
  return withItems(
    cart,
    cart.items.map((l) => (isLine(l, productId, variantId) ? { ...l, quantity: clampQuantity(quantity) } : l)),
  );
}

/** The cart without one line, as shown before the server answers. */
export function withoutLine(cart: Cart, productId: number, variantId?: number | null): Cart {
  return withItems(
    cart,
    cart.items.filter((l) => !isLine(l, productId, variantId)),
  );
}

/** "1 item", "3 items". */
export function itemCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The createBulkOrder body's items: exactly the cart's lines. */
export function orderItems(items: readonly CartLine[]): { productId: number; variantId?: number; quantity: number }[] {
  return items.map((l) => ({ productId: l.id, ...(l.variantId != null ? { variantId: l.variantId } : {}), quantity: l.quantity }));
}
