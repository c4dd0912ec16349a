import type { Db } from '../../db/database';
import { isForeignKeyViolation, refuseDuplicate } from '../../db/dialect';
import type { Category, Product } from '@shared/catalogue.schemas';
import { messages } from '@shared/messages';
import { AppError, badRequest, notFound } from '../../errors';
import type { FileStorage } from '../../storage/storage';
import { deleteImage, storeImage, type StoredImage } from '../images/image.service';
import * as orders from '../orders/orders-admin.service';
import * as search from '../search/search.service';
import * as stock from '../stock/stock.service';
import * as repo from './catalogue.repository';
import { getProduct } from './catalogue.service';
import * as variants from './variants.service';

export interface ProductFields {
  title: string;
  pricePaise: number;
  description: string;
  category: string;
  /** null: stock not tracked */
  stock: number | null;
  /** for tax invoices; the defaults (9023, 18 %) apply when not given */
  hsnCode?: string;
  gstRateBp?: number;
  /** shipping weight; null: not given */
  weightGrams?: number | null;
  /** at or below this many units the shop is mailed (default 5; decision 047) */
  lowStockThreshold?: number;
}

async function categoryNamed(db: Db, name: string) {
  const c = /^\d{1,10}$/.test(name) ? await repo.findCategoryById(db, Number(name)) : await repo.findCategoryByType(db, name);
  if (!c)
    throw badRequest(`There is no category "${name}". Add it under Manage Category first.`, 'unknown_category', { category: 'Choose an existing category' });
  return c;
}

/**
 * Stores the images first (they are checked to be real images), then writes the
 * product in one transaction; if that fails the stored images are removed again,
 * so nothing partial is left behind.
 */
async function withImages<T>(storage: FileStorage, files: Buffer[], write: (images: StoredImage[]) => Promise<T>): Promise<T> {
  const stored: StoredImage[] = [];
  try {
    for (const file of files) stored.push(await storeImage(storage, 'products', file));
    return await write(stored);
  } catch (err) {
    await Promise.all(stored.map((img) => deleteImage(storage, img.path).catch(() => {})));
    throw err;
  }
}

/**
 * The columns of the fields a product may go without, only those given: a column left out keeps its
 * default on a new product and its value on an edit. An empty HSN code is not a code: likewise left out.
 */
function optionalColumns(fields: Partial<ProductFields>) {
  return {
    ...(fields.stock !== undefined ? { stock: fields.stock } : {}),
    ...(fields.hsnCode ? { hsn_code: fields.hsnCode } : {}),
    ...(fields.gstRateBp !== undefined ? { gst_rate_bp: fields.gstRateBp } : {}),
    ...(fields.weightGrams !== undefined ? { weight_grams: fields.weightGrams } : {}),
    ...(fields.lowStockThreshold !== undefined ? { low_stock_threshold: fields.lowStockThreshold } : {}),
  };
}

export async function createProduct(db: Db, storage: FileStorage, fields: ProductFields, files: Buffer[]): Promise<Product> {
  const category = await categoryNamed(db, fields.category);
  const id = await withImages(storage, files, (images) =>
    search.catalogueTransaction(db, async (trx) => {
      const productId = await repo.insertProduct(trx, {
        title: fields.title,
        description: fields.description,
        price_paise: fields.pricePaise,
        category_id: category.id,
        ...optionalColumns(fields),
      });
      await repo.insertProductImages(trx, productId, images);
      await search.indexProducts(trx, [{ id: productId, title: fields.title, description: fields.description, category: category.type }]);
      return productId;
    }),
  );
  return getProduct(db, id);
}

/**
 * Changes the fields given; images, when given, replace the old ones. A change of the stock or
 * its threshold checks for a low-stock crossing in the same transaction (with `alerts`).
 */
export async function updateProduct(
  db: Db,
  storage: FileStorage,
  id: number,
  fields: Partial<ProductFields>,
  files: Buffer[],
  alerts?: stock.LowStockAlerts,
): Promise<Product> {
  const current = await getProduct(db, id);
  const category = fields.category !== undefined ? await categoryNamed(db, fields.category) : await categoryNamed(db, current.category);
  const next = {
    title: fields.title ?? current.title,
    description: fields.description ?? current.description,
    category_id: category.id,
    ...(fields.pricePaise !== undefined ? { price_paise: fields.pricePaise } : {}),
    ...optionalColumns(fields),
  };
  const oldImages = await withImages(storage, files, (images) =>
    search.catalogueTransaction(db, async (trx) => {
      // Deleted since it was read: nothing to change (indexing it would leave entries of a product that is gone).
      if (!(await repo.updateProduct(trx, id, next))) throw notFound(messages.productNotFound, 'product_not_found');
      const replaced = files.length > 0 ? await repo.deleteProductImages(trx, id) : [];
      if (files.length > 0) await repo.insertProductImages(trx, id, images);
      await search.indexProducts(trx, [{ id, title: next.title, description: next.description, category: category.type }]);
      if (alerts && (fields.stock !== undefined || fields.lowStockThreshold !== undefined)) await stock.checkLowStock(trx, alerts, [id]);
      return replaced;
    }),
  );
  await Promise.all(oldImages.map((p) => deleteImage(storage, p).catch(() => {})));
  return getProduct(db, id);
}

