import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody, IdParam } from '@shared/catalogue.schemas';
import { AdminKitParts, AdminVariants, KitPartsInput, ProductVariantsInput } from '@shared/variants.schemas';
import { adminRoute } from '../admin/admin.guards';
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
    { ...adminRoute, schema: { tags: ['admin'], summary: "A product's options and variants in full", params: IdParam, response: { 200: AdminVariants, ...errors } } },
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
    { ...adminRoute, schema: { tags: ['admin'], summary: "A kit's parts, the kits each allows and the part that limits it", params: IdParam, response: { 200: AdminKitParts, ...errors } } },
    async (req) => variants.getParts(db, req.params.id),
  );
  app.put(
    '/api/admin/products/:id/parts',
    {
      ...adminRoute,
      schema: { tags: ['admin'], summary: "Replace a kit's parts (none: no longer a kit)", params: IdParam, body: KitPartsInput, response: { 200: AdminKitParts, ...errors } },
    },
    async (req) => variants.saveParts(db, req.params.id, req.body),
  );
  app.get(
    '/api/admin/kits',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Every kit, the kits its parts allow and the part that limits it, fewest first', response: { 200: KitOverview, ...errors } } },
    async () => variants.kitOverview(db),
  );
}
