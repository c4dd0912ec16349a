import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody, MAX_ID } from '@shared/catalogue.schemas';
import { notFound } from '../../errors';
import { importedImagePath } from './legacy.service';

const LegacyId = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });

/**
 * The image URLs of the original shop, kept working for links saved from it (mails, search
 * engines, social posts): a permanent redirect to the imported file.
 */
export async function legacyRoutes(app: App) {
  const schema = (summary: string) => ({ tags: ['legacy'], summary, params: LegacyId, response: { 404: ErrorBody } });
  for (const [url, kind] of [
    ['/api/images/:id', 'product_image'],
    ['/api/advertimages/:id', 'advert'],
  ] as const) {
    app.get(url, { schema: schema(`An image of the original shop (imported by npm run import:legacy): redirects to the file`) }, async (req, reply) => {
      const path = await importedImagePath(app.db, kind, req.params.id);
      if (!path) throw notFound('Image not found', 'image_not_found');
      return reply.header('cache-control', 'public, max-age=86400').redirect(path, 301);
    });
  }
}
