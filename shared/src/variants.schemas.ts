import { z } from 'zod';
import { MAX_ID, ProductOption } from './catalogue.schemas';
import { rupeesToPaise } from './money';
import { MAX_STOCK } from './stock';
import { MAX_QUANTITY } from './cart-limits';

/**
 * Variants and kits as the admin edits them (decision 045): the same schemas check the product
 * form in the browser and the body on the server.
 */
const MAX_OPTIONS = 3;
const MAX_OPTION_VALUES = 20;
const MAX_VARIANTS = 200;
const MAX_KIT_PARTS = 50;
const GST_SLABS = ['0', '0.25', '3', '5', '12', '18', '28'] as const;

const OptionName = z.string().trim().min(1, 'Name the option (e.g. Colour)').max(40, 'Option names have at most 40 characters');
const OptionValue = z.string().trim().min(1, 'Values cannot be empty').max(60, 'Option values have at most 60 characters');

const ProductOptionInput = z.object({
  name: OptionName,
  values: z
    .array(OptionValue)
    .min(1, 'Give the option at least one value')
    .max(MAX_OPTION_VALUES, `An option has at most ${MAX_OPTION_VALUES} values`)
    .refine((v) => new Set(v.map((x) => x.toLowerCase())).size === v.length, 'Each value may appear once'),
});
type ProductOptionInput = z.infer<typeof ProductOptionInput>;

const Rupees = z
  .union([z.string(), z.number()])
  .refine((v) => rupeesToPaise(v) !== null, 'Price must be a number of rupees, 0 or more, with at most 2 decimals (e.g. 2499 or 2499.50)');

const VariantInput = z.object({
  options: z.record(z.string(), z.string()),
  sku: z
    .string()
    .trim()
    .max(64, 'SKUs have at most 64 characters')
    .regex(/^[A-Za-z0-9._/-]*$/, 'SKUs use letters, digits, dot, dash, slash and underscore')
    .nullish()
    .transform((v) => (v ? v : null)),
  price: Rupees,
  stock: z.number({ error: 'Stock must be a whole number from 0 to 1,000,000, or empty to not track it' }).int().min(0).max(MAX_STOCK).nullable(),
  weight: z.number({ error: 'Weight must be a whole number of grams' }).int().min(0).max(1_000_000).nullish(),
  hsnCode: z
    .string()
    .trim()
    .regex(/^(\d{4,8})?$/, 'HSN/SAC code must be 4 to 8 digits')
    .nullish()
    .transform((v) => (v ? v : null)),
  gstRate: z.enum(GST_SLABS, { message: 'GST rate must be one of 0, 0.25, 3, 5, 12, 18 or 28 (per cent)' }).nullish(),
  /** one of the product's images shown when this variant is chosen; null: none; absent: left as it is (a CSV import) */
  image: z.string().max(300).nullish(),
});

/** The key of a combination of option values, the same whatever the order of the object's keys. */
export function combinationKey(options: ProductOptionInput[], values: Record<string, string>): string {
  return JSON.stringify(options.map((o) => values[o.name] ?? null));
}

export const ProductVariantsInput = z
  .object({
    options: z
      .array(ProductOptionInput)
      .max(MAX_OPTIONS, `A product has at most ${MAX_OPTIONS} options`)
      .refine((o) => new Set(o.map((x) => x.name.toLowerCase())).size === o.length, 'Each option name may appear once'),
    variants: z.array(VariantInput).max(MAX_VARIANTS, `A product has at most ${MAX_VARIANTS} variants`),
  })
  .superRefine((input, ctx) => {
    if (input.options.length === 0 && input.variants.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Add an option before adding variants' });
      return;
    }
    if (input.options.length > 0 && input.variants.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Generate the variants of these options' });
      return;
    }
    const seen = new Set<string>();
    const skus = new Set<string>();
    input.variants.forEach((v, i) => {
      const names = Object.keys(v.options);
      const fits =
        names.length === input.options.length && input.options.every((o) => typeof v.options[o.name] === 'string' && o.values.includes(v.options[o.name]!));
      if (!fits) ctx.addIssue({ code: 'custom', path: ['variants', i, 'options'], message: 'Each variant takes one value of every option' });
      const key = combinationKey(input.options, v.options);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'options'], message: 'Two variants have the same option values' });
      seen.add(key);
      const sku = typeof v.sku === 'string' ? v.sku.trim().toLowerCase() : '';
      if (sku && skus.has(sku)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: 'Two variants have the same SKU' });
      if (sku) skus.add(sku);
    });
  });
