import type { Db } from '../../db/database';
import { addImportedProduct, addImportedProductImage, overwriteImportedProduct } from '../catalogue/catalogue-admin.service';
import { deleteImage, type StoredImage } from '../images/image.service';
import * as search from '../search/search.service';
import { categoryFor, type CategoryIds } from './legacy-categories';
import { carryImage } from './legacy-images';
import { checksum, productFields, type ProductFields } from './legacy-rows';
import { count, DELETED_HERE, eachRow, errorText, note, skip, type Ctx, type RowResult } from './legacy-report';
import type { LegacyProduct } from './legacy-source';
import * as repo from './legacy.repository';

/** Legacy product ids to their ids here (a dry run plans the original id). */
export type ProductIds = Map<number, number>;

interface CarriedImage {
  legacyId: number;
  sha: string;
  image: StoredImage;
}

interface Known {
  products: Map<string, repo.Mapping>;
  images: Map<string, repo.Mapping>;
}

/** The original's products with their images, each whole in one transaction or skipped with the reason. */
export async function importProducts(ctx: Ctx, rows: LegacyProduct[], categories: CategoryIds): Promise<ProductIds> {
  ctx.report.counts['product images'].source += rows.reduce((n, p) => n + p.images.length, 0);
  const known: Known = { products: await repo.mappings(ctx.db, 'product'), images: await repo.mappings(ctx.db, 'product_image') };
  const ids: ProductIds = new Map();
  await eachRow(ctx, 'products', rows, async (p) => {
    const id = await importProduct(ctx, p, categories, known);
    if (id !== null) ids.set(p.id, id);
  });
  for (const img of await ctx.source.orphanImages()) {
    ctx.report.counts['product images'].source++;
    skip(ctx, 'product images', img.id, 'its product does not exist');
  }
  return ids;
}

function skipProduct(ctx: Ctx, p: LegacyProduct, reason: string): null {
  skip(ctx, 'products', p.id, reason);
  for (const img of p.images) skip(ctx, 'product images', img.id, `its product ${p.id} was not imported`);
  return null;
}

/** One product: answers its id here, or null when it was skipped. */
async function importProduct(ctx: Ctx, p: LegacyProduct, categories: CategoryIds, known: Known): Promise<number | null> {
  const fields = productFields(p);
  if (!fields.ok) return skipProduct(ctx, p, fields.reason);
  const f = fields.value;
  const sum = checksum({ ...f, images: p.images.map((img) => [img.id, img.sha]) });
  const mapped = known.products.get(String(p.id));
  if (mapped && !(await repo.productExists(ctx.db, mapped.local_id))) return skipProduct(ctx, p, DELETED_HERE);
  if (mapped && mapped.checksum === sum) {
    count(ctx, 'products', 'unchanged');
    for (const img of p.images) {
      if (known.images.has(String(img.id))) count(ctx, 'product images', 'unchanged');
      else skip(ctx, 'product images', img.id, 'it was left out by an earlier import (its report says why)');
    }
    return mapped.local_id;
  }
  const categoryId = await categoryFor(ctx, categories, f.category, p.id);
  const sameImages = mapped !== undefined && p.images.every((img) => known.images.get(String(img.id))?.checksum === img.sha);
  const images = sameImages ? null : await carryImages(ctx, p);
  const outcome: RowResult = mapped ? 'updated' : 'imported';
  if (ctx.dryRun) {
    countProduct(ctx, outcome, images, p);
    return mapped?.local_id ?? p.id;
  }
  try {
    const { id, oldPaths } = await search.catalogueTransaction(ctx.db, (trx) =>
      writeProduct(ctx, trx, p, f, { categoryId, images, localId: mapped?.local_id, sum }),
    );
    await Promise.all(oldPaths.map((path) => deleteImage(ctx.storage, path).catch(() => {})));
    countProduct(ctx, outcome, images, p);
    return id;
  } catch (err) {
    await Promise.all((images ?? []).map((img) => deleteImage(ctx.storage, img.image.path).catch(() => {})));
    skip(ctx, 'products', p.id, `it could not be written: ${errorText(err)}`);
    count(ctx, 'product images', 'skipped', images?.length ?? 0);
    return null;
  }
}

/** Counts a product written (or planned) and its images: the new ones as the product, kept ones as unchanged. */
function countProduct(ctx: Ctx, outcome: RowResult, images: CarriedImage[] | null, p: LegacyProduct) {
  count(ctx, 'products', outcome);
  if (images) count(ctx, 'product images', outcome, images.length);
  else count(ctx, 'product images', 'unchanged', p.images.length);
}

/** Stores the images of a product; an image that cannot be read is reported and left out. */
async function carryImages(ctx: Ctx, p: LegacyProduct): Promise<CarriedImage[]> {
  const carried: CarriedImage[] = [];
  for (const ref of p.images) {
    const image = await carryImage(ctx, 'product images', ref, (id) => ctx.source.productImage(id));
    if (image) carried.push({ legacyId: ref.id, sha: ref.sha!, image });
  }
  return carried;
}

/** Writes a product, its images (null: keep the ones here) and its search entries; answers the files to delete. */
async function writeProduct(
  ctx: Ctx,
  trx: Db,
  p: LegacyProduct,
  f: ProductFields,
  plan: { categoryId: number; images: CarriedImage[] | null; localId: number | undefined; sum: string },
): Promise<{ id: number; oldPaths: string[] }> {
  const values = { title: f.title, description: f.description, price_paise: f.pricePaise, category_id: plan.categoryId };
  let id: number;
  let oldPaths: string[] = [];
  if (plan.localId !== undefined) {
    id = plan.localId;
    if (plan.images) await repo.deleteMappings(trx, 'product_image', await repo.productImageIds(trx, id));
    oldPaths = await overwriteImportedProduct(trx, id, values, plan.images !== null);
  } else {
    const keepId = !(await repo.idTaken(trx, 'products', p.id));
    id = await addImportedProduct(trx, { ...(keepId ? { id: p.id } : {}), ...values });
    if (!keepId) note(ctx, 'products', p.id, `its ID was taken here; imported as ${id}`);
  }
  for (const [position, img] of (plan.images ?? []).entries()) {
    const imageId = await addImportedProductImage(trx, { product_id: id, position, ...img.image });
    await repo.saveMapping(trx, 'product_image', img.legacyId, imageId, img.sha);
  }
  await search.indexProducts(trx, [{ id, title: f.title, description: f.description, category: f.category }]);
  await repo.saveMapping(trx, 'product', p.id, id, plan.sum);
  return { id, oldPaths };
}
