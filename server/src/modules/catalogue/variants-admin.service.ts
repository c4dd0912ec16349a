import type { z } from 'zod';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { paiseToRupees, rupeesToPaise } from '@shared/money';
import { combinationKey, kitsAllowed, type AdminKitParts, type AdminVariants, type KitPartsInput, type ProductVariantsInput } from '@shared/variants.schemas';
import { AppError, badRequest } from '../../errors';
import { findImages } from './catalogue.repository';
import { getProduct } from './catalogue.service';
import * as repo from './variants.repository';
import { structuresOf } from './variants.service';

type VariantsInput = z.output<typeof ProductVariantsInput>;

const conflict = (code: string, message: string, fields?: Record<string, string>) => new AppError(code, 409, message, fields);

const gstText = (bp: number | null) => (bp === null ? null : String(bp / 100));

/** A product's options and every variant in full, for the admin form. */
export async function getVariants(db: Db, productId: number): Promise<AdminVariants> {
  await getProduct(db, productId);
  const [options, variants] = await Promise.all([repo.findOptions(db, [productId]), repo.findVariants(db, [productId])]);
  return {
    options: options.map((o) => ({ name: o.name, values: JSON.parse(o.values_json) as string[] })),
    variants: variants.map((v) => ({
      id: v.id,
      options: JSON.parse(v.options_json) as Record<string, string>,
      sku: v.sku,
      price: paiseToRupees(Number(v.price_paise)),
      stock: v.stock === null ? null : Number(v.stock),
      weight: v.weight_grams === null ? null : Number(v.weight_grams),
      hsnCode: v.hsn_code,
      gstRate: gstText(v.gst_rate_bp === null ? null : Number(v.gst_rate_bp)),
      image: v.image_path,
    })),
  };
}

/**
 * Replaces a product's options and variants. A variant keeps its id (and so the carts and kits that
 * name it) when its combination of option values stays; a variant that goes is refused while a kit
 * uses it. A kit has no variants, and a product used whole in a kit cannot gain them (decision 045).
 */
export async function saveVariants(db: Db, productId: number, input: VariantsInput): Promise<AdminVariants> {
  await getProduct(db, productId);
  const save = db.transaction().execute(async (trx) => {
    // One save of this product's variants or of a kit using it at a time: what follows reads what the
    // last one wrote (decisions 113, 119).
    await repo.lockProducts(trx, [productId]);
    if (input.options.length > 0 && (await repo.isKit(trx, productId))) {
      throw conflict('kit_has_no_variants', 'A kit has no variants of its own: it takes the variants its parts name.');
    }
    const refusal = await skusTaken(trx, productId, input);
    if (refusal) throw refusal;
    // A variant's image is one of the product's own (uploaded with the product), chosen per variant.
    const images = new Set((await findImages(trx, [productId])).map((i) => i.path));
    input.variants.forEach((v, i) => {
      if (v.image != null && !images.has(v.image)) {
        throw badRequest("A variant's image must be one of the product's images.", 'invalid_variant_image', {
          [`variants.${i}.image`]: "Choose one of the product's images",
        });
      }
    });
    const existing = await repo.findVariants(trx, [productId]);
    const byKey = new Map(existing.map((v) => [combinationKey(input.options, JSON.parse(v.options_json) as Record<string, string>), v]));
    const kept = new Set<number>();
    const writes = input.variants.map((v, position) => {
      const values: repo.VariantValues = {
        position,
        options_json: JSON.stringify(Object.fromEntries(input.options.map((o) => [o.name, v.options[o.name]!]))),
        sku: v.sku,
        price_paise: rupeesToPaise(v.price)!,
        stock: v.stock,
        weight_grams: v.weight ?? null,
        hsn_code: v.hsnCode,
        gst_rate_bp: v.gstRate == null ? null : Math.round(Number(v.gstRate) * 100),
        ...(v.image !== undefined ? { image_path: v.image } : {}),
      };
      const same = byKey.get(combinationKey(input.options, v.options));
      if (same) kept.add(same.id);
      return { id: same?.id, values };
    });
    const gone = existing.filter((v) => !kept.has(v.id)).map((v) => v.id);
    const usedBy = await repo.kitsUsingVariants(trx, gone);
    if (usedBy.length > 0) {
      throw conflict('variant_in_kit', `A variant you removed is a part of ${usedBy.map((k) => `"${k.title}"`).join(', ')}. Change the kit first.`);
    }
    const kits = input.options.length > 0 ? await repo.kitsUsingWhole(trx, productId) : [];
    if (kits.length > 0) {
      throw conflict(
        'part_in_kit',
        `${kits.map((k) => `"${k.title}"`).join(', ')} use this product as a part. Remove it from the kit, add the options, then choose a variant in the kit.`,
      );
    }
    await repo.replaceOptions(trx, productId, input.options);
    await repo.deleteVariants(trx, gone);
    await repo.clearSkus(trx, productId);
    for (const w of writes) {
      if (w.id !== undefined) await repo.updateVariant(trx, w.id, w.values);
      else await repo.insertVariant(trx, productId, w.values);
    }
  });
  try {
    await save;
  } catch (err) {
    // Another product given the same SKU at the same moment: the unique index kept it once (decision 119).
    throw (isUniqueViolation(err) && (await skusTaken(db, productId, input))) || err;
  }
  return getVariants(db, productId);
}