/**
 * Writes new values over a product the importer of the original shop brought in
 * (inside its transaction, which also indexes it) and, when its images changed
 * there, removes the old image rows; answers the paths of the files to delete.
 */
export async function overwriteImportedProduct(trx: Db, id: number, values: Partial<repo.NewProduct>, dropImages: boolean): Promise<string[]> {
  await repo.updateProduct(trx, id, values);
  return dropImages ? repo.deleteProductImages(trx, id) : [];
}

/**
 * Deletes a product. Orders keep their lines (title, price and image were copied
 * when ordered); carts lose it. A coupon made for the product must be changed or
 * deleted first, or it would silently apply to every product.
 */
export async function deleteProduct(db: Db, storage: FileStorage, id: number): Promise<void> {
  await getProduct(db, id);
  const images = await search.catalogueTransaction(db, async (trx) => {
    // Checked after the product's row is locked as its delete locks it: a kit's save using it, or a
    // coupon written for it (their foreign keys), either committed before and is seen here, or waits
    // and then finds it gone. Read before, a coupon saved meanwhile lost its product and applied to
    // every product (decision 119).
    await repo.lockProductForDelete(trx, id);
    const kits = await variants.kitsUsing(trx, id);
    if (kits.length > 0) {
      throw new AppError('product_in_kit', 409, `This product is a part of ${kits.map((k) => `"${k.title}"`).join(', ')}. Remove it from the kit first.`);
    }
    const codes = await repo.couponCodesForProduct(trx, id);
    if (codes.length > 0) {
      throw new AppError('product_has_coupons', 409, `Coupon ${codes.join(', ')} applies only to this product. Change or delete it first.`);
    }
    await search.unindexProducts(trx, [id]);
    const paths = await repo.deleteProductImages(trx, id);
    await repo.deleteProduct(trx, id);
    return paths;
  });
  // Order lines may still show the first image; keep the files of products that were ordered.
  if (!(await orders.imagesShownOnOrders(db, images))) await Promise.all(images.map((p) => deleteImage(storage, p).catch(() => {})));
}

const categoryExists = (name: string) => new AppError('category_exists', 409, `The category "${name}" already exists.`, { name: 'Already exists' });

export async function createCategory(db: Db, name: string): Promise<Category> {
  if (await repo.findCategoryByType(db, name)) throw categoryExists(name);
  const id = await refuseDuplicate(repo.insertCategory(db, name), () => categoryExists(name));
  return { Id: id, type: name };
}

/** Renames a category; its products follow (they reference it by id). */
export async function renameCategory(db: Db, id: number, name: string): Promise<Category> {
  const c = await repo.findCategoryById(db, id);
  if (!c) throw notFound(messages.categoryNotFound, 'category_not_found');
  const other = await repo.findCategoryByType(db, name);
  if (other && other.id !== id) throw categoryExists(name);
  const rename = search.catalogueTransaction(db, async (trx) => {
    await repo.renameCategory(trx, id, name);
    const ids = await repo.productIdsInCategory(trx, id);
    const products = await repo.findProductsByIds(trx, ids);
    await search.indexProducts(
      trx,
      products.map((p) => ({ id: p.id, title: p.title, description: p.description, category: name })),
    );
  });
  await refuseDuplicate(rename, () => categoryExists(name));
  return { Id: id, type: name };
}

export async function deleteCategory(db: Db, id: number): Promise<void> {
  const c = await repo.findCategoryById(db, id);
  if (!c) throw notFound(messages.categoryNotFound, 'category_not_found');
  const inUse = async () => {
    const used = await repo.countProducts(db, { categoryId: id });
    return used > 0
      ? new AppError('category_in_use', 409, `"${c.type}" still has ${used} product${used === 1 ? '' : 's'}. Move or delete them first.`)
      : undefined;
  };
  const refusal = await inUse();
  if (refusal) throw refusal;
  try {
    await repo.deleteCategory(db, id);
  } catch (err) {
    // A product added to it after the count: the foreign key kept the category.
    if (isForeignKeyViolation(err)) throw (await inUse()) ?? err;
    throw err;
  }
}

/** A category of the original shop (legacy importer, decision 019), with its original id when given. */
export function addImportedCategory(db: Db, c: { id?: number; type: string; type_key: string }): Promise<number> {
  return repo.insertImportedCategory(db, c);
}

/** A product of the original shop, with its original id when given (its images follow, one by one). */
export function addImportedProduct(db: Db, p: { id?: number; title: string; description: string; price_paise: number; category_id: number }): Promise<number> {
  return repo.insertImportedProduct(db, p);
}

export function addImportedProductImage(db: Db, img: { product_id: number; path: string; width: number; height: number; position: number }): Promise<number> {
  return repo.insertProductImage(db, img);
}
