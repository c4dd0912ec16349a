import type { Db } from '../../db/database';
import type { KitPart, ProductOption, ProductVariant } from '@shared/catalogue.schemas';
import { paiseToRupees } from '@shared/money';
import { kitsAllowed, variantLabel } from '@shared/variants.schemas';
import * as repo from './variants.repository';

/** What a product's answer adds for its options, variants and kit parts (decision 045). */
export interface Structure {
  options: ProductOption[];
  variants: (ProductVariant & { pricePaise: number })[];
  parts: (KitPart & { stock: number | null })[];
}

const parse = <T>(json: string | null, fallback: T): T => {
  if (json === null) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
};

function partTitle(title: string, optionsJson: string | null): string {
  const options = parse<Record<string, string>>(optionsJson, {});
  return Object.keys(options).length > 0 ? `${title} (${variantLabel(options)})` : title;
}

/** The options, variants and parts of these products, read in three queries whatever their number. */
export async function structuresOf(db: Db, productIds: number[]): Promise<Map<number, Structure>> {
  const [options, variants, parts] = await Promise.all([repo.findOptions(db, productIds), repo.findVariants(db, productIds), repo.findParts(db, productIds)]);
  const out = new Map<number, Structure>();
  const of = (id: number) => {
    let s = out.get(id);
    if (!s) out.set(id, (s = { options: [], variants: [], parts: [] }));
    return s;
  };
  for (const o of options) of(o.product_id).options.push({ name: o.name, values: parse<string[]>(o.values_json, []) });
  for (const v of variants) {
    of(v.product_id).variants.push({
      id: v.id,
      sku: v.sku,
      options: parse<Record<string, string>>(v.options_json, {}),
      price: paiseToRupees(Number(v.price_paise)),
      pricePaise: Number(v.price_paise),
      stock: v.stock === null ? null : Number(v.stock),
      ...(v.weight_grams !== null ? { weight: Number(v.weight_grams) } : {}),
      ...(v.image_path !== null ? { image: v.image_path } : {}),
    });
  }
  for (const p of parts) {
    const stock = p.part_variant_id !== null ? p.variant_stock : p.product_stock;
    of(p.kit_id).parts.push({
      productId: p.part_product_id,
      ...(p.part_variant_id !== null ? { variantId: p.part_variant_id } : {}),
      quantity: Number(p.quantity),
      title: partTitle(p.title, p.options_json),
      stock: stock === null ? null : Number(stock),
    });
  }
  return out;
}

/**
 * The price and stock a product shows: with variants, the lowest variant price and the sum of their
 * stock (null when any is untracked); a kit, the kits its parts allow (it keeps no stock of its own).
 */
export function shownPriceAndStock(s: Structure | undefined, pricePaise: number, stock: number | null): { pricePaise: number; stock: number | null } {
  if (s && s.variants.length > 0) {
    const tracked = s.variants.every((v) => v.stock !== null);
    return {
      pricePaise: Math.min(...s.variants.map((v) => v.pricePaise)),
      stock: tracked ? s.variants.reduce((sum, v) => sum + (v.stock ?? 0), 0) : null,
    };
  }
  if (s && s.parts.length > 0) return { pricePaise, stock: kitsAllowed(s.parts) };
  return { pricePaise, stock };
}

/** The fields a product's answer adds (none for a plain product, so its shape stays SPEC's). */
export function addedFields(s: Structure | undefined) {
  if (!s) return {};
  return {
    ...(s.variants.length > 0 ? { options: s.options, variants: s.variants.map(({ pricePaise: _, ...v }) => v) } : {}),
    ...(s.parts.length > 0 ? { parts: s.parts.map(({ stock: _, ...p }) => p), available: kitsAllowed(s.parts) } : {}),
  };
}

export async function kitsUsing(db: Db, productId: number) {
  return repo.kitsUsing(db, productId);
}
