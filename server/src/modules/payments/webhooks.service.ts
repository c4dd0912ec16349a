import type { OrderDeps } from '../orders/orders.service';
import * as orders from '../orders/orders.service';
import * as refunds from '../refunds/refunds.service';
import type { ProviderRefund } from './payment-provider';

export interface WebhookBody {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; status?: string } };
    order?: { entity?: { id?: string } };
    refund?: { entity?: { id?: string; payment_id?: string; amount?: number; status?: string; notes?: Record<string, unknown> | unknown[] } };
  };
}

/** The refund of a refund.* event, else null. */
function refundOf(body: WebhookBody): ProviderRefund | null {
  const refund = body.payload?.refund?.entity;
  if (!body.event?.startsWith('refund.') || !refund?.id) return null;
  const notes = refund.notes && !Array.isArray(refund.notes) ? refund.notes : {};
  const status = refund.status === 'processed' || refund.status === 'failed' ? refund.status : 'pending';
  return { id: refund.id, status, amount: Number(refund.amount ?? 0), refundKey: typeof notes.refund_key === 'string' ? notes.refund_key : null };
}

/** The order and payment ids of an event that means "paid", else null. */
function paidIds(body: WebhookBody): { orderId: string; paymentId: string } | null {
  const payment = body.payload?.payment?.entity;
  if (body.event === 'payment.captured' && payment?.id && payment.order_id) return { orderId: payment.order_id, paymentId: payment.id };
  const order = body.payload?.order?.entity;
  if (body.event === 'order.paid' && order?.id && payment?.id) return { orderId: order.id, paymentId: payment.id };
  return null;
}

/**
 * A webhook event, once: an event id already seen answers "duplicate"; a paid
 * event completes the pending order if the browser's callback never came (never
 * moving an order backwards); a refund event settles the refund.
 */
export async function handleEvent(deps: OrderDeps, eventId: string | null, body: WebhookBody): Promise<'duplicate' | 'processed' | 'ignored'> {
  if (eventId && (await orders.webhookEventSeen(deps.db, eventId))) return 'duplicate';
  const ids = paidIds(body);
  const refund = refundOf(body);
  let handled = false;
  if (ids) handled = (await orders.completePayment(deps, ids.orderId, ids.paymentId)) !== null;
  else if (refund) handled = await refunds.applyRefundEvent(deps, body.event!, refund);
  if (eventId) await orders.recordWebhookEvent(deps.db, eventId, body.event ?? 'unknown');
  return handled ? 'processed' : 'ignored';
}
