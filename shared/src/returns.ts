import { z } from 'zod';
import { EmailAddress, Instant, OrderCode } from './fields.schemas';
import { MAX_ID } from './catalogue.schemas';
import { PaymentAmount } from './money.schemas';
import { ManualRefundReference, MAX_REFUND_RUPEES, RefundView } from './refunds';

/**
 * Shopper cancellations and returns (issue 27, decision 048). A return request
 * moves requested → approved | rejected; approved → received; received →
 * refunded. ('returned' is not used: it names a parcel sent back to the shop by
 * the courier, issue 3.)
 */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

const NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received', 'rejected'],
  rejected: [],
  received: ['refunded'],
  refunded: [],
};

export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return NEXT[from]?.includes(to) ?? false;
}

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  approved: 'Return approved: send the parcel back',
  rejected: 'Return rejected',
  received: 'Return received',
  refunded: 'Return refunded',
};

/** Photos with a return request: images only, at most this many of this size. */
export const MAX_RETURN_PHOTOS = 4;
export const MAX_RETURN_PHOTO_BYTES = 5 * 1024 * 1024;

export const returnMessages = {
  canceled: 'Your order has been canceled.',
  notCancelable: 'This order can no longer be canceled: it has been dispatched or is already closed.',
  notDelivered: 'A return can be requested only for a delivered order.',
  windowClosed: (days: number) => `The return window (${days} days after delivery) has closed for this order.`,
  tooMany: (title: string, units: number) =>
    units > 0 ? `At most ${units} of "${title}" can still be returned.` : `"${title}" has been returned already or is in another return request.`,
  badLine: 'A chosen line is not part of this order.',
  requested: 'Your return request has been sent.',
  statusNotAllowed: (from: ReturnStatus, to: string) => `A return that is ${from} cannot become ${to}.`,
  changed: 'The return changed meanwhile. Refresh and try again.',
  notReceived: 'Mark the parcel received before refunding the return.',
  notPaid: 'This order was not paid online: there is nothing to refund through the payment provider.',
  tooLarge: (max: string) => `At most ${max} can be refunded for this return.`,
  onlyImages: 'Photos must be images (PNG, JPEG, WebP or GIF).',
  tooManyPhotos: `Send at most ${MAX_RETURN_PHOTOS} photos.`,
} as const;

const ReturnLineInput = z.object({
  lineId: z.number({ error: 'lineId must be a number' }).int().min(1).max(MAX_ID),
  quantity: z.number({ error: 'Quantity must be a number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(10_000),
});

/** POST /api/orders/{orderId}/returns (JSON, or multipart with `lines` as JSON text, `reason` and `photos`). */
export const CreateReturnInput = z.object({
  lines: z
    .array(ReturnLineInput)
    .min(1, 'Choose at least one item to return')
    .max(100)
    .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, 'Each item may be listed once'),
  reason: z.string().trim().min(3, 'Tell us why you are returning the items (at least 3 characters)').max(1000, 'The reason may have at most 1000 characters'),
});
export type CreateReturnInput = z.infer<typeof CreateReturnInput>;

export const ReturnView = z.object({
  id: z.number().int(),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  /** the shop's message with its last decision */
  message: z.string().nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  lines: z.array(z.object({ lineId: z.number().int(), title: z.string(), quantity: z.number().int() })),
  /** photo ids (GET /api/orders/{orderId}/returns/{id}/photos/{photoId} for the shopper) */
  photos: z.array(z.number().int()),
  /** the refund that paid it back, in rupees, and its state */
  refund: RefundView.pick({ amount: true, status: true }).nullable(),
});
export type ReturnView = z.infer<typeof ReturnView>;

export const AdminReturn = ReturnView.extend({
  orderId: OrderCode,
  customerEmail: EmailAddress,
  customerName: z.string(),
  /** what the returned units account for of what was paid, in rupees (the default refund) */
  value: z.number(),
  restocked: z.boolean(),
  /** how the order was paid: a cash-on-delivery order's return is refunded by hand, with a reference */
  paymentMethod: z.enum(['online', 'cod']),
});
export type AdminReturn = z.infer<typeof AdminReturn>;

export const AdminReturnsQuery = z.object({
  status: z.enum(RETURN_STATUSES, { message: `status must be one of ${RETURN_STATUSES.join(', ')}` }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminReturnsQuery = z.infer<typeof AdminReturnsQuery>;
export const ADMIN_RETURNS_PAGE = 25;

/** PATCH /api/admin/returns/{id}: restock applies when marking received (resellable units go back on sale). */
export const ReturnDecisionInput = z.object({
  status: z.enum(['approved', 'rejected', 'received'], { message: 'status must be approved, rejected or received' }),
  message: z.string().trim().max(1000, 'The message may have at most 1000 characters').optional(),
  restock: z.boolean().optional(),
});
export type ReturnDecisionInput = z.infer<typeof ReturnDecisionInput>;

/** POST /api/admin/returns/{id}/refund: the whole value of the returned units, or part of it. */
export const ReturnRefundInput = z.object({
  amount: PaymentAmount(MAX_REFUND_RUPEES).optional(),
  /** required for a cash-on-delivery order: its refund is made by hand (decision 121) */
  reference: ManualRefundReference.optional(),
});
export type ReturnRefundInput = z.infer<typeof ReturnRefundInput>;

/** The last moment a return may be asked for: `days` whole days after delivery. */
export function returnDeadline(deliveredAt: string, days: number): Date {
  return new Date(Date.parse(deliveredAt) + days * 86_400_000);
}
