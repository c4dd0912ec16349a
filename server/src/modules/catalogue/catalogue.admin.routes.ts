import { z } from 'zod';
import type { App } from '../../app-types';
import { Category, ErrorBody, IdParam, Product } from '@shared/catalogue.schemas';
import { rupeesToPaise } from '@shared/money';
import { ProductDescription, ProductTitle } from '@shared/product-text';
import { MAX_LOW_STOCK_THRESHOLD, MAX_STOCK } from '@shared/stock';
import { MAX_SLAB_GRAMS } from '@shared/shipping';
import { parseOrBadRequest } from '../../errors';
import { readMultipart } from '../../plugins/multipart';
import * as admin from './catalogue-admin.service';
import { getProduct } from './catalogue.service';
import { diff } from '../audit/audit.service';
import { adminRoute } from '../admin/admin.guards';

const MAX_PRODUCT_IMAGES = 8;

const Title = ProductTitle;
const Description = ProductDescription;
const CategoryName = z.string().trim().min(1, 'Choose a category').max(100);
const Price = z
  .string()
  .trim()
  .min(1, 'Price is required')
  .refine((v) => rupeesToPaise(v) !== null, 'Price must be a number of rupees, 0 or more, with at most 2 decimals (e.g. 2499 or 2499.50)');

/** Empty: the shop does not track this product's stock. */
const Stock = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d{1,7}$/.test(v) && Number(v) <= MAX_STOCK), 'Stock must be a whole number from 0 to 1,000,000, or empty to not track it')
  .transform((v) => (v === '' ? null : Number(v)));

/** Low-stock threshold (decision 047); empty: keep it (5 for a new product). */
const LowStockThreshold = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d{1,6}$/.test(v) && Number(v) <= MAX_LOW_STOCK_THRESHOLD), 'Low-stock alert must be a whole number of units from 0 to 100,000')
  .transform((v) => (v === '' ? undefined : Number(v)));

/** Shipping weight in grams; empty: not given. */
const Weight = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d{1,7}$/.test(v) && Number(v) <= MAX_SLAB_GRAMS), 'Weight must be a whole number of grams from 0 to 1,000,000, or empty')
  .transform((v) => (v === '' ? null : Number(v)));

/** HSN/SAC code: 4 to 8 digits. */
const Hsn = z.string().trim().regex(/^\d{4,8}$/, 'HSN/SAC code must be 4 to 8 digits');
/** GST rate in per cent, one of the Indian slabs. */
const GstRate = z
  .string()
  .trim()
  .refine((v) => ['0', '0.25', '3', '5', '12', '18', '28'].includes(v), 'GST rate must be one of 0, 0.25, 3, 5, 12, 18 or 28 (per cent)')
  .transform((v) => Math.round(Number(v) * 100));

const ProductForm = z.object({
  title: Title,
  price: Price,
  description: Description.default(''),
  category: CategoryName,
  stock: Stock.default(null),
  hsnCode: Hsn.optional(),
  gstRate: GstRate.optional(),
  weight: Weight.optional(),
  lowStockThreshold: LowStockThreshold.optional(),
});
// No defaults: a field left out keeps its value (a default here would erase it).
const ProductPatchForm = ProductForm.extend({ description: Description.optional(), stock: Stock.optional() }).partial();
const CategoryInput = z.object({ name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters') });


const multipartBody = { consumes: ['multipart/form-data'] };

/** The admin's catalogue: products (multipart with images) and categories. */
export async function catalogueAdminRoutes(app: App) {
  const { db, storage } = app;
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody };

  app.post(
    '/api/products',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Add a product (multipart: title, price, description, category, stock (empty: not tracked), weight (grams, optional), images)', ...multipartBody, response: { 201: Product, ...errors } } },
    async (req, reply) => {
      const form = await readMultipart(req, { maxFiles: MAX_PRODUCT_IMAGES, tooManyFiles: `A product may have at most ${MAX_PRODUCT_IMAGES} images.` });
      const f = parseOrBadRequest(ProductForm, form.fields);
      const product = await admin.createProduct(
        db,
        storage,
        { title: f.title, pricePaise: rupeesToPaise(f.price)!, description: f.description, category: f.category, stock: f.stock, ...(f.hsnCode ? { hsnCode: f.hsnCode } : {}), ...(f.gstRate !== undefined ? { gstRateBp: f.gstRate } : {}), ...(f.weight !== undefined ? { weightGrams: f.weight } : {}), ...(f.lowStockThreshold !== undefined ? { lowStockThreshold: f.lowStockThreshold } : {}) },
        form.files.map((x) => x.data),
      );
      return reply.code(201).send(product);
    },
  );

  app.patch(
    '/api/products/:id',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Change a product (same multipart; images replace the old ones when given)', params: IdParam, ...multipartBody, response: { 200: Product, ...errors } } },
    async (req) => {
      const form = await readMultipart(req, { maxFiles: MAX_PRODUCT_IMAGES, tooManyFiles: `A product may have at most ${MAX_PRODUCT_IMAGES} images.` });
      const f = parseOrBadRequest(ProductPatchForm, form.fields);
      const before = await getProduct(db, req.params.id);
      const after = await admin.updateProduct(
        db,
        storage,
        req.params.id,
        {
          ...(f.title !== undefined ? { title: f.title } : {}),
          ...(f.price !== undefined ? { pricePaise: rupeesToPaise(f.price)! } : {}),
          ...(f.description !== undefined ? { description: f.description } : {}),
          ...(f.category !== undefined ? { category: f.category } : {}),
          ...(f.stock !== undefined ? { stock: f.stock } : {}),
          ...(f.hsnCode !== undefined ? { hsnCode: f.hsnCode } : {}),
          ...(f.gstRate !== undefined ? { gstRateBp: f.gstRate } : {}),
          ...(f.weight !== undefined ? { weightGrams: f.weight } : {}),
          ...(f.lowStockThreshold !== undefined ? { lowStockThreshold: f.lowStockThreshold } : {}),
        },
        form.files.map((x) => x.data),
        { mailer: app.mailer, config: app.config },
      );
      // For the audit log: who changed the price, title or stock from what to what.
      req.auditChanges = diff(before, after, ['title', 'price', 'description', 'category', 'stock', 'lowStockThreshold', 'images']);
      return after;
    },
  );

  app.delete(
    '/api/products/:id',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Delete a product (orders keep their copies)', params: IdParam, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (req) => {
      await admin.deleteProduct(db, storage, req.params.id);
      return { message: 'Product deleted successfully' };
    },
  );

  app.post(
    '/api/categories',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Add a category', body: CategoryInput, response: { 201: Category, ...errors } } },
    async (req, reply) => reply.code(201).send(await admin.createCategory(db, req.body.name)),
  );
  app.patch(
    '/api/categories/:id',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Rename a category (its products follow)', params: IdParam, body: CategoryInput, response: { 200: Category, ...errors } } },
    async (req) => admin.renameCategory(db, req.params.id, req.body.name),
  );
  app.delete(
    '/api/categories/:id',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Delete a category (refused while products use it)', params: IdParam, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (req) => {
      await admin.deleteCategory(db, req.params.id);
      return { message: 'Category deleted successfully' };
    },
  );
}
