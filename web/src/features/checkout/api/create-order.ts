import type { CreatedOrder, CreateOrderInput } from '@shared/orders.schemas';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/createBulkOrder: the server prices the cart's lines and the coupon
 * itself, keeps a pending order and answers the provider's order to pay.
 */
export function createBulkOrder(input: CreateOrderInput): Promise<CreatedOrder> {
  return apiSend<CreatedOrder>('POST', '/api/createBulkOrder', input);
}
