import type { Db } from '../../db/database';
import { bumpPublicCacheVersion } from '../../plugins/public-cache';
import type { FileStorage } from '../../storage/storage';
import * as advertsRepo from '../adverts/adverts.repository';
import * as catalogueRepo from '../catalogue/catalogue.repository';
import { renameCategory } from '../catalogue/catalogue-admin.service';
import { couponKey } from '../coupons/coupon-rules';
import { addCoupon, updateCoupon } from '../coupons/coupons-admin.service';
import * as couponsRepo from '../coupons/coupons.repository';
import { deleteImage, isReadableImage, storeImage, type StoredImage } from '../images/image.service';
import * as search from '../search/search.service';
import {
  amountToPaise,
  categoryKey,
  categoryName,
  checksum,
  cleanText,
  couponInput,
  EMAIL,
  isoTime,
  legacyOwner,
  orderStatus,
  productFields,
} from './legacy-rows';
import type { LegacyOrder, LegacyProduct, LegacySource } from './legacy-source';
import * as repo from './legacy.repository';

export const REPORT_KINDS = ['categories', 'products', 'product images', 'adverts', 'coupons', 'orders'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

interface KindCounts {
  source: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

interface ImportNote {
  kind: ReportKind;
  /** the row's id in the original database */
  id: string;
  message: string;
  skipped: boolean;
}

export interface ImportReport {
  dryRun: boolean;
  counts: Record<ReportKind, KindCounts>;
  notes: ImportNote[];
}

export interface ImportOptions {
  /** Reports what would happen and writes nothing. */
  dryRun?: boolean;
  onProgress?: (kind: ReportKind, done: number, total: number) => void;
}

interface Ctx {
  db: Db;
  storage: FileStorage;
  source: LegacySource;
  dryRun: boolean;
  report: ImportReport;
  progress: (kind: ReportKind, done: number, total: number) => void;
}

function count(ctx: Ctx, kind: ReportKind, what: Exclude<keyof KindCounts, 'source'>) {
  ctx.report.counts[kind][what]++;
}

function skip(ctx: Ctx, kind: ReportKind, id: string | number, reason: string) {
  count(ctx, kind, 'skipped');
  ctx.report.notes.push({ kind, id: String(id), message: reason, skipped: true });
}

function note(ctx: Ctx, kind: ReportKind, id: string | number, message: string) {
  ctx.report.notes.push({ kind, id: String(id), message, skipped: false });
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Counts a kind's source rows and runs `each` on them one after another, reporting the progress. */
async function eachRow<T>(ctx: Ctx, kind: ReportKind, rows: readonly T[], each: (row: T) => Promise<void>) {
  ctx.report.counts[kind].source = rows.length;
  for (const [i, row] of rows.entries()) {
    ctx.progress(kind, i, rows.length);
    await each(row);
  }
  ctx.progress(kind, rows.length, rows.length);
}

/** How one kind of row is written here (coupons, orders), for importRow. */
interface RowWriter {
  /** Whether the row an earlier import wrote is still here. */
  exists: (localId: number) => Promise<boolean>;
  /** Writes the changed row over it and remembers the new checksum. */
  update: (localId: number) => Promise<void>;
  /** Why the row cannot be added (the shop has one like it already), or null. */
  conflict: () => Promise<string | null>;
  /** Adds the row and remembers it. */
  insert: () => Promise<void>;
  /** The note when writing fails. */
  failure: (err: unknown) => string;
}

/**
 * Carries one checked source row across: skipped when the row an earlier import wrote was deleted here
 * since, unchanged when its checksum is the one remembered, updated when it changed, skipped when it
 * conflicts with a row of the shop's own, imported otherwise; a dry run counts and writes nothing.
 */
async function importRow(ctx: Ctx, kind: ReportKind, id: string | number, mapped: repo.Mapping | undefined, sum: string, writer: RowWriter) {
  try {
    if (mapped && !(await writer.exists(mapped.local_id))) {
      skip(ctx, kind, id, 'it was deleted in this shop after an earlier import');
    } else if (mapped && mapped.checksum === sum) {
      count(ctx, kind, 'unchanged');
    } else if (mapped) {
      if (!ctx.dryRun) await writer.update(mapped.local_id);
      count(ctx, kind, 'updated');
    } else {
      const conflict = await writer.conflict();
      if (conflict) {
        skip(ctx, kind, id, conflict);
      } else {
        if (!ctx.dryRun) await writer.insert();
        count(ctx, kind, 'imported');
      }
    }
  } catch (err) {
    skip(ctx, kind, id, writer.failure(err));
  }
}

/**
 * Brings the original shop's catalogue, adverts, coupons and orders across
 * (docs/operations/migrating.md). Each source row is imported whole in its own
 * transaction or reported as skipped with the reason; a second run over the same
 * source changes nothing (legacy_imports remembers each row and its checksum),
 * and a row changed in the original since is updated here.
 */
export async function importLegacy(deps: { db: Db; storage: FileStorage }, source: LegacySource, options: ImportOptions = {}): Promise<ImportReport> {
  const report: ImportReport = {
    dryRun: Boolean(options.dryRun),
    counts: Object.fromEntries(REPORT_KINDS.map((k) => [k, { source: 0, imported: 0, updated: 0, unchanged: 0, skipped: 0 }])) as ImportReport['counts'],
    notes: [],
  };
  const ctx: Ctx = { ...deps, source, dryRun: report.dryRun, report, progress: options.onProgress ?? (() => {}) };

  const categories = await importCategories(ctx);
  const legacyProducts = await source.products();
  const products = await importProducts(ctx, legacyProducts, categories);
  for (const img of await source.orphanImages()) {
    report.counts['product images'].source++;
    skip(ctx, 'product images', img.id, 'its product does not exist');
  }
  await importAdverts(ctx);
  await importCoupons(ctx, products);
  await importOrders(ctx, legacyProducts, products);

  const changed = REPORT_KINDS.some((k) => report.counts[k].imported + report.counts[k].updated > 0);
  if (changed && !ctx.dryRun) await bumpPublicCacheVersion(deps.db);
  return report;
}

/** Category names (by key) to their ids here; ids of categories a dry run would create are -1. */
async function importCategories(ctx: Ctx): Promise<Map<string, number>> {
  const rows = await ctx.source.categories();
  const kind = 'categories';
  const byKey = new Map((await repo.categories(ctx.db)).map((c) => [c.type_key, c.id]));
  const known = await repo.mappings(ctx.db, 'category');
  const importedIds = new Set([...known.values()].map((m) => m.local_id));
  await eachRow(ctx, kind, rows, async (c) => {
    const name = categoryName(c.type);
    if (!name.ok) {
      skip(ctx, kind, c.id, name.reason);
      return;
    }
    const key = categoryKey(name.value);
    const sum = checksum(name.value);
    const mapped = known.get(String(c.id));
    if (mapped && ![...byKey.values()].includes(mapped.local_id)) {
      skip(ctx, kind, c.id, 'it was deleted in this shop after an earlier import');
    } else if (mapped && mapped.checksum === sum) {
      count(ctx, kind, 'unchanged');
    } else if (mapped) {
      const other = byKey.get(key);
      if (other !== undefined && other !== mapped.local_id) {
        skip(ctx, kind, c.id, `it was renamed to "${name.value}", which another category here already has`);
        return;
      }
      if (!ctx.dryRun) {
        await renameCategory(ctx.db, mapped.local_id, name.value);
        await repo.saveMapping(ctx.db, 'category', c.id, mapped.local_id, sum);
      }
      for (const [k, id] of byKey) if (id === mapped.local_id) byKey.delete(k);
      byKey.set(key, mapped.local_id);
      count(ctx, kind, 'updated');
    } else {
      let id = byKey.get(key);
      if (id !== undefined) {
        note(ctx, kind, c.id, importedIds.has(id) ? `same name as another category of the original ("${name.value}"): merged` : `"${name.value}" already exists here: merged`);
      } else if (ctx.dryRun) {
        id = -1;
      } else {
        const keepId = !(await repo.idTaken(ctx.db, 'categories', c.id));
        id = await repo.insertCategory(ctx.db, { ...(keepId ? { id: c.id } : {}), type: name.value, type_key: key });
        if (!keepId) note(ctx, kind, c.id, `its ID was taken here; imported as ${id}`);
      }
      if (!ctx.dryRun) await repo.saveMapping(ctx.db, 'category', c.id, id, sum);
      byKey.set(key, id);
      importedIds.add(id);
      count(ctx, kind, 'imported');
    }
  });
  return byKey;
}

async function categoryFor(ctx: Ctx, categories: Map<string, number>, name: string, productId: number): Promise<number> {
  const key = categoryKey(name);
  const id = categories.get(key);
  if (id !== undefined) return id;
  note(ctx, 'products', productId, `its category "${name}" is not in the original's category list: created`);
  const created = ctx.dryRun ? -1 : await repo.insertCategory(ctx.db, { type: name, type_key: key });
  categories.set(key, created);
  return created;
}

/** Stores the images of a product; an image that cannot be read is reported and left out. */
async function storeImages(ctx: Ctx, p: LegacyProduct): Promise<{ legacyId: number; sha: string; image: StoredImage }[]> {
  const stored: { legacyId: number; sha: string; image: StoredImage }[] = [];
  for (const ref of p.images) {
    const data = ref.sha === null ? null : await ctx.source.productImage(ref.id);
    if (!data || data.length === 0) {
      skip(ctx, 'product images', ref.id, 'it is empty');
      continue;
    }
    if (ctx.dryRun) {
      if (await isReadableImage(data)) stored.push({ legacyId: ref.id, sha: ref.sha!, image: { path: '', width: 0, height: 0 } });
      else skip(ctx, 'product images', ref.id, 'it is not an image this shop can read');
      continue;
    }
    try {
      stored.push({ legacyId: ref.id, sha: ref.sha!, image: await storeImage(ctx.storage, 'products', data) });
    } catch (err) {
      skip(ctx, 'product images', ref.id, `it is not an image this shop can read (${errorText(err)})`);
    }
  }
  return stored;
}

async function writeImages(ctx: Ctx, trx: Db, productId: number, images: Awaited<ReturnType<typeof storeImages>>) {
  for (const [position, img] of images.entries()) {
    const id = await repo.insertProductImage(trx, { product_id: productId, position, ...img.image });
    await repo.saveMapping(trx, 'product_image', img.legacyId, id, img.sha);
  }
}

/** Legacy product ids to their ids here (a dry run plans the original id). */
async function importProducts(ctx: Ctx, rows: LegacyProduct[], categories: Map<string, number>): Promise<Map<number, number>> {
  const kind = 'products';
  ctx.report.counts['product images'].source += rows.reduce((n, p) => n + p.images.length, 0);
  const known = await repo.mappings(ctx.db, 'product');
  const knownImages = await repo.mappings(ctx.db, 'product_image');
  const ids = new Map<number, number>();
  await eachRow(ctx, kind, rows, async (p) => {
    const fields = productFields(p);
    if (!fields.ok) {
      skip(ctx, kind, p.id, fields.reason);
      for (const img of p.images) skip(ctx, 'product images', img.id, `its product ${p.id} was not imported`);
      return;
    }
    const f = fields.value;
    const sum = checksum({ ...f, images: p.images.map((img) => [img.id, img.sha]) });
    const mapped = known.get(String(p.id));
    if (mapped && !(await repo.productExists(ctx.db, mapped.local_id))) {
      skip(ctx, kind, p.id, 'it was deleted in this shop after an earlier import');
      for (const img of p.images) skip(ctx, 'product images', img.id, `its product ${p.id} was not imported`);
      return;
    }
    if (mapped && mapped.checksum === sum) {
      ids.set(p.id, mapped.local_id);
      count(ctx, kind, 'unchanged');
      for (const img of p.images) {
        if (knownImages.has(String(img.id))) count(ctx, 'product images', 'unchanged');
        else skip(ctx, 'product images', img.id, 'it was left out by an earlier import (its report says why)');
      }
      return;
    }
    const categoryId = await categoryFor(ctx, categories, f.category, p.id);
    const sameImages =
      mapped !== undefined && p.images.every((img) => knownImages.get(String(img.id))?.checksum === img.sha && knownImages.get(String(img.id))?.local_id !== undefined);
    const images = sameImages ? [] : await storeImages(ctx, p);
    if (ctx.dryRun) {
      ids.set(p.id, mapped?.local_id ?? p.id);
      count(ctx, kind, mapped ? 'updated' : 'imported');
      for (let n = 0; n < images.length; n++) count(ctx, 'product images', mapped ? 'updated' : 'imported');
      if (sameImages) for (let n = 0; n < p.images.length; n++) count(ctx, 'product images', 'unchanged');
      return;
    }
    const values = { title: f.title, description: f.description, price_paise: f.pricePaise, category_id: categoryId };
    try {
      const { id, oldPaths } = await search.catalogueTransaction(ctx.db, async (trx) => {
        let id: number;
        let oldPaths: string[] = [];
        if (mapped) {
          id = mapped.local_id;
          await catalogueRepo.updateProduct(trx, id, values);
          if (!sameImages) {
            await repo.deleteMappings(trx, 'product_image', await repo.productImageIds(trx, id));
            oldPaths = await catalogueRepo.deleteProductImages(trx, id);
            await writeImages(ctx, trx, id, images);
          }
        } else {
          const keepId = !(await repo.idTaken(trx, 'products', p.id));
          id = await repo.insertProduct(trx, { ...(keepId ? { id: p.id } : {}), ...values });
          if (!keepId) note(ctx, kind, p.id, `its ID was taken here; imported as ${id}`);
          await writeImages(ctx, trx, id, images);
        }
        await search.indexProducts(trx, [{ id, title: f.title, description: f.description, category: f.category }]);
        await repo.saveMapping(trx, 'product', p.id, id, sum);
        return { id, oldPaths };
      });
      await Promise.all(oldPaths.map((path) => deleteImage(ctx.storage, path).catch(() => {})));
      ids.set(p.id, id);
      count(ctx, kind, mapped ? 'updated' : 'imported');
      for (let n = 0; n < images.length; n++) count(ctx, 'product images', mapped ? 'updated' : 'imported');
      if (sameImages) for (let n = 0; n < p.images.length; n++) count(ctx, 'product images', 'unchanged');
    } catch (err) {
      await Promise.all(images.map((img) => deleteImage(ctx.storage, img.image.path).catch(() => {})));
      skip(ctx, kind, p.id, `it could not be written: ${errorText(err)}`);
      for (let n = 0; n < images.length; n++) count(ctx, 'product images', 'skipped');
    }
  });
  return ids;
}

async function importAdverts(ctx: Ctx): Promise<void> {
  const kind = 'adverts';
  const rows = await ctx.source.adverts();
  const known = await repo.mappings(ctx.db, 'advert');
  await eachRow(ctx, kind, rows, async (a) => {
    const mapped = known.get(String(a.id));
    const current = mapped ? await repo.advertImage(ctx.db, mapped.local_id) : undefined;
    if (mapped && !current) {
      skip(ctx, kind, a.id, 'it was deleted in this shop after an earlier import');
      return;
    }
    if (mapped && mapped.checksum === a.sha) {
      count(ctx, kind, 'unchanged');
      return;
    }
    const data = a.sha === null ? null : await ctx.source.advertImage(a.id);
    if (!data || data.length === 0) {
      skip(ctx, kind, a.id, 'it is empty');
      return;
    }
    if (ctx.dryRun) {
      if (await isReadableImage(data)) count(ctx, kind, mapped ? 'updated' : 'imported');
      else skip(ctx, kind, a.id, 'it is not an image this shop can read');
      return;
    }
    let image: StoredImage;
    try {
      image = await storeImage(ctx.storage, 'adverts', data);
    } catch (err) {
      skip(ctx, kind, a.id, `it is not an image this shop can read (${errorText(err)})`);
      return;
    }
    await ctx.db.transaction().execute(async (trx) => {
      if (mapped) {
        await repo.replaceAdvertImage(trx, mapped.local_id, image);
        await repo.saveMapping(trx, 'advert', a.id, mapped.local_id, a.sha!);
      } else {
        const id = await advertsRepo.insertAdvert(trx, { ...image, position: await advertsRepo.nextPosition(trx) });
        await repo.saveMapping(trx, 'advert', a.id, id, a.sha!);
      }
    });
    if (current) await deleteImage(ctx.storage, current.path).catch(() => {});
    count(ctx, kind, mapped ? 'updated' : 'imported');
  });
}

async function importCoupons(ctx: Ctx, products: Map<number, number>): Promise<void> {
  const kind = 'coupons';
  const rows = await ctx.source.coupons();
  const known = await repo.mappings(ctx.db, 'coupon');
  await eachRow(ctx, kind, rows, async (c) => {
    const productId = c.product_id === null ? null : products.get(c.product_id);
    if (productId === undefined) {
      skip(ctx, kind, c.id, `it is for product ${c.product_id}, which does not exist or was not imported`);
      return;
    }
    const input = couponInput(c, productId);
    if (!input.ok) {
      skip(ctx, kind, c.id, input.reason);
      return;
    }
    const sum = checksum(input.value);
    await importRow(ctx, kind, c.id, known.get(String(c.id)), sum, {
      exists: async (localId) => Boolean(await couponsRepo.findById(ctx.db, localId)),
      update: async (localId) => {
        await updateCoupon(ctx.db, localId, input.value);
        await repo.saveMapping(ctx.db, 'coupon', c.id, localId, sum);
      },
      conflict: async () =>
        (await couponsRepo.findByKey(ctx.db, couponKey(input.value.code))) ? `a coupon with the code "${input.value.code}" already exists here` : null,
      insert: async () => {
        const coupon = await addCoupon(ctx.db, input.value);
        await repo.saveMapping(ctx.db, 'coupon', c.id, coupon.id, sum);
      },
      failure: errorText,
    });
  });
}

const MAX_QUANTITY = 10_000;

/** An order of the original as our rows, or the reason it cannot be carried across. */
type OrderRows = { ok: false; reason: string } | { ok: true; order: Omit<repo.ImportedOrder, 'user_id'>; lines: repo.ImportedLine[] };

function orderRows(o: LegacyOrder, products: Map<number, number>, titles: Map<number, string>, local: Map<number, { title: string; image: string | null }>): OrderRows {
  const email = cleanText(o.user).toLowerCase();
  if (!EMAIL.test(email)) return { ok: false, reason: 'it has no valid customer e-mail address' };
  const code = cleanText(o.order_id);
  if (code.length > 40) return { ok: false, reason: 'its order ID is longer than 40 characters' };
  if (o.items.length === 0) return { ok: false, reason: 'it has no items' };
  const status = orderStatus(o.status);
  if (!status.ok) return { ok: false, reason: status.reason };
  const lines: repo.ImportedLine[] = [];
  for (const it of o.items) {
    if (it.quantity === null || !Number.isInteger(it.quantity) || it.quantity < 1 || it.quantity > MAX_QUANTITY) return { ok: false, reason: `an item has the quantity ${it.quantity}` };
    const price = amountToPaise(it.price, 'an item price');
    if (!price.ok) return { ok: false, reason: price.reason };
    const productId = it.product_id === null ? undefined : products.get(it.product_id);
    const here = productId === undefined ? undefined : local.get(productId);
    lines.push({
      product_id: productId ?? null,
      title: here?.title ?? (it.product_id !== null ? titles.get(it.product_id) : undefined) ?? `Product ${it.product_id ?? '?'} (no longer sold)`,
      unit_price_paise: price.value,
      quantity: it.quantity,
      image_path: here?.image ?? null,
    });
  }
  const subtotal = lines.reduce((n, l) => n + l.unit_price_paise * l.quantity, 0);
  const total = o.total_amount === null ? { ok: true as const, value: subtotal } : amountToPaise(o.total_amount, 'its total');
  if (!total.ok) return { ok: false, reason: total.reason };
  const created = isoTime(o.created_at) ?? new Date(0).toISOString();
  const order: Omit<repo.ImportedOrder, 'user_id'> = {
    order_code: code,
    status: status.value,
    subtotal_paise: subtotal,
    discount_paise: Math.max(0, subtotal - total.value),
    total_paise: total.value,
    email,
    name: '',
    address: cleanText(o.address),
    phone: cleanText(o.phone),
    provider: 'razorpay',
    provider_order_id: cleanText(o.razorpay_order_id) || null,
    provider_payment_id: cleanText(o.razorpay_payment_id) || null,
    paid_at: created,
    created_at: created,
    updated_at: created,
  };
  return { ok: true, order, lines };
}

async function importOrders(ctx: Ctx, legacyProducts: LegacyProduct[], products: Map<number, number>): Promise<void> {
  const kind = 'orders';
  const rows = await ctx.source.orders();
  const known = await repo.mappings(ctx.db, 'order');
  const titles = new Map(legacyProducts.map((p) => [p.id, cleanText(p.title)]));
  const local = await repo.productTitles(ctx.db, [...products.values()]);
  const users = await repo.userIdsByEmail(ctx.db, [...new Set(rows.map((o) => cleanText(o.user).toLowerCase()).filter((e) => EMAIL.test(e)))]);
  await eachRow(ctx, kind, rows, async (o) => {
    const built = orderRows(o, products, titles, local);
    if (!built.ok) {
      skip(ctx, kind, o.order_id, built.reason);
      return;
    }
    const { order, lines } = built;
    const sum = checksum({ order, lines });
    await importRow(ctx, kind, o.order_id, known.get(order.order_code), sum, {
      exists: (localId) => repo.orderExists(ctx.db, localId),
      update: (localId) =>
        ctx.db.transaction().execute(async (trx) => {
          await repo.updateOrder(trx, localId, order, lines);
          await repo.saveMapping(trx, 'order', order.order_code, localId, sum);
        }),
      conflict: async () => ((await repo.orderCodeTaken(ctx.db, order.order_code)) ? 'an order with this ID already exists here' : null),
      insert: () => {
        const userId = users.get(order.email) ?? legacyOwner(order.email);
        return ctx.db.transaction().execute(async (trx) => {
          const id = await repo.insertOrder(trx, { ...order, user_id: userId }, lines);
          if (order.provider_payment_id && order.status !== 'canceled') await repo.recordPayment(trx, id, order.provider_payment_id, order.total_paise);
          await repo.saveMapping(trx, 'order', order.order_code, id, sum);
        });
      },
      failure: (err) => `it could not be written: ${errorText(err)}`,
    });
  });
}
