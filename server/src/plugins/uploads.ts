import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/src/messages';
import { UPLOADS_PREFIX } from '../storage/storage';

const PUBLIC_FOLDERS = ['products/', 'adverts/'];

/**
 * Serves uploaded files from the storage adapter. Keys are unique and never
 * rewritten, so browsers and CDNs may keep them for a year.
 */
export async function uploadsPlugin(app: FastifyInstance) {
  app.get(`${UPLOADS_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    // Only catalogue pictures are public; customers' files (3D printing requests) are served to admins only.
    const file = PUBLIC_FOLDERS.some((f) => key.startsWith(f)) ? await app.storage.get(key) : null;
    if (!file) return reply.code(404).send({ message: messages.notFound, code: 'not_found' });
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Length', String(file.size))
      .type(file.contentType)
      .send(file.body);
  });
}
