import { z } from 'zod';
import { Instant } from './fields.schemas';
import { MAX_ID } from './catalogue.schemas';
import { rupeesToPaise } from './money';

/** The largest usage limit (the column is a 32-bit integer on PostgreSQL). */
export const MAX_USAGE_LIMIT = 1_000_000_000;

/**
 * Codes as the original shop held them (VARCHAR(50)): letters of any script,
 * digits, - and _, and single spaces inside (decision 039).
 */
const COUPON_CODE_MAX = 50;

/** Blank form fields count as "not set". */
const blank = (v: unknown) => (v === '' || v === undefined ? null : v);

const Rupees = (label: string) =>
  z.preprocess(
    blank,
    z
      .union([z.number(), z.string()])
      .nullable()
      .refine((v) => v === null || rupeesToPaise(v) !== null, `${label} must be an amount in rupees, 0 or more, with at most 2 decimals`),
  );

/** A coupon as the admin creates or edits it (SPEC.md §2 Manage Coupons, plus expiry and usage limits). */
export const CouponInput = z
  .object({
    code: z
      .string({ error: 'Coupon code is required' })
      .trim()
      .min(1, 'Coupon code is required')
      .max(COUPON_CODE_MAX, `Coupon code must be at most ${COUPON_CODE_MAX} characters`)
      .regex(/^[\p{L}\p{M}\p{N}_-]+( [\p{L}\p{M}\p{N}_-]+)*$/u, 'Coupon code may use letters, digits, single spaces, - and _'),
    discount: Rupees('Fixed discount'),
    discount_percent: z.preprocess(
      blank,
      z.coerce
        .number({ error: 'Discount percentage must be a number from 0 to 100' })
        .min(0, 'Discount percentage must be from 0 to 100')
        .max(100, 'Discount percentage must be from 0 to 100')
        .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), 'Discount percentage may have at most 2 decimals')
        .nullable(),
    ),
    min_purchase: Rupees('Minimum purchase'),
    product_id: z.preprocess(
      blank,
      z.coerce
        .number({ error: 'Product ID must be a number' })
        .int('Product ID must be a product id')
        .min(1, 'Product ID must be a product id')
        .max(MAX_ID, 'Product ID must be a product id')
        .nullable(),
    ),
    expires_at: z.preprocess(
      blank,
      z
        .string()
        .refine((v) => !Number.isNaN(Date.parse(v)), 'Expiry must be a date')
        .nullable(),
    ),
    usage_limit: z.preprocess(
      blank,
      z.coerce
        .number({ error: 'Usage limit must be a number' })
        .int('Usage limit must be a whole number')
        .min(1, 'Usage limit must be at least 1')
        .max(MAX_USAGE_LIMIT, 'Usage limit must be at most 1,000,000,000')
        .nullable(),
    ),
    once_per_customer: z.preprocess((v) => v === 'true' || v === 'on' || v === true || v === 1, z.boolean()).default(false),
    /** the order ships free (no other coupon touches shipping) */
    free_shipping: z.preprocess((v) => v === 'true' || v === 'on' || v === true || v === 1, z.boolean()).default(false),
  })
  .refine((c) => (c.discount !== null && rupeesToPaise(c.discount)! > 0) || (c.discount_percent ?? 0) > 0 || c.free_shipping, {
    message: 'Give a fixed discount, a discount percentage or free shipping',
    path: ['discount'],
  });
export type CouponInput = z.infer<typeof CouponInput>;

export const AdminCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  discount: z.number().nullable(),
  discount_percent: z.number().nullable(),
  min_purchase: z.number().nullable(),
  product_id: z.number().nullable(),
  expires_at: Instant.nullable(),
  usage_limit: z.number().nullable(),
  once_per_customer: z.boolean(),
  free_shipping: z.boolean(),
  used_count: z.number().int(),
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;
