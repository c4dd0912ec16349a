import { z } from 'zod';
import type { OrderDeps } from '../orders/order-deps';
import * as orders from '../orders/orders.service';
import * as refunds from '../refunds/refunds.service';
import type { ProviderRefund } from './payment-provider';

/** A provider id (pay_…, order_…, rfnd_…) or event name; anything else reads as absent. */
const Id = z
  .string()
  .regex(/^[\w.-]{1,100}$/)
  .optional()
  .catch(undefined);
/** Text such as a status or our own refund key (the admin's idempotency key, any characters). */
const Text = z
  .string()
  .max(200)
  .refine((v) => !v.includes('\u0000'))
  .optional()
  .catch(undefined);
/** An amount in paise; anything else reads as absent. */
const Paise = z.number().int().nonnegative().optional().catch(undefined);
const entityOf = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ entity: z.object(shape).optional().catch(undefined) })
    .optional()
    .catch(undefined);

/**
 * The fields of a webhook the shop reads. The body is signed, but its shape is the
 * provider's: a field of another type (or a body that is no object) reads as absent
 * and the event is ignored, rather than failing it (it would be sent again for days).
 */
export const WebhookBody = z
  .object({
    event: Id,
    payload: z
      .object({
        payment: entityOf({ id: Id, order_id: Id, status: Text, amount: Paise }),
        order: entityOf({ id: Id }),
        refund: entityOf({
          id: Id,
          payment_id: Id,
          amount: Paise,
          status: Text,
          notes: z.object({ refund_key: Text }).optional().catch(undefined),
        }),
      })
      .optional()
      .catch(undefined),
  })
  .catch({});
export type WebhookBody = z.infer<typeof WebhookBody>;

/** The refund of a refund.* event, else null. */
function refundOf(body: WebhookBody): ProviderRefund | null {
  const refund = body.payload?.refund?.entity;
  if (!body.event?.startsWith('refund.') || !refund?.id) return null;
  const status = refund.status === 'processed' || refund.status === 'failed' ? refund.status : 'pending';
  return { id: refund.id, status, amount: refund.amount ?? 0, refundKey: refund.notes?.refund_key ?? null };
}

/** The order and payment ids of an event that means "paid", and the amount captured when it says, else null. */
function paidIds(body: WebhookBody): { orderId: string; paymentId: string; capturedPaise: number | null } | null {
  const payment = body.payload?.payment?.entity;
  const capturedPaise = payment?.amount ?? null;
  if (body.event === 'payment.captured' && payment?.id && payment.order_id) return { orderId: payment.order_id, paymentId: payment.id, capturedPaise };
  const order = body.payload?.order?.entity;
  if (body.event === 'order.paid' && order?.id && payment?.id) return { orderId: order.id, paymentId: payment.id, capturedPaise };
  return null;
}

/**
 * A webhook event, once: an event id already seen answers "duplicate"; a paid
 * event completes the pending order if the browser's callback never came (never
 * moving an order backwards); a refund event settles the refund. The id is recorded
 * only after the handling succeeded: a node that dies in between, or a handling that
 * fails, leaves the provider's next try to be handled (each handling is idempotent),
 * never answered "duplicate" for work that was not done (decision 088).
 */
export async function handleEvent(deps: OrderDeps, eventId: string | null, body: WebhookBody): Promise<'duplicate' | 'processed' | 'ignored'> {
  if (eventId && (await orders.webhookEventSeen(deps.db, eventId))) return 'duplicate';
  const processed = await handled(deps, body);
  if (eventId) await orders.recordWebhookEvent(deps.db, eventId, body.event ?? 'unknown');
  return processed ? 'processed' : 'ignored';
}

/** Whether the event was about an order or a refund the shop knows. */
async function handled(deps: OrderDeps, body: WebhookBody): Promise<boolean> {
  const ids = paidIds(body);
  if (ids) return (await orders.completePayment(deps, ids.orderId, ids.paymentId, null, ids.capturedPaise)) !== null;
  const refund = refundOf(body);
  return refund ? refunds.applyRefundEvent(deps, body.event!, refund) : false;
}
