import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { PincodeUploadSummary, ShippingAdminView, ShippingSettings } from '@shared/shipping';
import { readOneFile } from '../../plugins/multipart';
import { adminRoute } from '../admin/admin.guards';
import * as shipping from './shipping.service';

/** 20,000 rows of `411001,national,yes,3-5` are about 400 KB. */
const MAX_CSV_BYTES = 4 * 1024 * 1024;

export async function shippingAdminRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody };

  app.get(
    '/api/admin/shipping',
    {
      ...adminRoute,
      schema: { tags: ['admin'], summary: 'Shipping rules (rupees) and what the pincode list holds', response: { 200: ShippingAdminView, ...errors } },
    },
    async () => shipping.adminView(app.db),
  );
  app.put(
    '/api/admin/shipping',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          'Set the shipping rules, in rupees: flatRate, freeAbove (goods before coupons), slabs [{zone, upToGrams, rate}], defaultZone and defaultDays (used while the pincode list is empty), and cash on delivery cod {enabled, min, max (order value without the COD fee), fee, maxOpen (undelivered COD orders per shopper), maxReturns (returned parcels after which COD is refused; default 2)}. Absent or null: not set; nothing set: free shipping, no cash on delivery',
        body: ShippingSettings,
        response: { 200: ShippingAdminView, ...errors },
      },
    },
    async (req) => shipping.saveSettings(app.db, req.body),
  );
  app.post(
    '/api/admin/shipping/pincodes',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          'Replace the pincode list (multipart, field file: CSV with the header pincode,zone,cod,days); answers how many rows were taken and the bad rows',
        consumes: ['multipart/form-data'],
        response: { 200: PincodeUploadSummary, ...errors },
      },
    },
    async (req) => {
      const { file } = await readOneFile(req, {
        field: 'file',
        tooManyFiles: 'Send one CSV file',
        maxFileBytes: MAX_CSV_BYTES,
        missing: 'Choose a CSV file to upload',
        fieldError: 'Choose a CSV file',
      });
      return shipping.uploadPincodes(app.db, file.data.toString('utf8'));
    },
  );
  app.delete(
    '/api/admin/shipping/pincodes',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Empty the pincode list: every valid pincode is then served at the default zone',
        response: { 200: ShippingAdminView, ...errors },
      },
    },
    async () => shipping.clearPincodes(app.db),
  );
}
