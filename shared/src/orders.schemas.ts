import { z } from 'zod';
import { Instant, OrderCode } from './fields.schemas';
import { ReturnView } from './returns';
import { MAX_QUANTITY } from './cart-limits';
import { MAX_ID } from './catalogue.schemas';
import { DeliveryAddress } from './account.schemas';
import { DeliveryCheck } from './shipping';
import { OrderPayment, PaymentMethod } from './cod';
import { CreditNoteRef } from './refunds';

const ProductId = z.number({ error: 'productId must be a product id' }).int().min(1).max(MAX_ID);
const Quantity = z
  .number({ error: 'quantity must be a whole number from 1 to 99' })
  .int('quantity must be a whole number from 1 to 99')
  .min(1, 'quantity must be a whole number from 1 to 99')
  .max(MAX_QUANTITY, 'quantity must be a whole number from 1 to 99');

const VariantId = z.number({ error: 'variantId must be a variant id' }).int().min(1).max(MAX_ID);
export const AddToCartInput = z.object({ productId: ProductId, variantId: VariantId.nullish(), quantity: Quantity.default(1) });
/** Which line of a product with variants: PATCH/DELETE /api/cart/:id?variantId= (decision 045). */
export const CartLineQuery = z.object({ variantId: z.coerce.number().int().min(1).max(MAX_ID).optional() });
export const SetQuantityInput = z.object({ quantity: Quantity });

/** A cart line as the cart shows it, from fresh product data. */
export const CartLine = z.object({
  id: z.number().int(),
  /** the variant chosen (absent: the product has none) */
  variantId: z.number().int().optional(),
  quantity: z.number().int(),
  title: z.string(),
  price: z.number(),
  image: z.string().nullable(),
  /** false when the product no longer exists (the line cannot be checked out) */
  available: z.boolean(),
  /** the unit price when the product was added, when it has changed since */
  previousPrice: z.number().nullable(),
  /** units for sale now; null when not tracked */
  stock: z.number().int().nullable(),
});
export type CartLine = z.infer<typeof CartLine>;

export const Cart = z.object({
  items: z.array(CartLine),
  count: z.number().int(),
  subtotal: z.number(),
  /** shipping to the profile's pincode by the owner's rules, before any coupon (decision 040) */
  shipping: z.number(),
  /** subtotal + shipping (a coupon is applied at checkout) */
  total: z.number(),
  /** whether and when the shop delivers to the profile's pincode; null without a valid pincode */
  delivery: DeliveryCheck.nullable(),
  /**
   * the cash-on-delivery fee (rupees) a COD order of this cart to this pincode would add, 0 when the
   * owner charges none; null when COD is not offered here (decision 044). The server prices the order again.
   */
  codFee: z.number().nullable(),
});
export type Cart = z.infer<typeof Cart>;

export const CouponCode = z.string().trim().min(1, 'Enter a coupon code').max(40, 'Coupon codes have at most 40 characters');

/** SPEC.md's body; totalAmount and productId are accepted and ignored: the server uses the cart. */
export const VerifyCouponInput = z.object({
  code: CouponCode,
  totalAmount: z.unknown().optional(),
  productId: z.unknown().optional(),
});
/** SPEC.md's answer, plus the code as the shop stores it (the shopper may have typed it in another case) and whether it makes shipping free. */
export const VerifyCouponResult = z.object({
  success: z.boolean(),
  discount: z.number(),
  message: z.string(),
  code: z.string().optional(),
  /** the coupon makes shipping free */
  freeShipping: z.boolean().optional(),
});
export type VerifyCouponResult = z.infer<typeof VerifyCouponResult>;

export const CreateOrderInput = z.object({
  items: z
    .array(z.object({ productId: ProductId, variantId: VariantId.nullish(), quantity: Quantity }))
    .min(1, 'Your cart is empty')
    .max(100)
    .refine((items) => new Set(items.map((i) => `${i.productId}:${i.variantId ?? 0}`)).size === items.length, 'Each product may appear once'),
  couponCode: z.union([CouponCode, z.literal(''), z.null()]).optional(),
  /** Deliver to this address instead of the profile's (decision 042). */
  address: DeliveryAddress.optional(),
  /** 'cod': cash on delivery, placed at once when the owner offers it (decision 044); default online */
  paymentMethod: PaymentMethod.default('online'),
});
export type CreateOrderInput = z.infer<typeof CreateOrderInput>;
/** What a client sends (paymentMethod may be left out: online). */
export type CreateOrderBody = z.input<typeof CreateOrderInput>;

export const CreatedOrder = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  discount: z.number(),
  orderId: OrderCode,
  provider: z.enum(['razorpay', 'simulated']),
  key: z.string(),
});
export type CreatedOrder = z.infer<typeof CreatedOrder>;

/** SPEC.md's body; only the three razorpay_* fields are used, the rest is ignored. */
export const ProcessOrderInput = z
  .object({
    razorpay_order_id: z.string().min(1).max(100),
    razorpay_payment_id: z.string().min(1).max(100),
    razorpay_signature: z.string().min(1).max(200),
  })
  .passthrough();

/** How an order was sent, once dispatched (null before): the shopper's list and the admin's show the same. */
export const DispatchDetails = z.object({
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
});

const OrderItem = z.object({
  title: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  image_url: z.string().nullable(),
  /** the order line's id (returns name it) */
  lineId: z.number().int().optional(),
  /** units that may be returned now (0 outside the return window or once all are in returns) */
  returnable: z.number().int().optional(),
});

/** An order as the shopper's list shows it (SPEC.md §3). */
export const UserOrder = z.object({
  id: z.number().int(),
  order_id: OrderCode,
  created_at: Instant,
  status: z.string(),
  items: z.array(OrderItem),
  address: z.string(),
  phone: z.string(),
  total_amount: z.number(),
  discount: z.number(),
  /** shipping charged, part of total_amount */
  shipping: z.number(),
  coupon_code: z.string().nullable(),
  /** refunded and processed by the payment provider, in rupees */
  refunded: z.number(),
  /** refunds started but not yet processed, in rupees */
  refund_pending: z.number(),
  ...DispatchDetails.shape,
  /** the GST tax invoice's number (download at /api/orders/{order_id}/invoice.pdf), or null */
  invoice: z.string().nullable(),
  /** GST credit notes of its processed refunds (download at /api/orders/{order_id}/credit-notes/{id}.pdf) */
  creditNotes: z.array(CreditNoteRef),
  /** the shopper may cancel it (placed, not dispatched): POST /api/orders/{order_id}/cancel */
  cancelable: z.boolean().optional(),
  /** the end of the return window (ISO-8601) while it is open, else null */
  returnUntil: Instant.nullable().optional(),
  /** return requests of this order, oldest first */
  returns: z.array(ReturnView).optional(),
  ...OrderPayment.shape,
});
export type UserOrder = z.infer<typeof UserOrder>;
