import { z } from 'zod';
import type { App } from '../../app-types';
import { publicRoute } from '../../plugins/public-route';
import { ErrorBody } from '@shared/catalogue.schemas';
import { AdminPolicy, PolicyInput, PolicyPage, PolicySlug } from '@shared/policies.schemas';
import { adminRoute } from '../admin/admin.guards';
import * as policies from './policies.service';

const Params = z.object({ slug: PolicySlug });

/** The policy pages' text: public (cached, renewed by any admin change) and the owner's editing. */
export async function policyRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  app.get(
    '/api/policies/:slug',
    publicRoute('storefront', {
      summary: 'A policy page (terms, privacy, refunds, shipping, contact) as HTML made from sanitised Markdown',
      params: Params,
      response: { 200: PolicyPage, 400: ErrorBody },
    }),
    async (req) => policies.policyPage(app.db, app.config, req.params.slug),
  );
  app.get(
    '/api/admin/policies',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: "The policy pages' Markdown in force, whether the owner wrote it, and the default made from the shop settings",
        response: { 200: z.array(AdminPolicy), ...errors },
      },
    },
    async () => policies.adminPolicies(app.db, app.config),
  );
  app.put(
    '/api/admin/policies/:slug',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: "Set a policy page's text (Markdown, shown sanitised: no raw HTML, no javascript: links); empty puts the default back",
        params: Params,
        body: PolicyInput,
        response: { 200: AdminPolicy, ...errors },
      },
    },
    async (req) => policies.savePolicy(app.db, app.config, req.params.slug, req.body.markdown),
  );
}
