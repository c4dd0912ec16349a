import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody, IdParam } from '@shared/catalogue.schemas';
import { ServiceListQuery as ListQuery, ServiceStatusBody as StatusBody, serviceStatusFilter as statusOf } from '@shared/services.schemas';
import { adminRoute } from '../admin/admin.guards';
import * as claims from './claims.service';

/** The admin's list of free kit claims. */
export async function claimAdminRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

  app.get(
    '/api/admin/claims',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Free kit claims, newest first', querystring: ListQuery } },
    async (req) => claims.listClaims(app.db, statusOf(req.query.status), req.query.page),
  );

  app.patch(
    '/api/admin/claims/:id',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Mark a claim new or handled', params: IdParam, body: StatusBody, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (req) => {
      await claims.setClaimStatus(app.db, req.params.id, req.body.status);
      return { message: 'Claim updated' };
    },
  );
}
