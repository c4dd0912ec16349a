import type { FastifyInstance } from 'fastify';
import { messages } from '@shared/messages';
import { isSafeKey, UPLOADS_PREFIX } from '../storage/storage';

const PUBLIC_FOLDERS = ['products/', 'adverts/', 'students/', 'branding/'];

/**
 * Serves uploaded files from the storage adapter. Keys are unique and never
 * rewritten, so browsers and CDNs may keep them for a year.
 */
export async function uploadsPlugin(app: FastifyInstance) {
  app.get(`${UPLOADS_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    // Only catalogue pictures are public; customers' files (3D printing requests) are served to admins only.
    const isPublic = PUBLIC_FOLDERS.some((f) => key.startsWith(f));
    // With a CDN or public bucket in front of S3 (S3_PUBLIC_URL), browsers fetch public files from there.
    const cdn = app.config.s3?.publicUrl;
    if (isPublic && cdn && isSafeKey(key)) return reply.code(301).header('Cache-Control', 'public, max-age=31536000, immutable').redirect(`${cdn}/${key}`, 301);
    const file = isPublic ? await app.storage.get(key) : null;
    if (!file) return reply.code(404).send({ message: messages.notFound, code: 'not_found' });
    // Web apps on the origins in CORS_ORIGINS may show the catalogue's pictures (helmet's default is same-origin).
    if (app.config.corsOrigins.length > 0) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Length', String(file.size))
      .type(file.contentType)
      .send(file.body);
  });
}
