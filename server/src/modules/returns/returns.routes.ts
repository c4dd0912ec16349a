import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody, MAX_ID } from '@shared/catalogue.schemas';
import { ReturnView } from '@shared/returns';
import { readMultipart } from '../../plugins/multipart';
import { requireUser } from '../auth/auth.guards';
import * as returns from './returns.service';

const OrderParams = z.object({ orderId: z.string().min(1).max(40) });
const Id = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a number')
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_ID));
const PhotoParams = OrderParams.extend({ returnId: Id, photoId: Id });

/** The shopper's returns: asking for one (with photos), and seeing its photos (decision 048). */
export async function returnRoutes(app: App) {
  const deps = () => ({ ...app.orderDeps, storage: app.storage });
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody };

  app.post(
    '/api/orders/:orderId/returns',
    {
      preHandler: requireUser,
      // A form with uploads, like the other forms of the shop (per client address per 10 minutes).
      config: { rateLimit: { max: Math.max(app.config.formRateLimit, 10), timeWindow: '10 minutes' } },
      schema: {
        tags: ['orders'],
        summary:
          "Ask to return units of lines of one of the signed-in shopper's delivered orders within the return window: JSON { lines: [{ lineId, quantity }], reason }, or multipart with lines (JSON text), reason and up to 4 photos",
        params: OrderParams,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: ReturnView, ...errors },
      },
    },
    async (req, reply) => {
      const form = req.isMultipart() ? await readMultipart(req, returns.RETURN_PHOTO_LIMITS) : null;
      const { input, photos } = returns.readReturnForm(req.body, form);
      return reply.code(201).send(await returns.requestReturn(deps(), req.user!.id, req.params.orderId, input, photos));
    },
  );

  app.get(
    '/api/orders/:orderId/returns/:returnId/photos/:photoId',
    {
      preHandler: requireUser,
      schema: { tags: ['orders'], summary: "A photo of one of the signed-in shopper's return requests (404 for anyone else's)", params: PhotoParams },
    },
    async (req, reply) => {
      const { contentType, file } = await returns.photo(deps(), req.user!.id, req.params.orderId, req.params.returnId, req.params.photoId);
      return reply.header('Cache-Control', 'private, no-store').header('Content-Length', String(file.size)).type(contentType).send(file.body);
    },
  );
}