export type ProductVariantsInput = z.input<typeof ProductVariantsInput>;

/** Every combination of the options' values, in order (the admin form's "Generate variants"). */
export function combinations(options: ProductOptionInput[]): Record<string, string>[] {
  return options
    .reduce<Record<string, string>[]>((acc, o) => acc.flatMap((partial) => o.values.map((value) => ({ ...partial, [o.name]: value }))), [{}])
    .filter((c) => Object.keys(c).length > 0);
}

/** "Battery: included, Colour: red": how a variant is named on carts, orders and invoices. */
export function variantLabel(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

const Id = z.number({ error: 'Choose a product' }).int().min(1).max(MAX_ID);

export const KitPartsInput = z.object({
  parts: z
    .array(
      z.object({
        productId: Id,
        variantId: Id.nullish(),
        quantity: z
          .number({ error: 'Quantity must be a whole number from 1 to 99' })
          .int()
          .min(1, 'Quantity must be a whole number from 1 to 99')
          .max(MAX_QUANTITY, 'Quantity must be a whole number from 1 to 99'),
      }),
    )
    .max(MAX_KIT_PARTS, `A kit has at most ${MAX_KIT_PARTS} parts`)
    .refine((p) => new Set(p.map((x) => `${x.productId}:${x.variantId ?? 0}`)).size === p.length, 'Each part may appear once (raise its quantity instead)'),
});
export type KitPartsInput = z.infer<typeof KitPartsInput>;

/** What the admin form reads back: the options and every variant in full. */
export const AdminVariants = z.object({
  options: z.array(ProductOption),
  variants: z.array(
    z.object({
      id: z.number().int(),
      options: z.record(z.string(), z.string()),
      sku: z.string().nullable(),
      price: z.number(),
      stock: z.number().int().nullable(),
      weight: z.number().int().nullable(),
      hsnCode: z.string().nullable(),
      gstRate: z.string().nullable(),
      /** the product image shown for this variant (null: the product's own) */
      image: z.string().nullable(),
    }),
  ),
});
export type AdminVariants = z.infer<typeof AdminVariants>;

/** A kit's parts for the admin, with the kits each part's stock allows and the part that limits the kit. */
export const AdminKitParts = z.object({
  parts: z.array(
    z.object({
      productId: z.number().int(),
      variantId: z.number().int().nullable(),
      quantity: z.number().int(),
      title: z.string(),
      stock: z.number().int().nullable(),
      /** kits this part's stock allows (null: not tracked) */
      kitsAllowed: z.number().int().nullable(),
    }),
  ),
  available: z.number().int().nullable(),
  /** the part that allows the fewest kits (null: none tracked, or no parts) */
  limitedBy: z.object({ productId: z.number().int(), variantId: z.number().int().nullable(), title: z.string() }).nullable(),
});
export type AdminKitParts = z.infer<typeof AdminKitParts>;

/** How many kits the parts' stock allows: the fewest over the tracked parts; null when none is tracked. */
export function kitsAllowed(parts: { quantity: number; stock: number | null }[]): number | null {
  let fewest: number | null = null;
  for (const p of parts) {
    if (p.stock === null) continue;
    const kits = Math.floor(Math.max(0, p.stock) / p.quantity);
    fewest = fewest === null ? kits : Math.min(fewest, kits);
  }
  return fewest;
}

export const variantMessages = {
  noVariants: 'This product has no variants to choose from.',
  unknownVariant: "This variant is not one of the product's. Choose one of its options again.",
  chooseVariant: (names: string[]) => (names.length > 0 ? `Choose ${names.join(' and ')} first.` : 'Choose an option first.'),
} as const;

/** POST /api/admin/products/import's answer: every row's outcome (decision 045). */
export const ProductImportReport = z.object({
  dryRun: z.boolean(),
  applied: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  rows: z.array(
    z.object({
      line: z.number().int(),
      productId: z.number().int().nullable(),
      title: z.string(),
      outcome: z.enum(['created', 'updated', 'unchanged', 'error']),
      message: z.string().optional(),
    }),
  ),
});
