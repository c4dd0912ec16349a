import { z } from 'zod';
import { rupeesToPaise } from './money';
import { ProductDescription, ProductTitle } from './product-text';
import { MAX_SLAB_GRAMS } from './shipping';
import { MAX_LOW_STOCK_THRESHOLD, MAX_STOCK } from './stock';

/**
 * The admin's product form, field by field as typed (the server reads them as multipart text
 * fields, the web form as inputs): one rule and one message for both. The server adds its
 * conversions (rupees to paise, per cent to basis points, empty to "not tracked").
 */

/** GST rates in per cent: the Indian slabs. */
const GST_RATES = ['0', '0.25', '3', '5', '12', '18', '28'] as const;
/** HSN/SAC code: 4 to 8 digits. */
const HSN_PATTERN = /^\d{4,8}$/;

export const productFormMessages = {
  priceRequired: 'Price is required',
  price: 'Price must be a number of rupees, 0 or more, with at most 2 decimals (e.g. 2499 or 2499.50)',
  category: 'Choose a category',
  stock: 'Stock must be a whole number from 0 to 1,000,000, or empty to not track it',
  lowStockThreshold: 'Low-stock alert must be a whole number of units from 0 to 100,000',
  weight: 'Weight must be a whole number of grams from 0 to 1,000,000, or empty',
  hsn: 'HSN/SAC code must be 4 to 8 digits',
  gstRate: 'GST rate must be one of 0, 0.25, 3, 5, 12, 18 or 28 (per cent)',
} as const;

/** Empty, or a whole number of at most `digits` digits up to `max`. */
const wholeUpTo = (digits: number, max: number) => (v: string) => v === '' || (new RegExp(`^\\d{1,${digits}}$`).test(v) && Number(v) <= max);

export const ProductPrice = z
  .string()
  .trim()
  .min(1, productFormMessages.priceRequired)
  .refine((v) => rupeesToPaise(v) !== null, productFormMessages.price);
export const ProductCategoryName = z.string().trim().min(1, productFormMessages.category).max(100);
/** Empty: the shop does not track this product's stock. */
export const ProductStock = z.string().trim().refine(wholeUpTo(7, MAX_STOCK), productFormMessages.stock);
/** Low-stock threshold (decision 047); empty: keep it (5 for a new product). */
export const ProductLowStockThreshold = z.string().trim().refine(wholeUpTo(6, MAX_LOW_STOCK_THRESHOLD), productFormMessages.lowStockThreshold);
/** Shipping weight in grams; empty: not given. */
export const ProductWeight = z.string().trim().refine(wholeUpTo(7, MAX_SLAB_GRAMS), productFormMessages.weight);
export const ProductHsn = z.string().trim().regex(HSN_PATTERN, productFormMessages.hsn);
export const ProductGstRate = z
  .string()
  .trim()
  .refine((v) => (GST_RATES as readonly string[]).includes(v), productFormMessages.gstRate);

/** A field the web form may leave empty (the field is then not sent): empty, or the rule's value. */
const emptyOr = (rule: z.ZodType<string, string>, message: string) => z.string().refine((v) => v.trim() === '' || rule.safeParse(v).success, message);

/** The web form's text fields (every input is a string; empty HSN and GST rate: the default on a new product, unchanged on an edit). */
export const ProductFormFields = z.object({
  title: ProductTitle,
  price: ProductPrice,
  description: ProductDescription,
  category: ProductCategoryName,
  stock: ProductStock,
  hsnCode: emptyOr(ProductHsn, productFormMessages.hsn),
  gstRate: emptyOr(ProductGstRate, productFormMessages.gstRate),
  weight: ProductWeight,
  lowStockThreshold: ProductLowStockThreshold,
});
