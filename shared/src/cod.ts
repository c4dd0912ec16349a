import { z } from 'zod';
import { Instant, OrderCode } from './fields.schemas';
import { formatPaise, rupeesToPaise } from './money';
import { PaymentAmount, RupeeSetting } from './money.schemas';

/**
 * Cash on delivery (issue 25 item 4, decision 044): a payment method the owner may enable in the
 * Shipping settings, with limits. A COD order is placed unpaid, invoiced at dispatch and paid when
 * the admin records the cash collected.
 */

const PAYMENT_METHODS = ['online', 'cod'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS, { message: "paymentMethod must be 'online' or 'cod'" });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Returned-to-origin COD parcels after which a shopper is offered prepaid only, unless the owner sets another number. */
const DEFAULT_COD_MAX_RETURNS = 2;

const MAX_RUPEES = 1_000_000;
const Rupees = (label: string) => RupeeSetting(label, MAX_RUPEES);
const Count = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1000, `${label} must be at most 1000`);

/**
 * The owner's COD rules, in rupees (part of PUT /api/admin/shipping). null or absent: no limit.
 * - min, max: the order value (goods after the coupon, plus shipping; without the COD fee);
 * - fee: charged on a COD order as its own line;
 * - maxOpen: undelivered (placed or dispatched) COD orders a shopper may have at once;
 * - maxReturns: returned-to-origin COD parcels after which the shopper is offered prepaid only.
 */
export const CodSettings = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }).default(false),
    min: Rupees('COD minimum').nullable().default(null),
    max: Rupees('COD maximum').nullable().default(null),
    fee: Rupees('COD fee').nullable().default(null),
    maxOpen: Count('Open COD orders').nullable().default(null),
    maxReturns: Count('Returns').nullable().default(DEFAULT_COD_MAX_RETURNS),
  })
  .refine((c) => c.min === null || c.max === null || c.min <= c.max, { message: 'The COD minimum must not be above the maximum', path: ['max'] });
export type CodSettings = z.infer<typeof CodSettings>;

/** The COD rules in paise, as the server checks them. */
export interface CodRules {
  enabled: boolean;
  minPaise: number | null;
  maxPaise: number | null;
  feePaise: number;
  maxOpen: number | null;
  maxReturns: number | null;
}

export const COD_OFF: CodRules = { enabled: false, minPaise: null, maxPaise: null, feePaise: 0, maxOpen: null, maxReturns: DEFAULT_COD_MAX_RETURNS };

export function codRulesFromSettings(s: CodSettings): CodRules {
  const paise = (v: number | null) => (v === null ? null : rupeesToPaise(v.toFixed(2))!);
  return { enabled: s.enabled, minPaise: paise(s.min), maxPaise: paise(s.max), feePaise: paise(s.fee) ?? 0, maxOpen: s.maxOpen, maxReturns: s.maxReturns };
}

export function codSettingsFromRules(r: CodRules): CodSettings {
  const rupees = (v: number | null) => (v === null ? null : v / 100);
  return {
    enabled: r.enabled,
    min: rupees(r.minPaise),
    max: rupees(r.maxPaise),
    fee: r.feePaise > 0 ? r.feePaise / 100 : null,
    maxOpen: r.maxOpen,
    maxReturns: r.maxReturns,
  };
}

