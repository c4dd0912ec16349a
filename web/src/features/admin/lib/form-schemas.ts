import { z } from 'zod';
import { COUPON_CODE_MAX } from '@shared/coupons.schemas';
import { ProductFormFields } from '@shared/product-form.schemas';
import { studentMessages, StudentOfMonthInput } from '@shared/students.schemas';

/**
 * The rule of rupeesToPaise (shared/src/money.ts), which the server applies: a
 * non-negative amount with at most 2 decimals. Not imported from there: the
 * home page uses money.ts too, and a second user of another export would split
 * it into a chunk of its own on the home page's critical path.
 */
export function isRupeeAmount(text: string): boolean {
  return /^\d{1,8}(\.\d{1,2})?$/.test(text.trim());
}

const MONEY_HELP = 'Enter an amount in rupees: a non-negative number with at most 2 decimals';

const money = z.string().refine((v) => v.trim() === '' || isRupeeAmount(v), MONEY_HELP);
const files = z.custom<FileList | undefined>((v) => v === undefined || (typeof v === 'object' && v !== null && 'length' in v));

export const AdminLoginForm = z.object({
  username: z.string().trim().min(1, 'Enter your username'),
  password: z.string().min(1, 'Enter your password'),
});
export type AdminLoginForm = z.infer<typeof AdminLoginForm>;

/** Add Product and Edit Product: the server's rules and messages (shared/src/product-form.schemas.ts), and the images. */
export const ProductForm = ProductFormFields.extend({ images: files });
export type ProductForm = z.infer<typeof ProductForm>;

export const CouponForm = z.object({
  code: z.string().trim().min(1, 'Enter a coupon code').max(COUPON_CODE_MAX, `Coupon codes have at most ${COUPON_CODE_MAX} characters`),
  discount: money,
  discount_percent: z
    .string()
    .refine((v) => v.trim() === '' || (/^\d{1,3}(\.\d{1,2})?$/.test(v.trim()) && Number(v) <= 100), 'Enter a percentage from 0 to 100'),
  min_purchase: money,
  product_id: z.string().refine((v) => v.trim() === '' || /^[1-9]\d{0,9}$/.test(v.trim()), 'Enter a product id (a whole number)'),
  expires_at: z.string(),
  usage_limit: z.string().refine((v) => v.trim() === '' || /^[1-9]\d{0,8}$/.test(v.trim()), 'Enter a whole number of uses, at least 1'),
  once_per_customer: z.boolean(),
  free_shipping: z.boolean(),
});

/** Student of the month: the server's rules, and one photo. */
export const StudentForm = StudentOfMonthInput.extend({
  image: files.refine((list) => list !== undefined && list.length === 1, studentMessages.imageRequired),
});
