import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/database';
import { ErrorBody, IdParam } from '@shared/catalogue.schemas';
import { ServiceListQuery, ServiceStatusBody, serviceStatusFilter } from '@shared/services.schemas';
import { adminRoute } from '../admin/admin.guards';

/** What sets one service-request list apart (free kit claims, 3D printing requests). */
type ServiceRequestList<Page extends z.ZodType> = {
  /** The list's URL; one request is at `${url}/:id`. */
  url: string;
  /** OpenAPI summaries of the list and of the status change. */
  summaries: { list: string; setStatus: string };
  /** The answer to a status change. */
  updated: string;
  /** The answer's schema (shared/src/services.schemas.ts). */
  pageSchema: Page;
  /** One page of the list, newest first; status null: every status. */
  list: (db: Db, status: string | null, page: number) => Promise<z.input<Page>>;
  setStatus: (db: Db, id: number, status: string) => Promise<void>;
};

/** The admin's pages of a service-request list, filtered by status, and marking a request new or handled. */
export function serviceRequestAdminRoutes<Page extends z.ZodType>(
  app: App,
  { url, summaries, updated, pageSchema, list, setStatus }: ServiceRequestList<Page>,
) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  // `list` is checked against pageSchema where each list is declared (ServiceRequestList<Page>); Fastify's types cannot follow a generic schema.
  const listAnswer: z.ZodType = pageSchema;

  app.get(
    url,
    { ...adminRoute, schema: { tags: ['admin'], summary: summaries.list, querystring: ServiceListQuery, response: { 200: listAnswer, ...errors } } },
    async (req) => list(app.db, serviceStatusFilter(req.query.status), req.query.page),
  );

  app.patch(
    `${url}/:id`,
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: summaries.setStatus,
        params: IdParam,
        body: ServiceStatusBody,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (req) => {
      await setStatus(app.db, req.params.id, req.body.status);
      return { message: updated };
    },
  );
}
