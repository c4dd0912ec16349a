import type { CodPlacedOrder } from '@shared/cod';
import type { CreatedOrder, CreateOrderBody } from '@shared/orders.schemas';
import { apiSend } from '@/lib/api-client';

/**
 * POST /api/createBulkOrder: the server prices the cart's lines and the coupon
 * itself, keeps a pending order and answers the provider's order to pay; for
 * cash on delivery it places the order at once.
 */
export function createBulkOrder(input: CreateOrderBody): Promise<CreatedOrder | CodPlacedOrder> {
  return apiSend<CreatedOrder | CodPlacedOrder>('POST', '/api/createBulkOrder', input);
}
