import type { Db } from '../../db/database';
import { rowsByParent } from '../../db/rows';
import type { Product } from '@shared/catalogue.schemas';
import { rupeesToPaise } from '@shared/money';
import { ProductDescription, ProductTitle } from '@shared/product-text';
import { MAX_STOCK } from '@shared/stock';
import { combinationKey, ProductVariantsInput, type KitPartsInput } from '@shared/variants.schemas';
import { badRequest } from '../../errors';
import type { FileStorage } from '../../storage/storage';
import * as invoices from '../invoices/invoices.service';
import { createProduct, updateProduct, type ProductFields } from './catalogue-admin.service';
import { allProductIds, listCategories, productsByIds } from './catalogue.service';
import { csvLine, formatOptions, formatParts, parseCsv, parseOptions, parseParts, PRODUCT_CSV_COLUMNS, type ProductCsvRow } from './product-csv';
import { saveParts, saveVariants } from './variants-admin.service';
import * as repo from './variants.repository';

const CHUNK = 500;
const MAX_IMPORT_ROWS = 20_000;
const GST = ['0', '0.25', '3', '5', '12', '18', '28'];

const gstText = (bp: number | null | undefined) => (bp == null ? '' : String(bp / 100));
const money = (paise: number) => (paise / 100).toFixed(2);

/** The columns a product's row and each of its variants' rows begin with. */
const productCells = (p: Product) => [p.id, p.title, p.category, p.description];

/** Every product and variant as CSV, in id order (decision 045); importing it back changes nothing. */
export async function exportCsv(db: Db): Promise<string> {
  const out = [PRODUCT_CSV_COLUMNS.join(',')];
  const ids = await allProductIds(db, 1_000_000);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const [products, tax, variants] = await Promise.all([productsByIds(db, chunk), invoices.taxInfoOf(db, chunk), repo.findVariants(db, chunk)]);
    const variantsOf = rowsByParent(variants, 'product_id');
    for (const p of products) {
      const own = variantsOf(p.id);
      if (own.length > 0) {
        for (const v of own) {
          const options = JSON.parse(v.options_json) as Record<string, string>;
          out.push(
            csvLine([
              ...productCells(p),
              money(Number(v.price_paise)),
              v.stock ?? '',
              v.weight_grams ?? '',
              v.hsn_code ?? '',
              gstText(v.gst_rate_bp),
              v.sku ?? '',
              formatOptions(options),
              '',
            ]),
          );
        }
        continue;
      }
      const t = tax.get(p.id);
      const kit = (p.parts?.length ?? 0) > 0;
      out.push(
        csvLine([
          ...productCells(p),
          p.price.toFixed(2),
          kit || p.stock === null ? '' : p.stock,
          p.weight ?? '',
          t?.hsn ?? '',
          gstText(t?.rateBp),
          '',
          '',
          formatParts(p.parts ?? []),
        ]),
      );
    }
  }
  return `${out.join('\r\n')}\r\n`;
}

interface ParsedRow {
  line: number;
  productId: number | null;
  title: string;
  category: string;
  description: string;
  pricePaise: number;
  stock: number | null;
  weight: number | null;
  hsn: string | null;
  gst: string | null;
  sku: string | null;
  options: [string, string][];
  parts: { productId: number; variantId: number | null; quantity: number }[];
}

interface ImportRowReport {
  line: number;
  productId: number | null;
  title: string;
  outcome: 'created' | 'updated' | 'unchanged' | 'error';
  message?: string;
}

export interface ImportReport {
  dryRun: boolean;
  /** whether the changes were written (never in a dry run, never when a row has an error) */
  applied: boolean;
  created: number;
  updated: number;
  unchanged: number;
  errors: number;
  rows: ImportRowReport[];
}

const whole = (text: string, max: number) => (text.trim() === '' ? null : /^\d{1,7}$/.test(text.trim()) && Number(text) <= max ? Number(text) : undefined);

function parseRow(line: number, f: ProductCsvRow, categories: Map<string, string>): ParsedRow | string {
  const productId = f.product_id.trim() === '' ? null : /^\d{1,10}$/.test(f.product_id.trim()) ? Number(f.product_id) : undefined;
  if (productId === undefined) return 'product_id must be a product id or empty for a new product';
  const title = ProductTitle.safeParse(f.title);
  if (!title.success) return title.error.issues[0]!.message;
  const description = ProductDescription.safeParse(f.description);
  if (!description.success) return description.error.issues[0]!.message;
  const category = categories.get(f.category.trim().toLowerCase());
  if (!category) return `There is no category "${f.category.trim()}". Add it under Manage Category first.`;
  const pricePaise = rupeesToPaise(f.price);
  if (pricePaise === null) return 'price must be a number of rupees, 0 or more, with at most 2 decimals';
  const stock = whole(f.stock, MAX_STOCK);
  if (stock === undefined) return 'stock must be a whole number from 0 to 1,000,000, or empty to not track it';
  const weight = whole(f.weight, 1_000_000);
  if (weight === undefined) return 'weight must be a whole number of grams, or empty';
  const hsn = f.hsn.trim();
  if (hsn && !/^\d{4,8}$/.test(hsn)) return 'hsn must be 4 to 8 digits, or empty';
  const gst = f.gst.trim();
  if (gst && !GST.includes(gst)) return 'gst must be one of 0, 0.25, 3, 5, 12, 18 or 28, or empty';
  const sku = f.sku.trim();
  if (sku && !/^[A-Za-z0-9._/-]{1,64}$/.test(sku)) return 'sku may hold letters, digits, dot, dash, slash and underscore (at most 64)';
  const options = parseOptions(f.options);
  if (!options) return 'options must read like "Battery=included; Colour=red"';
  const parts = parseParts(f.parts);
  if (!parts) return 'parts must read like "12x2; 15/7x1" (product id, optional /variant id, x quantity)';
  return {
    line,
    productId,
    title: title.data,
    category,
    description: description.data,
    pricePaise,
    stock,
    weight,
    hsn: hsn || null,
    gst: gst || null,
    sku: sku || null,
    options,
    parts,
  };
}

