/**
 * Order status transitions (DESIGN.md §4). pending_payment is internal (the
 * order exists but is not paid); delivered and canceled are final. The server
 * enforces this table; the admin dropdown offers only the allowed next states.
 */
export const ORDER_STATUSES = ['pending_payment', 'placed', 'dispatched', 'delivered', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['placed', 'canceled'],
  placed: ['dispatched', 'delivered', 'canceled'],
  dispatched: ['delivered', 'canceled'],
  delivered: [],
  canceled: [],
};

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export function isFinal(status: OrderStatus): boolean {
  return NEXT[status].length === 0;
}