/** The refusal of SKUs that another product's variants have, or undefined. */
async function skusTaken(db: Db, productId: number, input: VariantsInput): Promise<AppError | undefined> {
  const taken = await repo.skuOwners(
    db,
    productId,
    input.variants.flatMap((v) => (v.sku ? [v.sku] : [])),
  );
  return taken.length > 0 ? conflict('sku_taken', `SKU ${taken.join(', ')} belongs to another product.`, { sku: 'Already used' }) : undefined;
}

/** A kit's parts with the kits each allows and the part that limits it; empty for a product that is no kit. */
export async function getParts(db: Db, kitId: number): Promise<AdminKitParts> {
  await getProduct(db, kitId);
  const parts = (await structuresOf(db, [kitId])).get(kitId)?.parts ?? [];
  const rows = parts.map((p) => ({
    productId: p.productId,
    variantId: p.variantId ?? null,
    quantity: p.quantity,
    title: p.title,
    stock: p.stock,
    kitsAllowed: p.stock === null ? null : Math.floor(Math.max(0, p.stock) / p.quantity),
  }));
  const available = kitsAllowed(parts);
  const limiting = rows.filter((r) => r.kitsAllowed !== null).sort((a, b) => a.kitsAllowed! - b.kitsAllowed!)[0];
  return {
    parts: rows,
    available,
    limitedBy: limiting ? { productId: limiting.productId, variantId: limiting.variantId, title: limiting.title } : null,
  };
}

/**
 * Replaces a kit's parts. A part is a product without variants, or one variant of a product with
 * them; a kit is not a part of another kit and has no variants. A kit keeps no stock of its own
 * (its stock is set to untracked): what it can sell is what its parts allow (decision 045).
 */
export async function saveParts(db: Db, kitId: number, input: KitPartsInput): Promise<AdminKitParts> {
  await getProduct(db, kitId);
  await db.transaction().execute(async (trx) => {
    // The kit and its parts, so that a save of one of them (its parts, its variants) waits for this one
    // and this one checks what the last wrote (decisions 113, 119).
    await repo.lockProducts(trx, [kitId, ...input.parts.map((p) => p.productId)]);
    if (input.parts.length > 0) await checkParts(trx, kitId, input);
    await repo.replaceParts(
      trx,
      kitId,
      input.parts.map((p) => ({ productId: p.productId, variantId: p.variantId ?? null, quantity: p.quantity })),
    );
    if (input.parts.length > 0) await repo.untrackStock(trx, kitId);
  });
  return getParts(db, kitId);
}

/** Refuses parts that would break a kit's rules (decision 045), read inside the save's transaction after its locks. */
async function checkParts(trx: Db, kitId: number, input: KitPartsInput): Promise<void> {
  const structures = await structuresOf(trx, [kitId, ...input.parts.map((p) => p.productId)]);
  if ((structures.get(kitId)?.variants.length ?? 0) > 0)
    throw conflict('kit_has_no_variants', 'A product with variants cannot be a kit. Remove its options first.');
  if ((await repo.kitsUsing(trx, kitId)).length > 0) throw conflict('kit_in_kit', 'This product is a part of another kit; a kit cannot be made of kits.');
  const found = new Set(
    await repo.existingProducts(
      trx,
      input.parts.map((p) => p.productId),
    ),
  );
  input.parts.forEach((p, i) => {
    const field = { [`parts.${i}.productId`]: 'Choose another product' };
    if (p.productId === kitId) throw badRequest('A kit cannot be a part of itself.', 'invalid_part', field);
    if (!found.has(p.productId)) throw badRequest(`There is no product ${p.productId}.`, 'invalid_part', field);
    const s = structures.get(p.productId);
    if ((s?.parts.length ?? 0) > 0) throw badRequest('A kit cannot be made of other kits: choose its parts instead.', 'invalid_part', field);
    const variants = s?.variants ?? [];
    if (variants.length > 0 && (p.variantId == null || !variants.some((v) => v.id === p.variantId))) {
      throw badRequest('Choose which variant of this product goes in the kit.', 'invalid_part', { [`parts.${i}.variantId`]: 'Choose a variant' });
    }
    if (variants.length === 0 && p.variantId != null)
      throw badRequest('This product has no variants.', 'invalid_part', { [`parts.${i}.variantId`]: 'This product has no variants' });
  });
}

/** Every kit, the kits its parts allow and the part that limits it, fewest first (the admin's kit overview). */
export async function kitOverview(db: Db) {
  const ids = await repo.allKitIds(db);
  const titles = new Map((await repo.titlesOf(db, ids)).map((r) => [r.id, r.title]));
  const rows = await Promise.all(ids.map(async (id) => ({ id, title: titles.get(id) ?? '', ...(await getParts(db, id)) })));
  return rows
    .map((r) => ({ id: r.id, title: r.title, available: r.available, limitedBy: r.limitedBy }))
    .sort((a, b) => (a.available ?? Infinity) - (b.available ?? Infinity) || a.id - b.id);
}
