import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { ShopSettingsInput, ShopSettingsView } from '@shared/shop-settings.schemas';
import { readOneFile } from '../../plugins/multipart';
import { adminRoute } from '../admin/admin.guards';
import * as settings from './settings.service';

/** A logo is a small picture: 2 MB is plenty. */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** The owner's shop settings: the seller on new invoices and credit notes, contact details, return window, logo (decision 049). */
export async function settingsAdminRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody };
  app.get(
    '/api/admin/settings',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'The shop settings in force (saved in the dashboard, else the environment’s defaults)',
        response: { 200: ShopSettingsView, ...errors },
      },
    },
    async () => settings.shopSettings(app.db, app.config),
  );
  app.put(
    '/api/admin/settings',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          'Save the shop settings: legalName, address, state, gstin (empty: not registered; else a valid GSTIN of that state), invoicePrefix, contactPhone, contactEmail, returnWindowDays. New documents carry them; issued ones keep theirs',
        body: ShopSettingsInput,
        response: { 200: ShopSettingsView, ...errors },
      },
    },
    async (req) => settings.saveShopSettings(app.db, app.config, req.body),
  );
  app.post(
    '/api/admin/settings/logo',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Upload the shop logo (multipart, field logo: PNG, JPEG or WebP; shown on new invoices and credit notes)',
        consumes: ['multipart/form-data'],
        response: { 200: ShopSettingsView, ...errors },
      },
    },
    async (req) => {
      const { file } = await readOneFile(req, {
        field: 'logo',
        tooManyFiles: 'Send one logo image',
        maxFileBytes: MAX_LOGO_BYTES,
        missing: 'Choose an image for the logo',
        fieldError: 'Choose an image',
      });
      return settings.uploadLogo(app.db, app.storage, app.config, file.data);
    },
  );
  app.delete(
    '/api/admin/settings/logo',
    {
      ...adminRoute,
      schema: { tags: ['admin'], summary: 'Remove the shop logo (new documents are made without it)', response: { 200: ShopSettingsView, ...errors } },
    },
    async () => settings.removeLogo(app.db, app.config),
  );
}
