import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/database';
import { ErrorBody, IdParam } from '@shared/catalogue.schemas';
import { ServiceListQuery, ServiceStatusBody, serviceStatusFilter } from '@shared/services.schemas';
import { adminRoute } from '../admin/admin.guards';

/** What sets one service-request list apart (free kit claims, 3D printing requests). */
type ServiceRequestList = {
  /** The list's URL; one request is at `${url}/:id`. */
  url: string;
  /** OpenAPI summaries of the list and of the status change. */
  summaries: { list: string; setStatus: string };
  /** The answer to a status change. */
  updated: string;
  /** One page of the list, newest first; status null: every status. */
  list: (db: Db, status: string | null, page: number) => Promise<unknown>;
  setStatus: (db: Db, id: number, status: string) => Promise<void>;
};

/** The admin's pages of a service-request list, filtered by status, and marking a request new or handled. */
export function serviceRequestAdminRoutes(app: App, { url, summaries, updated, list, setStatus }: ServiceRequestList) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

  app.get(
    url,
    { ...adminRoute, schema: { tags: ['admin'], summary: summaries.list, querystring: ServiceListQuery } },
    async (req) => list(app.db, serviceStatusFilter(req.query.status), req.query.page),
  );

  app.patch(
    `${url}/:id`,
    { ...adminRoute, schema: { tags: ['admin'], summary: summaries.setStatus, params: IdParam, body: ServiceStatusBody, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (req) => {
      await setStatus(app.db, req.params.id, req.body.status);
      return { message: updated };
    },
  );
}
