import { z } from 'zod';
import type { App } from '../../app-types';
import { Category, ErrorBody, IdParam, Product } from '@shared/catalogue.schemas';
import { rupeesToPaise } from '@shared/money';
import { ProductDescription, ProductTitle } from '@shared/product-text';
import {
  ProductCategoryName,
  ProductGstRate,
  ProductHsn,
  ProductLowStockThreshold,
  ProductPrice,
  ProductStock,
  ProductWeight,
} from '@shared/product-form.schemas';
import { parseOrBadRequest } from '../../errors';
import { readMultipart } from '../../plugins/multipart';
import * as admin from './catalogue-admin.service';
import { getProduct } from './catalogue.service';
import { diff } from '../audit/audit.service';
import { adminRoute } from '../admin/admin.guards';

const MAX_PRODUCT_IMAGES = 8;

const Title = ProductTitle;
const Description = ProductDescription;
/** The product form's fields (shared/src/product-form.schemas.ts) with the server's conversions. */
const Stock = ProductStock.transform((v) => (v === '' ? null : Number(v)));
const LowStockThreshold = ProductLowStockThreshold.transform((v) => (v === '' ? undefined : Number(v)));
const Weight = ProductWeight.transform((v) => (v === '' ? null : Number(v)));
const GstRate = ProductGstRate.transform((v) => Math.round(Number(v) * 100));
const Price = ProductPrice.transform((v) => rupeesToPaise(v)!);

const ProductForm = z.object({
  title: Title,
  price: Price,
  description: Description.default(''),
  category: ProductCategoryName,
  stock: Stock.default(null),
  hsnCode: ProductHsn.optional(),
  gstRate: GstRate.optional(),
  weight: Weight.optional(),
  lowStockThreshold: LowStockThreshold.optional(),
});
// No defaults: a field left out keeps its value (a default here would erase it).
const ProductPatchForm = ProductForm.extend({ description: Description.optional(), stock: Stock.optional() }).partial();

/**
 * The form's fields under the service's names (rupees already paise, per cent basis points). A field
 * left out stays undefined: the default on a new product, unchanged on an edit.
 */
function productFields(f: z.infer<typeof ProductForm>): admin.ProductFields;
function productFields(f: z.infer<typeof ProductPatchForm>): Partial<admin.ProductFields>;
function productFields(f: z.infer<typeof ProductPatchForm>): Partial<admin.ProductFields> {
  return {
    title: f.title,
    pricePaise: f.price,
    description: f.description,
    category: f.category,
    stock: f.stock,
    hsnCode: f.hsnCode,
    gstRateBp: f.gstRate,
    weightGrams: f.weight,
    lowStockThreshold: f.lowStockThreshold,
  };
}

const CategoryInput = z.object({ name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters') });

const multipartBody = { consumes: ['multipart/form-data'] };

/** The admin's catalogue: products (multipart with images) and categories. */
export async function catalogueAdminRoutes(app: App) {
  const { db, storage } = app;
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody };

  app.post(
    '/api/products',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Add a product (multipart: title, price, description, category, stock (empty: not tracked), weight (grams, optional), images)',
        ...multipartBody,
        response: { 201: Product, ...errors },
      },
    },
    async (req, reply) => {
      const form = await readMultipart(req, { maxFiles: MAX_PRODUCT_IMAGES, tooManyFiles: `A product may have at most ${MAX_PRODUCT_IMAGES} images.` });
      const f = parseOrBadRequest(ProductForm, form.fields);
      const product = await admin.createProduct(
        db,
        storage,
        productFields(f),
        form.files.map((x) => x.data),
      );
      return reply.code(201).send(product);
    },
  );

  app.patch(
    '/api/products/:id',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Change a product (same multipart; images replace the old ones when given)',
        params: IdParam,
        ...multipartBody,
        response: { 200: Product, ...errors },
      },
    },
    async (req) => {
      const form = await readMultipart(req, { maxFiles: MAX_PRODUCT_IMAGES, tooManyFiles: `A product may have at most ${MAX_PRODUCT_IMAGES} images.` });
      const f = parseOrBadRequest(ProductPatchForm, form.fields);
      const before = await getProduct(db, req.params.id);
      const after = await admin.updateProduct(
        db,
        storage,
        req.params.id,
        productFields(f),
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
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Delete a product (orders keep their copies)',
        params: IdParam,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
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
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Rename a category (its products follow)',
        params: IdParam,
        body: CategoryInput,
        response: { 200: Category, ...errors },
      },
    },
    async (req) => admin.renameCategory(db, req.params.id, req.body.name),
  );
  app.delete(
    '/api/categories/:id',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Delete a category (refused while products use it)',
        params: IdParam,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (req) => {
      await admin.deleteCategory(db, req.params.id);
      return { message: 'Category deleted successfully' };
    },
  );
}
