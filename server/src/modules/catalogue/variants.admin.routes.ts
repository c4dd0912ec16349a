import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody, IdParam } from '@shared/catalogue.schemas';
import { AdminKitParts, AdminVariants, KitPartsInput, ProductImportReport, ProductVariantsInput } from '@shared/variants.schemas';
import { readOneFile } from '../../plugins/multipart';
import * as csv from './product-import.service';
import { adminRoute } from '../admin/admin.guards';
import { sendCsv } from '../admin/admin-list';
import * as variants from './variants-admin.service';

const KitOverview = z.array(
  z.object({
    id: z.number().int(),
    title: z.string(),
    available: z.number().int().nullable(),
    limitedBy: AdminKitParts.shape.limitedBy,
  }),
);

/** The admin's variants and kit parts of a product (decision 045). */
export async function variantsAdminRoutes(app: App) {
  const { db } = app;
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

  app.get(
    '/api/admin/products/:id/variants',
    {
      ...adminRoute,
      schema: { tags: ['admin'], summary: "A product's options and variants in full", params: IdParam, response: { 200: AdminVariants, ...errors } },
    },
    async (req) => variants.getVariants(db, req.params.id),
  );
  app.put(
    '/api/admin/products/:id/variants',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: "Replace a product's options and variants (a variant keeps its id while its option values stay)",
        params: IdParam,
        body: ProductVariantsInput,
        response: { 200: AdminVariants, ...errors },
      },
    },
    async (req) => variants.saveVariants(db, req.params.id, req.body),
  );
  app.get(
    '/api/admin/products/:id/parts',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: "A kit's parts, the kits each allows and the part that limits it",
        params: IdParam,
        response: { 200: AdminKitParts, ...errors },
      },
    },
    async (req) => variants.getParts(db, req.params.id),
  );
  app.put(
    '/api/admin/products/:id/parts',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: "Replace a kit's parts (none: no longer a kit)",
        params: IdParam,
        body: KitPartsInput,
        response: { 200: AdminKitParts, ...errors },
      },
    },
    async (req) => variants.saveParts(db, req.params.id, req.body),
  );
  app.get(
    '/api/admin/products/export.csv',
    {
      ...adminRoute,
      schema: { tags: ['admin'], summary: 'Every product and variant as CSV (one row per product, or per variant); importing it back changes nothing' },
    },
    async (_req, reply) => sendCsv(reply, 'products', await csv.exportCsv(db)),
  );
  app.post(
    '/api/admin/products/import',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          'Import products and variants (multipart: file = CSV as the export writes it, dryRun=1 to only check); a row-by-row report, nothing written when any row has an error',
        consumes: ['multipart/form-data'],
        querystring: z.object({ dryRun: z.string().max(10).optional() }),
        response: { 200: ProductImportReport, ...errors, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (req) => {
      const { fields, file } = await readOneFile(req, {
        field: 'file',
        tooManyFiles: 'Send one CSV file',
        maxFileBytes: 16 * 1024 * 1024,
        missing: 'Choose a CSV file to import',
        fieldError: 'Choose a CSV file',
      });
      const dryRun = ['1', 'true', 'yes'].includes(
        String(fields.dryRun ?? req.query.dryRun ?? '')
          .trim()
          .toLowerCase(),
      );
      return csv.importCsv(db, app.storage, file.data.toString('utf8'), dryRun);
    },
  );
  app.get(
    '/api/admin/kits',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Every kit, the kits its parts allow and the part that limits it, fewest first',
        response: { 200: KitOverview, ...errors },
      },
    },
    async () => variants.kitOverview(db),
  );
}
