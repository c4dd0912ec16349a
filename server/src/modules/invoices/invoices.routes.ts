import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { App } from '../../app-types';
import { MAX_ID } from '@shared/catalogue.schemas';
import { adminRoute } from '../admin/admin.guards';
import { requireUser } from '../auth/auth.guards';
import * as invoices from './invoices.service';

const Params = z.object({ orderId: z.string().min(1).max(40) });
const NoteParams = Params.extend({ creditNoteId: z.coerce.number().int().min(1).max(MAX_ID) });
const pdfReply = (reply: FastifyReply, r: { number: string; pdf: Buffer }, kind: 'invoice' | 'credit-note' = 'invoice') =>
  reply
    .header('Content-Disposition', `attachment; filename="${invoices.pdfFileName(kind, r.number)}"`)
    .header('Cache-Control', 'private, no-store')
    .type('application/pdf')
    .send(r.pdf);

/** GST tax invoices of paid orders as PDFs: for the shopper who owns the order, and for the admin. */
export async function invoiceRoutes(app: App) {
  app.get(
    '/api/orders/:orderId/invoice.pdf',
    {
      preHandler: requireUser,
      schema: { tags: ['orders'], summary: "The GST tax invoice of one of the signed-in shopper's paid orders (PDF; 404 for anyone else's)", params: Params },
    },
    async (req, reply) => {
      return pdfReply(reply, await invoices.invoicePdfOf(app.db, app.config, req.params.orderId, req.user!.id, app.storage));
    },
  );
  app.get(
    '/api/admin/orders/:orderId/invoice.pdf',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'The GST tax invoice of a paid order (PDF)', params: Params } },
    async (req, reply) => {
      return pdfReply(reply, await invoices.invoicePdfOf(app.db, app.config, req.params.orderId, null, app.storage));
    },
  );
  app.get(
    '/api/orders/:orderId/credit-notes/:creditNoteId.pdf',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: "A GST credit note (for a refund) of one of the signed-in shopper's orders (PDF; 404 for anyone else's)",
        params: NoteParams,
      },
    },
    async (req, reply) =>
      pdfReply(
        reply,
        await invoices.creditNotePdfOf(app.db, app.config, req.params.orderId, req.params.creditNoteId, req.user!.id, app.storage),
        'credit-note',
      ),
  );
  app.get(
    '/api/admin/orders/:orderId/credit-notes/:creditNoteId.pdf',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'A GST credit note (for a refund) of an order (PDF)', params: NoteParams } },
    async (req, reply) =>
      pdfReply(reply, await invoices.creditNotePdfOf(app.db, app.config, req.params.orderId, req.params.creditNoteId, null, app.storage), 'credit-note'),
  );
}
