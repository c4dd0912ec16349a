import type { CodCollectionInput } from '@shared/cod';
import { adminSend } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';

/** POST /api/admin/orders/{orderId}/cod-collection {amount, reference, date?}: the cash collected on delivery; the order becomes paid. */
function recordCodCollection({ orderId, ...body }: CodCollectionInput & { orderId: string }): Promise<{ message: string; amount: number }> {
  return adminSend<{ message: string; amount: number }>('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/cod-collection`, body);
}

export const useRecordCodCollection = () =>
  useInvalidatingMutation(recordCodCollection, [
    ['admin', 'orders'],
    ['admin', 'outbox'],
    ['admin', 'order-money'],
  ]);
