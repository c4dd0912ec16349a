import { z } from 'zod';
import { CouponInput } from '@shared/coupons.schemas';
import { ProductFormFields } from '@shared/product-form.schemas';
import { studentMessages, StudentOfMonthInput } from '@shared/students.schemas';
import type { CouponFormValues } from './coupon-format';

const files = z.custom<FileList | undefined>((v) => v === undefined || (typeof v === 'object' && v !== null && 'length' in v));

export const AdminLoginForm = z.object({
  username: z.string().trim().min(1, 'Enter your username'),
  password: z.string().min(1, 'Enter your password'),
});
export type AdminLoginForm = z.infer<typeof AdminLoginForm>;

/** Add Product and Edit Product: the server's rules and messages (shared/src/product-form.schemas.ts), and the images. */
export const ProductForm = ProductFormFields.extend({ images: files });
export type ProductForm = z.infer<typeof ProductForm>;

/**
 * Add and edit a coupon: the fields as typed, checked by the server's schema (CouponInput), so that a
 * bad value gets the message the server gives for it, under its field. The values stay as typed:
 * toCouponInput makes the body from them.
 */
export const CouponForm = z.custom<CouponFormValues>().superRefine((values, ctx) => {
  for (const issue of CouponInput.safeParse(values).error?.issues ?? []) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

/** Student of the month: the server's rules, and one photo. */
export const StudentForm = StudentOfMonthInput.extend({
  image: files.refine((list) => list !== undefined && list.length === 1, studentMessages.imageRequired),
});
