import { z } from 'zod';
import type { App } from '../../app-types';
import { AdvertImage, ErrorBody, IdParam } from '@shared/catalogue.schemas';
import { badRequest } from '../../errors';
import { readMultipart } from '../../plugins/multipart';
import { adminRoute } from '../admin/admin.guards';
import * as adverts from './adverts.service';

const multipartBody = { consumes: ['multipart/form-data'] };

/** The admin's adverts: upload (1 to 5 images) and delete (SPEC.md §9; DESIGN.md §6: both need the admin token). */
export async function advertAdminRoutes(app: App) {
  const { db, storage } = app;
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody };

  app.post(
    '/api/advertimages',
    {
      ...adminRoute,
      schema: { tags: ['admin'], summary: 'Upload advert images (field images, 1 to 5)', ...multipartBody, response: { 200: z.array(AdvertImage), ...errors } },
    },
    async (req) => {
      const form = await readMultipart(req, { maxFiles: adverts.MAX_ADVERTS_PER_UPLOAD, tooManyFiles: 'You can only select up to 5 images.' });
      if (form.files.length === 0) throw badRequest('Choose at least one image', 'no_files');
      return adverts.addAdverts(
        db,
        storage,
        form.files.map((f) => f.data),
      );
    },
  );
  app.delete(
    '/api/advertimages/:id',
    {
      ...adminRoute,
      schema: { tags: ['admin'], summary: 'Delete an advert image', params: IdParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (req) => {
      await adverts.deleteAdvert(db, storage, req.params.id);
      return { message: 'Advert image deleted successfully' };
    },
  );
}