export const codMessages = {
  placeButton: 'Place order (Cash on delivery)',
  payOnDelivery: (amount: string) => `Pay ${amount} on delivery`,
  toCollect: (amount: string) => `COD — to collect ${amount}`,
  collected: (amount: string) => `COD — ${amount} collected`,
  returned: 'Returned to origin',
  disabled: 'Cash on delivery is not offered. Please pay online.',
  pincodeNotAllowed: (pincode: string) => `Cash on delivery is not available for ${pincode}. Please pay online.`,
  belowMin: (min: string) => `Cash on delivery is available for orders of ${min} or more. Please pay online.`,
  aboveMax: (max: string) => `Cash on delivery is available for orders up to ${max}. Please pay online.`,
  tooManyOpen: (n: number) =>
    `You already have ${n} cash-on-delivery ${n === 1 ? 'order' : 'orders'} awaiting delivery. Please pay online, or wait until ${n === 1 ? 'it arrives' : 'they arrive'}.`,
  tooManyReturns: 'Cash on delivery is not available for your account because earlier parcels were returned. Please pay online.',
  notCod: 'This order is not a cash-on-delivery order.',
  collectNotDispatched: 'Record the cash once the order has been dispatched.',
  alreadyCollected: 'The cash for this order has already been recorded.',
  collectCanceled: 'This order was canceled; there is no cash to collect.',
  wrongAmount: (amount: string) => `The amount to collect for this order is ${amount}. Record exactly what was collected; refund any difference afterwards.`,
  collectedSaved: 'Cash collected: the order is paid.',
  returnNotDispatched: 'Only a dispatched cash-on-delivery order that has not been paid can be returned to origin.',
  returnedSaved: 'Order returned to origin: canceled, units back in stock.',
  manualRefundReference:
    'Give the bank transfer or UPI reference of this refund: a cash-on-delivery order is refunded by hand, not through the payment gateway.',
} as const;

/** "Pay ₹X on delivery" from paise. */
export const payOnDeliveryText = (paise: number) => codMessages.payOnDelivery(formatPaise(paise));

/** A date given as YYYY-MM-DD, not in the future. */
const CollectionDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a day as YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'date must be a real day')
  .refine((d) => d <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), 'date cannot be in the future');

/** POST /api/admin/orders/{orderId}/cod-collection: the cash the courier collected (rupees), its reference, the day (default today). */
export const CodCollectionInput = z.object({
  amount: PaymentAmount(MAX_RUPEES),
  reference: z
    .string({ error: 'Give the reference of the collection (the courier’s remittance or receipt number)' })
    .trim()
    .min(1, 'Give the reference of the collection (the courier’s remittance or receipt number)')
    .max(100, 'The reference has at most 100 characters'),
  date: CollectionDate.optional(),
});
export type CodCollectionInput = z.infer<typeof CodCollectionInput>;

/** createBulkOrder's answer for a COD order: placed at once. `amount` in paise, like the online answer's. */
export const CodPlacedOrder = z.object({
  orderId: OrderCode,
  status: z.literal('placed'),
  paymentMethod: z.literal('cod'),
  amount: z.number().int(),
});
export type CodPlacedOrder = z.infer<typeof CodPlacedOrder>;

/** How an order is paid, as the shopper's and the admin's lists show it. */
export const OrderPayment = z.object({
  paymentMethod: PaymentMethod,
  /** COD: the cash still to collect in rupees (0 once collected or canceled) */
  codToCollect: z.number(),
  /** COD: the COD fee charged, part of the total, in rupees */
  codFee: z.number(),
  /** COD: when the cash was recorded */
  codCollectedAt: Instant.nullable(),
  /** COD: when the parcel came back (returned to origin) */
  returnedAt: Instant.nullable(),
});

/**
 * Why a COD order may not be placed, or null when the owner's rules allow it: COD enabled, the
 * pincode allows it, and the order value (goods after the coupon plus shipping, before the COD fee)
 * within the minimum and maximum. The shopper's open orders and returns are counted by the server
 * under a lock (decision 044).
 */
export function codRefusal(rules: CodRules, order: { valuePaise: number; pincode: string; pincodeAllowsCod: boolean }): string | null {
  if (!rules.enabled) return codMessages.disabled;
  if (!order.pincodeAllowsCod) return codMessages.pincodeNotAllowed(order.pincode);
  if (rules.minPaise !== null && order.valuePaise < rules.minPaise) return codMessages.belowMin(formatPaise(rules.minPaise));
  if (rules.maxPaise !== null && order.valuePaise > rules.maxPaise) return codMessages.aboveMax(formatPaise(rules.maxPaise));
  return null;
}
