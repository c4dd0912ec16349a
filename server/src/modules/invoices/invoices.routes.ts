import { z } from 'zod';
import type { App } from '../../app';
import { adminRoute } from '../admin/admin.guards';
import { requireUser } from '../auth/auth.guards';
import * as invoices from './invoices.service';

const Params = z.object({ orderId: z.string().min(1).max(40) });
const disposition = (number: string) => `attachment; filename="invoice-${number.replace(/\//g, '-')}.pdf"`;

/** GST tax invoices of paid orders as PDFs: for the shopper who owns the order, and for the admin. */
export async function invoiceRoutes(app: App) {
  app.get(
    '/api/orders/:orderId/invoice.pdf',
    { preHandler: requireUser, schema: { tags: ['orders'], summary: "The GST tax invoice of one of the signed-in shopper's paid orders (PDF; 404 for anyone else's)", params: Params } },
    async (req, reply) => {
      const r = await invoices.invoicePdfOf(app.db, app.config, req.params.orderId, req.user!.id);
      return reply.header('Content-Disposition', disposition(r.number)).header('Cache-Control', 'private, no-store').type('application/pdf').send(r.pdf);
    },
  );
  app.get(
    '/api/admin/orders/:orderId/invoice.pdf',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'The GST tax invoice of a paid order (PDF)', params: Params } },
    async (req, reply) => {
      const r = await invoices.invoicePdfOf(app.db, app.config, req.params.orderId, null);
      return reply.header('Content-Disposition', disposition(r.number)).header('Cache-Control', 'private, no-store').type('application/pdf').send(r.pdf);
    },
  );
}
