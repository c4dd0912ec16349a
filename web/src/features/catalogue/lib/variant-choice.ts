import type { ProductVariant } from '@shared/catalogue.schemas';

/** The variant whose option values are exactly these, if the product has one. */
export function variantWith(variants: readonly ProductVariant[], chosen: Record<string, string>): ProductVariant | undefined {
  return variants.find((v) => Object.entries(v.options).every(([name, value]) => chosen[name] === value));
}

/** The variant a product page starts with: the first that can be bought, else the first. */
export function firstChoice(variants: readonly ProductVariant[]): ProductVariant | undefined {
  return variants.find((v) => v.stock !== 0) ?? variants[0];
}

/**
 * Whether choosing `value` for option `name` (keeping the other choices) lands on a variant, and
 * whether that variant can be bought: buttons for values with none are disabled, sold-out ones marked.
 */
export function valueState(
  variants: readonly ProductVariant[],
  chosen: Record<string, string>,
  name: string,
  value: string,
): 'available' | 'sold-out' | 'none' {
  const variant = variantWith(variants, { ...chosen, [name]: value });
  if (!variant) return 'none';
  return variant.stock === 0 ? 'sold-out' : 'available';
}
