import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { Gstr1Query, Gstr1Section, GstRangeQuery } from '@shared/gst-returns.schemas';
import { adminRoute } from '../admin/admin.guards';
import * as gst from './gst.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const SectionParams = z.object({ section: Gstr1Section });

const download = (reply: FastifyReply, type: string, filename: string, body: string) =>
  reply.type(type).header('Content-Disposition', `attachment; filename="${filename}"`).header('Cache-Control', 'private, no-store').send(body);
const csvType = 'text/csv; charset=utf-8';

/** GST returns for the admin (accounts and the owner): the register, the HSN summary and GSTR-1 (decision 050). */
export async function gstRoutes(app: App) {
  app.get(
    '/api/admin/gst/register.csv',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          'The invoice and credit-note register from `from` to `to` (YYYY-MM-DD, days in India, at most 366 days) as CSV; credit notes have negative amounts',
        querystring: GstRangeQuery,
        response: errors,
      },
    },
    async (req, reply) => download(reply, csvType, `gst-register-${req.query.from}-${req.query.to}.csv`, await gst.registerCsv(app.db, app.config, req.query)),
  );

  app.get(
    '/api/admin/gst/hsn.csv',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'The HSN summary (per HSN code and rate: units, taxable value, each tax) from `from` to `to`, net of credit notes, as CSV',
        querystring: GstRangeQuery,
        response: errors,
      },
    },
    async (req, reply) => download(reply, csvType, `gst-hsn-${req.query.from}-${req.query.to}.csv`, await gst.hsnCsv(app.db, app.config, req.query)),
  );

  app.get(
    '/api/admin/gst/gstr1.json',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          "GSTR-1 in the GST portal offline tool's JSON format: `period=MMYYYY` (a month) or `from`/`to` spanning a whole month or quarter (fp is its last month)",
        description: 'Sections b2cs, b2cl, cdnur, hsn (hsn_b2c) and doc_issue, the empty ones left out. 409 while the shop has no GSTIN.',
        querystring: Gstr1Query,
        response: errors,
      },
    },
    async (req, reply) => {
      const { period, json } = await gst.gstr1(app.db, app.config, req.query);
      return download(reply, 'application/json; charset=utf-8', `GSTR1-${json.gstin}-${period.fp}.json`, JSON.stringify(json, null, 2));
    },
  );

  app.get(
    '/api/admin/gst/gstr1/:section.csv',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: "One GSTR-1 section (b2cs, b2cl, cdnur, hsn, docs) of a month or quarter as the offline tool's CSV template; the period as for gstr1.json",
        params: SectionParams,
        querystring: Gstr1Query,
        response: errors,
      },
    },
    async (req, reply) => {
      const { period, csv } = await gst.gstr1SectionCsv(app.db, app.config, req.query, req.params.section);
      return download(reply, csvType, `gstr1-${req.params.section}-${period.fp}.csv`, csv);
    },
  );
}