/**
 * Imports products and variants from the CSV `exportCsv` writes (decision 045): every row is checked
 * first and reported (created, updated, unchanged or its error); nothing is written in a dry run or
 * when any row has an error. Rows with the same product_id (or, for new products, the same title)
 * are one product; a product's variants are all its rows.
 */
export async function importCsv(db: Db, storage: FileStorage, text: string, dryRun: boolean): Promise<ImportReport> {
  const records = parseCsv(text);
  if (!records) throw badRequest('The file has a quote that is never closed.', 'csv_invalid', { file: 'Not a valid CSV file' });
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  if (header.join(',') !== PRODUCT_CSV_COLUMNS.join(',')) {
    throw badRequest(`The first line must be the header ${PRODUCT_CSV_COLUMNS.join(',')}`, 'csv_header', { file: 'Wrong header' });
  }
  if (records.length - 1 > MAX_IMPORT_ROWS) throw badRequest(`A file may hold at most ${MAX_IMPORT_ROWS} rows.`, 'csv_too_long', { file: 'Too many rows' });
  const categories = new Map((await listCategories(db)).map((c) => [c.type.toLowerCase(), c.type]));

  const reports: ImportRowReport[] = [];
  const groups = new Map<string, ParsedRow[]>();
  records.slice(1).forEach((values, i) => {
    const line = i + 2;
    const fields = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c, j) => [c, values[j] ?? ''])) as ProductCsvRow;
    const parsed =
      values.length === PRODUCT_CSV_COLUMNS.length
        ? parseRow(line, fields, categories)
        : `Expected ${PRODUCT_CSV_COLUMNS.length} fields, found ${values.length}`;
    if (typeof parsed === 'string') {
      reports.push({ line, productId: null, title: fields.title.slice(0, 100), outcome: 'error', message: parsed });
      return;
    }
    const key = parsed.productId !== null ? `id:${parsed.productId}` : `new:${parsed.title.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), parsed]);
  });

  const existingIds = [...groups.values()].flatMap((g) => (g[0]!.productId !== null ? [g[0]!.productId] : []));
  const current = new Map<number, { product: Product; hsn: string; gst: string; variants: repo.VariantRow[] }>();
  for (let i = 0; i < existingIds.length; i += CHUNK) {
    const chunk = existingIds.slice(i, i + CHUNK);
    const [products, tax, variants] = await Promise.all([productsByIds(db, chunk), invoices.taxInfoOf(db, chunk), repo.findVariants(db, chunk)]);
    const variantsOf = rowsByParent(variants, 'product_id');
    for (const p of products)
      current.set(p.id, {
        product: p,
        hsn: tax.get(p.id)?.hsn ?? '',
        gst: gstText(tax.get(p.id)?.rateBp),
        variants: variantsOf(p.id),
      });
  }

  // Kit parts must name products that are there now (a kit of products new in this file: import twice).
  const partIds = [...new Set([...groups.values()].flatMap((g) => g[0]!.parts.map((p) => p.productId)))];
  const existing = new Set(await repo.existingProducts(db, partIds));
  for (const [key, rows] of groups) {
    const missing = rows[0]!.parts.find((p) => !existing.has(p.productId));
    if (!missing) continue;
    rows.forEach((r) =>
      reports.push({ line: r.line, productId: r.productId, title: r.title, outcome: 'error', message: `parts: there is no product ${missing.productId}` }),
    );
    groups.delete(key);
  }

  const writes: (() => Promise<void>)[] = [];
  const partWrites: { rows: ParsedRow[]; kitId: () => number; input: KitPartsInput }[] = [];
  for (const rows of groups.values()) {
    const first = rows[0]!;
    const fail = (message: string) => rows.forEach((r) => reports.push({ line: r.line, productId: r.productId, title: r.title, outcome: 'error', message }));
    const now = first.productId !== null ? current.get(first.productId) : undefined;
    if (first.productId !== null && !now) {
      fail(`There is no product ${first.productId}; leave product_id empty to add a new one.`);
      continue;
    }
    const withVariants = first.options.length > 0;
    if (rows.some((r) => r.options.length > 0 !== withVariants)) {
      fail('Either every row of a product names its option values, or it has one row without them.');
      continue;
    }
    if (!withVariants && rows.length > 1) {
      fail('A product without options has one row; give each row its option values to add variants.');
      continue;
    }
    if (withVariants && rows.some((r) => r.parts.length > 0)) {
      fail('A product with variants cannot be a kit.');
      continue;
    }
    const fields: ProductFields = {
      title: first.title,
      description: first.description,
      category: first.category,
      pricePaise: first.pricePaise,
      stock: first.stock,
    };
    let variantsInput: ReturnType<typeof ProductVariantsInput.parse> | null = null;
    if (withVariants) {
      const names = first.options.map(([n]) => n);
      const options = names.map((name) => ({ name, values: [...new Set(rows.map((r) => r.options.find(([n]) => n === name)?.[1] ?? ''))] }));
      const parsed = ProductVariantsInput.safeParse({
        options,
        variants: rows.map((r) => ({
          options: Object.fromEntries(r.options),
          sku: r.sku,
          price: money(r.pricePaise),
          stock: r.stock,
          weight: r.weight,
          hsnCode: r.hsn,
          gstRate: r.gst,
        })),
      });
      if (!parsed.success) {
        fail(parsed.error.issues[0]!.message);
        continue;
      }
      variantsInput = parsed.data;
    }

    let changed = !now;
    if (now) {
      const p = now.product;
      changed = p.title !== first.title || p.description !== first.description || p.category !== first.category;
      if (!withVariants) {
        const kit = first.parts.length > 0 || (p.parts?.length ?? 0) > 0;
        changed ||=
          rupeesToPaise(p.price.toFixed(2)) !== first.pricePaise ||
          (!kit && p.stock !== first.stock) ||
          (p.weight ?? null) !== first.weight ||
          (first.hsn !== null && first.hsn !== now.hsn) ||
          (first.gst !== null && first.gst !== now.gst) ||
          now.variants.length > 0;
        changed ||= formatParts(p.parts ?? []) !== formatParts(first.parts);
      } else {
        const opts = variantsInput!.options;
        const have = new Map(now.variants.map((v) => [combinationKey(opts, JSON.parse(v.options_json) as Record<string, string>), v]));
        const sameOptions = JSON.stringify((p.options ?? []).map((o) => [o.name, o.values])) === JSON.stringify(opts.map((o) => [o.name, o.values]));
        changed ||=
          !sameOptions ||
          now.variants.length !== variantsInput!.variants.length ||
          variantsInput!.variants.some((v) => {
            const h = have.get(combinationKey(opts, v.options));
            return (
              !h ||
              (h.sku ?? null) !== v.sku ||
              Number(h.price_paise) !== rupeesToPaise(v.price) ||
              h.stock !== v.stock ||
              (h.weight_grams ?? null) !== (v.weight ?? null) ||
              (h.hsn_code ?? null) !== v.hsnCode ||
              gstText(h.gst_rate_bp) !== (v.gstRate ?? '')
            );
          });
      }
    }
    const outcome = !now ? 'created' : changed ? 'updated' : 'unchanged';
    let id = now?.product.id ?? 0;
    rows.forEach((r) => reports.push({ line: r.line, productId: r.productId, title: r.title, outcome }));
    if (!changed) continue;
    writes.push(async () => {
      const plain = {
        ...fields,
        ...(withVariants ? { stock: null } : {}),
        ...(first.hsn ? { hsnCode: first.hsn } : {}),
        ...(first.gst ? { gstRateBp: Math.round(Number(first.gst) * 100) } : {}),
        weightGrams: first.weight,
      };
      if (withVariants) {
        plain.pricePaise = Math.min(...rows.map((r) => r.pricePaise));
        delete plain.hsnCode;
        delete plain.gstRateBp;
      }
      if (!now) id = (await createProduct(db, storage, plain, [])).id;
      else await updateProduct(db, storage, id, plain, []);
      if (variantsInput) await saveVariants(db, id, variantsInput);
      else if (now && now.variants.length > 0) await saveVariants(db, id, { options: [], variants: [] });
    });
    if (!withVariants && (first.parts.length > 0 || (now?.product.parts?.length ?? 0) > 0)) {
      partWrites.push({ rows, kitId: () => id, input: { parts: first.parts } });
    }
  }

  reports.sort((a, b) => a.line - b.line);
  const count = (o: ImportRowReport['outcome']) => reports.filter((r) => r.outcome === o).length;
  const errors = count('error');
  const apply = !dryRun && errors === 0;
  if (apply) {
    for (const write of writes) await write();
    for (const p of partWrites) await saveParts(db, p.kitId(), p.input);
  }
  return { dryRun, applied: apply, created: count('created'), updated: count('updated'), unchanged: count('unchanged'), errors, rows: reports };
}
